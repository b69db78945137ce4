import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptPrivateKey, encryptPrivateKey, keyEncryptionKeyId, sealedKeyId } from './keyEncryption';
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

/** What versions before key rotation stored: version 1 | IV | tag | ciphertext, no key id. */
function sealedBeforeKeyIds(plaintext: Uint8Array, kek: Uint8Array, context: string): Uint8Array {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', kek, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return new Uint8Array(Buffer.concat([Buffer.of(1), iv, cipher.getAuthTag(), ciphertext]));
}

describe('rotating the key-encryption key', () => {
  const old = new Uint8Array(randomBytes(32));
  const next = new Uint8Array(randomBytes(32));
  const secret = new Uint8Array(randomBytes(48));

  it('names the sealing key in the value, by an id that is not the key', () => {
    const sealed = encryptPrivateKey(secret, { current: next, previous: [old] }, 'row 1');
    expect(sealedKeyId(sealed)).toBe(keyEncryptionKeyId(next));
    expect(keyEncryptionKeyId(next)).toMatch(/^[0-9a-f]{8}$/);
    expect(keyEncryptionKeyId(next)).not.toBe(keyEncryptionKeyId(old));
    expect(Buffer.from(next).toString('hex')).not.toContain(keyEncryptionKeyId(next));
  });

  it('opens values of the current and of previous keys, and says which key is missing', () => {
    const underOld = encryptPrivateKey(secret, old, 'row 1');
    const underNext = encryptPrivateKey(secret, { current: next, previous: [old] }, 'row 1');
    const both = { current: next, previous: [old] };
    expect(decryptPrivateKey(underOld, both, 'row 1')).toEqual(secret);
    expect(decryptPrivateKey(underNext, both, 'row 1')).toEqual(secret);
    expect(() => decryptPrivateKey(underOld, next, 'row 1')).toThrow(`sealed under key-encryption key ${keyEncryptionKeyId(old)}, which is not configured`);
  });

  it('opens values sealed before values named their key, with any configured key', () => {
    const legacy = sealedBeforeKeyIds(secret, old, 'row 1');
    expect(sealedKeyId(legacy)).toBeNull();
    expect(decryptPrivateKey(legacy, old, 'row 1')).toEqual(secret);
    expect(decryptPrivateKey(legacy, { current: next, previous: [old] }, 'row 1')).toEqual(secret);
    expect(() => decryptPrivateKey(legacy, next, 'row 1')).toThrow(/wrong KEY_ENCRYPTION_KEY or altered data/);
    expect(() => decryptPrivateKey(legacy, old, 'row 2')).toThrow(/wrong KEY_ENCRYPTION_KEY or altered data/);
  });

  it('does not open a value whose key id was changed to another configured key', () => {
    const sealed = encryptPrivateKey(secret, old, 'row 1');
    const relabelled = sealed.slice();
    relabelled.set(Buffer.from(keyEncryptionKeyId(next), 'hex'), 1);
    expect(() => decryptPrivateKey(relabelled, { current: next, previous: [old] }, 'row 1')).toThrow(/wrong KEY_ENCRYPTION_KEY or altered data/);
  });
});
