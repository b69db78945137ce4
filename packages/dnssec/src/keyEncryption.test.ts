import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptPrivateKey, encryptPrivateKey } from './keyEncryption';
import { exportPrivateKey, generateCryptokey, importCryptokey } from './keys';

describe('private keys at rest', () => {
  const kek = new Uint8Array(randomBytes(32));
  const key = generateCryptokey({ keytype: 'ksk' });
  const pkcs8 = exportPrivateKey(key);

  it('round-trips a private key and never stores it in clear', () => {
    const sealed = encryptPrivateKey(pkcs8, kek, 'cryptokey 7');
    expect(Buffer.from(sealed).includes(Buffer.from(pkcs8.subarray(-32)))).toBe(false);
    const opened = decryptPrivateKey(sealed, kek, 'cryptokey 7');
    expect(importCryptokey({ keytype: 'ksk' }, opened).dnskey).toEqual(key.dnskey);
  });

  it('uses a fresh IV each time', () => {
    expect(encryptPrivateKey(pkcs8, kek)).not.toEqual(encryptPrivateKey(pkcs8, kek));
  });

  it('fails with another key, another context or altered data', () => {
    const sealed = encryptPrivateKey(pkcs8, kek, 'cryptokey 7');
    expect(() => decryptPrivateKey(sealed, new Uint8Array(randomBytes(32)), 'cryptokey 7')).toThrow(/cannot be decrypted/);
    expect(() => decryptPrivateKey(sealed, kek, 'cryptokey 8')).toThrow(/cannot be decrypted/);
    const altered = sealed.slice();
    altered[altered.length - 1]! ^= 1;
    expect(() => decryptPrivateKey(altered, kek, 'cryptokey 7')).toThrow(/cannot be decrypted/);
    expect(() => decryptPrivateKey(Uint8Array.of(9, 1, 2), kek)).toThrow(/not in a known format/);
  });
});
