import { decryptPrivateKey, encryptPrivateKey } from '@kaja/dnssec';

/*
 * TSIG secrets are needed in clear to sign and verify, so they are sealed under the platform's
 * key-encryption key rather than hashed. The row's id is the sealing context: a sealed secret
 * copied into another key's row does not open.
 */

/** The secret sealed for the `tsig_keys` row `keyId`, as the `secret` column holds it (base64). */
export const sealTsigSecret = (secret: Uint8Array, kek: Uint8Array, keyId: string): string =>
  Buffer.from(encryptPrivateKey(secret, kek, keyId)).toString('base64');

/** The secret of a `tsig_keys` row; throws when the key-encryption key or the row is not the one it was sealed with. */
export const openTsigSecret = (sealed: string, kek: Uint8Array, keyId: string): Uint8Array => decryptPrivateKey(Buffer.from(sealed, 'base64'), kek, keyId);
