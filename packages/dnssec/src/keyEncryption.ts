import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/*
 * Private keys at rest: AES-256-GCM under the key-encryption key from configuration
 * (KEY_ENCRYPTION_KEY). Layout: version octet 2 | 4-octet key id | 12-octet IV | 16-octet tag |
 * ciphertext. The key id names the key that sealed the value, so while keys are rotated a value
 * opens with the right one of several; version 1 (no key id, sealed before rotation existed) still
 * opens, by trying each configured key. The optional context (e.g. the cryptokey's id) and the
 * header are authenticated too, so a ciphertext copied onto another key's row does not decrypt.
 */

/**
 * The key that seals (`current`) and the keys it replaces, which still open what they sealed
 * (`KeyEncryptionKeys` of @kaja/config); a single key is a ring without previous keys.
 */
type Keys = Uint8Array | { current: Uint8Array; previous: readonly Uint8Array[] };

const UNNAMED = 1;
const NAMED = 2;
const KEY_ID_LENGTH = 4;
const IV_LENGTH = 12;
const TAG_LENGTH = 16;

const ring = (keys: Keys): Exclude<Keys, Uint8Array> => (keys instanceof Uint8Array ? { current: keys, previous: [] } : keys);

/**
 * A key's public name (8 hex digits): the start of a SHA-256 over a label and the key, so it says
 * which key sealed a value without saying anything about the key.
 */
export function keyEncryptionKeyId(kek: Uint8Array): string {
  checkKek(kek);
  return createHash('sha256').update('kaja key-encryption key id\0').update(kek).digest().subarray(0, KEY_ID_LENGTH).toString('hex');
}

export function encryptPrivateKey(plaintext: Uint8Array, keys: Keys, context = ''): Uint8Array {
  const { current } = ring(keys);
  const header = Buffer.concat([Buffer.of(NAMED), Buffer.from(keyEncryptionKeyId(current), 'hex')]);
  const iv = randomBytes(IV_LENGTH);
  const cipher = createCipheriv('aes-256-gcm', current, iv);
  cipher.setAAD(Buffer.concat([header, Buffer.from(context, 'utf8')]));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return new Uint8Array(Buffer.concat([header, iv, cipher.getAuthTag(), ciphertext]));
}

/** The id of the key that sealed `sealed`, or null for a value sealed before values named their key. */
export function sealedKeyId(sealed: Uint8Array): string | null {
  if (sealed[0] === NAMED && sealed.length > 1 + KEY_ID_LENGTH + IV_LENGTH + TAG_LENGTH) {
    return Buffer.from(sealed.subarray(1, 1 + KEY_ID_LENGTH)).toString('hex');
  }
  if (sealed[0] === UNNAMED && sealed.length > 1 + IV_LENGTH + TAG_LENGTH) return null;
  throw new Error('The encrypted private key is not in a known format');
}

/** Throws when no configured key-encryption key opens it, the context is wrong or the data was altered. */
export function decryptPrivateKey(sealed: Uint8Array, keys: Keys, context = ''): Uint8Array {
  const { current, previous } = ring(keys);
  const all = [current, ...previous];
  all.forEach(checkKek);
  const keyId = sealedKeyId(sealed);
  if (keyId === null) {
    const body = sealed.subarray(1);
    for (const kek of all) {
      const opened = open(body, kek, Buffer.from(context, 'utf8'));
      if (opened) return opened;
    }
    throw new Error('The private key cannot be decrypted: wrong KEY_ENCRYPTION_KEY or altered data');
  }
  const kek = all.find((candidate) => keyEncryptionKeyId(candidate) === keyId);
  if (!kek) {
    throw new Error(`The private key cannot be decrypted: it was sealed under key-encryption key ${keyId}, which is not configured`);
  }
  const header = sealed.subarray(0, 1 + KEY_ID_LENGTH);
  const opened = open(sealed.subarray(1 + KEY_ID_LENGTH), kek, Buffer.concat([header, Buffer.from(context, 'utf8')]));
  if (!opened) throw new Error('The private key cannot be decrypted: wrong KEY_ENCRYPTION_KEY or altered data');
  return opened;
}

/** IV | tag | ciphertext opened under `kek`, or null when it does not authenticate. */
function open(body: Uint8Array, kek: Uint8Array, aad: Buffer): Uint8Array | null {
  const iv = body.subarray(0, IV_LENGTH);
  const tag = body.subarray(IV_LENGTH, IV_LENGTH + TAG_LENGTH);
  const decipher = createDecipheriv('aes-256-gcm', kek, iv);
  decipher.setAAD(aad);
  decipher.setAuthTag(tag);
  try {
    return new Uint8Array(Buffer.concat([decipher.update(body.subarray(IV_LENGTH + TAG_LENGTH)), decipher.final()]));
  } catch {
    return null;
  }
}

function checkKek(kek: Uint8Array): void {
  if (kek.length !== 32) throw new RangeError('The key-encryption key must be 32 octets');
}
