import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, count, eq } from '@kaja/db/orm';
import { tsigKeys, zoneSecondaries, type Executor, type RecordPolicy, type TsigAlgorithm } from '@kaja/db';
import { resolveKeyEncryptionKey } from '@kaja/config';
import { parseName } from '@kaja/dns-model';
import { conflict, invalid, notFound } from '../../errors';
import type { Pagination } from '../../schemas/common';
import { findZone, normaliseRecordPolicy, recordAudit, sealTsigSecret, type ZoneRow } from '@kaja/zone-writes';
import type { ServiceContext } from '../context';
import { boundTsigKey, requireNoWiderTsigKey } from '../accounts/credentialLimits';
import type { Principal } from '../accounts/principal';

/** Enough for every updater and secondary a zone has; more is a sign of keys never cleaned up. */
export const MAX_TSIG_KEYS_PER_ZONE = 20;

type TsigKeyRow = typeof tsigKeys.$inferSelect;

export interface TsigKeyInput {
  name?: string | undefined;
  algorithm?: TsigAlgorithm | undefined;
  can_update?: boolean | undefined;
  can_transfer?: boolean | undefined;
  record_policies?: { name: string; type: string; allow: boolean }[] | null | undefined;
}

export function presentTsigKey(key: TsigKeyRow) {
  return {
    id: key.id,
    zone_id: key.zoneId,
    name: key.name,
    algorithm: key.algorithm,
    can_update: key.canUpdate,
    can_transfer: key.canTransfer,
    record_policies: key.recordPolicies?.map(({ name, type, allow }) => ({ name, type, allow })) ?? null,
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    created_at: key.createdAt.toISOString(),
  };
}

/** The stored form of the fields given; every problem at once as validation_failed. */
function normaliseInput(input: TsigKeyInput) {
  const details: Record<string, string> = {};
  let name: string | undefined;
  if (input.name !== undefined) {
    try {
      name = parseName(input.name.trim().replace(/\.?$/, '.'), '', { wildcard: false });
      if (name === '') details.name = 'The key name cannot be the root';
    } catch (error) {
      details.name = `${input.name} is not a valid key name: ${(error as Error).message}`;
    }
  }
  const recordPolicies =
    input.record_policies === undefined
      ? undefined
      : (input.record_policies?.map((policy, index) => ({ ...normaliseRecordPolicy(policy, `record_policies.${index}`, details), zone: null })) ?? null);
  if (Object.keys(details).length > 0) throw invalid(details);
  return { name, recordPolicies };
}

export async function findTsigKey(executor: Executor, zone: ZoneRow, keyId: string, options: { lock?: boolean } = {}): Promise<TsigKeyRow> {
  const query = executor
    .select()
    .from(tsigKeys)
    .where(and(eq(tsigKeys.id, keyId), eq(tsigKeys.zoneId, zone.id)));
  const [key] = options.lock ? await query.for('update') : await query;
  if (!key) throw notFound('TSIG key');
  return key;
}

async function checkNameFree(executor: Executor, zone: ZoneRow, name: string, exceptId?: string): Promise<void> {
  const [taken] = await executor
    .select({ id: tsigKeys.id })
    .from(tsigKeys)
    .where(and(eq(tsigKeys.zoneId, zone.id), eq(tsigKeys.name, name)));
  if (taken && taken.id !== exceptId) throw conflict(`This zone has a TSIG key named ${name} already`, { name: 'Choose another name' });
}

/** Creates a key with a new random secret, sealed at rest; the secret is in this answer only. */
export async function createTsigKey(ctx: ServiceContext, principal: Principal, zoneId: string, input: TsigKeyInput) {
  const fields = normaliseInput(input);
  const kek = resolveKeyEncryptionKey(ctx.config);
  return ctx.db.transaction(async (tx) => {
    const zone = await findZone(tx, principal, zoneId, { lock: true });
    if (zone.status === 'deleting') throw conflict('The zone is being deleted');
    const limits = boundTsigKey(principal, zone.name, {
      canUpdate: input.can_update ?? true,
      canTransfer: input.can_transfer ?? false,
      recordPolicies: fields.recordPolicies,
    });
    const [existing] = await tx.select({ value: count() }).from(tsigKeys).where(eq(tsigKeys.zoneId, zone.id));
    if (existing!.value >= MAX_TSIG_KEYS_PER_ZONE) {
      throw invalid({ zone: `A zone can have at most ${MAX_TSIG_KEYS_PER_ZONE} TSIG keys: delete one you no longer use` });
    }
    const name = fields.name ?? `${randomBytes(4).toString('hex')}.${zone.name}`;
    await checkNameFree(tx, zone, name);
    const id = randomUUID();
    const secret = randomBytes(32);
    const [key] = await tx
      .insert(tsigKeys)
      .values({
        id,
        customerId: zone.customerId,
        zoneId: zone.id,
        name,
        algorithm: input.algorithm ?? 'hmac-sha256',
        secret: sealTsigSecret(secret, kek, id),
        canUpdate: limits.canUpdate,
        canTransfer: limits.canTransfer,
        recordPolicies: limits.recordPolicies,
      })
      .returning();
    await recordAudit(tx, principal.actor, {
      customerId: zone.customerId,
      action: 'tsig_key.created',
      targetType: 'tsig_key',
      targetId: id,
      summary: {
        zone: zone.name,
        name,
        algorithm: key!.algorithm,
        can_update: key!.canUpdate,
        can_transfer: key!.canTransfer,
        record_policies: key!.recordPolicies,
      },
    });
    return { ...presentTsigKey(key!), secret: secret.toString('base64') };
  });
}

