import type { KeyEncryptionKeys } from '@kaja/config';
import { and, eq } from '@kaja/db/orm';
import { cryptokeys, totpFactors, tsigKeys, webhookEndpoints, type Database } from '@kaja/db';
import { decryptPrivateKey, encryptPrivateKey, keyEncryptionKeyId, sealedKeyId } from '@kaja/dnssec';
import { webhookSecretContext } from '../webhooks/webhookSecrets';

/*
 * Everything sealed under the key-encryption key: DNSSEC private keys (`cryptokeys.private_key`),
 * TSIG secrets (`tsig_keys.secret`), authenticator-app secrets (`totp_factors.secret`) and webhook
 * signing secrets (`webhook_endpoints.secret`), each
 * base64 with a sealing context made from its row's id. A new kind of sealed column is added to
 * `sealedColumns` and is then rotated and counted with the rest.
 */
const sealedColumns = [
  { name: 'DNSSEC private keys', table: cryptokeys, id: cryptokeys.id, column: cryptokeys.privateKey, field: 'privateKey', context: (id: string) => id },
  { name: 'TSIG secrets', table: tsigKeys, id: tsigKeys.id, column: tsigKeys.secret, field: 'secret', context: (id: string) => id },
  {
    name: 'authenticator-app secrets',
    table: totpFactors,
    id: totpFactors.userId,
    column: totpFactors.secret,
    field: 'secret',
    context: (id: string) => `totp:${id}`,
  },
  {
    name: 'webhook secrets',
    table: webhookEndpoints,
    id: webhookEndpoints.id,
    column: webhookEndpoints.secret,
    field: 'secret',
    context: webhookSecretContext,
  },
] as const;

/** How a column's values stand after re-sealing them under the current key. */
export interface ResealCount {
  name: string;
  /** Sealed anew under the current key by this run. */
  resealed: number;
  /** Already sealed under the current key. */
  current: number;
  /** Opened by no configured key (or altered): left as they are, named by row id. */
  failed: string[];
}

/**
 * Re-seals every sealed value that is not yet under `keys.current`, one row at a time: each row's
 * update is its own statement, so a rotation stopped half-way leaves values under the old and the
 * new key, and both open while both are configured. A value changed since it was read (a key
 * rolled meanwhile) is left to the writer, which sealed it under the current key already.
 */
export async function resealSecrets(db: Database, keys: KeyEncryptionKeys): Promise<ResealCount[]> {
  const currentId = keyEncryptionKeyId(keys.current);
  const counts: ResealCount[] = [];
  for (const { name, table, id, column, field, context } of sealedColumns) {
    const count: ResealCount = { name, resealed: 0, current: 0, failed: [] };
    const rows = await db.select({ id, sealed: column }).from(table);
    for (const row of rows) {
      try {
        const sealed = Buffer.from(row.sealed, 'base64');
        if (sealedKeyId(sealed) === currentId) {
          count.current += 1;
          continue;
        }
        const resealed = Buffer.from(encryptPrivateKey(decryptPrivateKey(sealed, keys, context(row.id)), keys, context(row.id))).toString('base64');
        await db
          .update(table)
          .set({ [field]: resealed })
          .where(and(eq(id, row.id), eq(column, row.sealed)));
        count.resealed += 1;
      } catch {
        count.failed.push(row.id);
      }
    }
    counts.push(count);
  }
  return counts;
}

/** How many sealed values each key holds, by key id (`unnamed` for values sealed before values named their key). */
export async function sealedSecretsByKey(db: Database): Promise<Map<string, number>> {
  const byKey = new Map<string, number>();
  for (const { table, column } of sealedColumns) {
    for (const row of await db.select({ sealed: column }).from(table)) {
      let keyId: string;
      try {
        keyId = sealedKeyId(Buffer.from(row.sealed, 'base64')) ?? 'unnamed';
      } catch {
        keyId = 'unreadable';
      }
      byKey.set(keyId, (byKey.get(keyId) ?? 0) + 1);
    }
  }
  return byKey;
}
