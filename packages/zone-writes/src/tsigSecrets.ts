import type { KeyEncryptionKeys } from '@kaja/config';
import { decryptPrivateKey, encryptPrivateKey } from '@kaja/dnssec';

/*
 * TSIG secrets are needed in clear to sign and verify, so they are sealed under the platform's
 * key-encryption key rather than hashed. The row's id is the sealing context: a sealed secret
 * copied into another key's row does not open.
 */

/** The secret sealed for the `tsig_keys` row `keyId` under the current key, as the `secret` column holds it (base64). */
export const sealTsigSecret = (secret: Uint8Array, keys: KeyEncryptionKeys, keyId: string): string =>
  Buffer.from(encryptPrivateKey(secret, keys, keyId)).toString('base64');

/** The secret of a `tsig_keys` row; throws when no configured key-encryption key or not this row sealed it. */
export const openTsigSecret = (sealed: string, keys: KeyEncryptionKeys, keyId: string): Uint8Array =>
  decryptPrivateKey(Buffer.from(sealed, 'base64'), keys, keyId);
