import { randomBytes } from 'node:crypto';
import type { KeyEncryptionKeys } from '@kaja/config';
import { decryptPrivateKey, encryptPrivateKey } from '@kaja/dnssec';

/*
 * A webhook secret signs every delivery, so it is needed in clear: sealed under the key-encryption
 * key like TSIG secrets (decision 033), never hashed. The sealing context names the endpoint, so a
 * sealed secret copied into another endpoint's row does not open.
 */

const context = (endpointId: string) => `webhook:${endpointId}`;

/** A new secret: 32 random octets, as the Standard Webhooks libraries take it (`whsec_` and base64). */
export function newWebhookSecret(): { raw: Uint8Array; text: string } {
  const raw = randomBytes(32);
  return { raw, text: `whsec_${raw.toString('base64')}` };
}

/** The secret sealed for the `webhook_endpoints` row `endpointId`, as the `secret` column holds it (base64). */
export const sealWebhookSecret = (secret: Uint8Array, keys: KeyEncryptionKeys, endpointId: string): string =>
  Buffer.from(encryptPrivateKey(secret, keys, context(endpointId))).toString('base64');

/** The secret of an endpoint as the signer takes it (`whsec_...`); throws when no configured key opens it. */
export const openWebhookSecret = (sealed: string, keys: KeyEncryptionKeys, endpointId: string): string =>
  `whsec_${Buffer.from(decryptPrivateKey(Buffer.from(sealed, 'base64'), keys, context(endpointId))).toString('base64')}`;

/** The sealing context of an endpoint's secret, for the key-encryption key's rotation. */
export const webhookSecretContext = context;
