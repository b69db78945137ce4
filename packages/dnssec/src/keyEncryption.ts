import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/*
 * Private keys at rest: AES-256-GCM under the key-encryption key from configuration
 * (KEY_ENCRYPTION_KEY). Layout: version octet 1 | 12-octet IV | 16-octet tag | ciphertext.
 * The optional context (e.g. the cryptokey's id) is authenticated too, so a ciphertext copied
 * onto another key's row does not decrypt.
 */

const VERSION = 1;
const IV_LENGTH = 12;
const TAG_LENGTH = 16;

export function encryptPrivateKey(plaintext: Uint8Array, kek: Uint8Array, context = ''): Uint8Array {
  checkKek(kek);
  const iv = randomBytes(IV_LENGTH);
  const cipher = createCipheriv('aes-256-gcm', kek, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return new Uint8Array(Buffer.concat([Buffer.of(VERSION), iv, cipher.getAuthTag(), ciphertext]));
}

/** Throws when the key-encryption key or the context is wrong or the data was altered. */
export function decryptPrivateKey(sealed: Uint8Array, kek: Uint8Array, context = ''): Uint8Array {
  checkKek(kek);
  if (sealed.length <= 1 + IV_LENGTH + TAG_LENGTH || sealed[0] !== VERSION) {
    throw new Error('The encrypted private key is not in a known format');
  }
  const iv = sealed.subarray(1, 1 + IV_LENGTH);
  const tag = sealed.subarray(1 + IV_LENGTH, 1 + IV_LENGTH + TAG_LENGTH);
  const decipher = createDecipheriv('aes-256-gcm', kek, iv);
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(tag);
  try {
    return new Uint8Array(Buffer.concat([decipher.update(sealed.subarray(1 + IV_LENGTH + TAG_LENGTH)), decipher.final()]));
  } catch {
    throw new Error('The private key cannot be decrypted: wrong KEY_ENCRYPTION_KEY or altered data');
  }
}

function checkKek(kek: Uint8Array): void {
  if (kek.length !== 32) throw new RangeError('The key-encryption key must be 32 octets');
}