export async function listTsigKeys(ctx: ServiceContext, principal: Principal, zoneId: string, page: Pagination) {
  const zone = await findZone(ctx.db, principal, zoneId);
  const where = eq(tsigKeys.zoneId, zone.id);
  const [rows, [total]] = await Promise.all([
    ctx.db.select().from(tsigKeys).where(where).orderBy(asc(tsigKeys.name)).limit(page.limit).offset(page.offset),
    ctx.db.select({ value: count() }).from(tsigKeys).where(where),
  ]);
  return { items: rows.map(presentTsigKey), total: total!.value };
}

export async function getTsigKey(ctx: ServiceContext, principal: Principal, zoneId: string, keyId: string) {
  const zone = await findZone(ctx.db, principal, zoneId);
  return presentTsigKey(await findTsigKey(ctx.db, zone, keyId));
}

/** The secondaries that transfer with a key, as `address port` for an error message. */
async function secondariesUsing(executor: Executor, keyId: string): Promise<string[]> {
  const rows = await executor.select().from(zoneSecondaries).where(eq(zoneSecondaries.tsigKeyId, keyId));
  return rows.map((row) => `${row.address} port ${row.port}`);
}

export async function updateTsigKey(ctx: ServiceContext, principal: Principal, zoneId: string, keyId: string, input: TsigKeyInput) {
  const fields = normaliseInput(input);
  return ctx.db.transaction(async (tx) => {
    const zone = await findZone(tx, principal, zoneId);
    const key = await findTsigKey(tx, zone, keyId, { lock: true });
    requireNoWiderTsigKey(principal, zone.name, key);
    if (fields.name !== undefined) await checkNameFree(tx, zone, fields.name, key.id);
    let recordPolicies: RecordPolicy[] | null | undefined = fields.recordPolicies;
    if (input.can_update !== undefined || input.can_transfer !== undefined || fields.recordPolicies !== undefined) {
      const requested = fields.recordPolicies === undefined ? key.recordPolicies : fields.recordPolicies;
      const limits = boundTsigKey(principal, zone.name, {
        canUpdate: input.can_update ?? key.canUpdate,
        canTransfer: input.can_transfer ?? key.canTransfer,
        recordPolicies: requested,
      });
      recordPolicies = fields.recordPolicies === undefined ? undefined : limits.recordPolicies;
    }
    if (input.can_transfer === false && key.canTransfer) {
      const users = await secondariesUsing(tx, key.id);
      if (users.length > 0) throw conflict(`The secondary ${users.join(', ')} transfers with this key: remove it first`, { secondaries: users });
    }
    const [updated] = await tx
      .update(tsigKeys)
      .set({
        ...(fields.name !== undefined ? { name: fields.name } : {}),
        ...(input.algorithm !== undefined ? { algorithm: input.algorithm } : {}),
        ...(input.can_update !== undefined ? { canUpdate: input.can_update } : {}),
        ...(input.can_transfer !== undefined ? { canTransfer: input.can_transfer } : {}),
        ...(recordPolicies !== undefined ? { recordPolicies } : {}),
      })
      .where(eq(tsigKeys.id, key.id))
      .returning();
    await recordAudit(tx, principal.actor, {
      customerId: zone.customerId,
      action: 'tsig_key.updated',
      targetType: 'tsig_key',
      targetId: key.id,
      summary: { zone: zone.name, name: updated!.name, changed: Object.keys(input).filter((field) => input[field as keyof TsigKeyInput] !== undefined) },
    });
    return presentTsigKey(updated!);
  });
}

/** Deletes a key at once; refused while a secondary transfers with it. */
export async function deleteTsigKey(ctx: ServiceContext, principal: Principal, zoneId: string, keyId: string) {
  return ctx.db.transaction(async (tx) => {
    const zone = await findZone(tx, principal, zoneId);
    const key = await findTsigKey(tx, zone, keyId, { lock: true });
    requireNoWiderTsigKey(principal, zone.name, key);
    const users = await secondariesUsing(tx, key.id);
    if (users.length > 0) throw conflict(`The secondary ${users.join(', ')} transfers with this key: remove it first`, { secondaries: users });
    await tx.delete(tsigKeys).where(eq(tsigKeys.id, key.id));
    await recordAudit(tx, principal.actor, {
      customerId: zone.customerId,
      action: 'tsig_key.deleted',
      targetType: 'tsig_key',
      targetId: key.id,
      summary: { zone: zone.name, name: key.name },
    });
    return presentTsigKey(key);
  });
}
