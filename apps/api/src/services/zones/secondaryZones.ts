import { resolveKeyEncryptionKey, secondaryAddressProblem } from '@kaja/config';
import { rrsets, secondaryZones, tsigKeys, zoneChanges, zones, type Database, type Executor, type ZoneChangeRecord, type SecondaryPrimary } from '@kaja/db';
import { and, eq, inArray } from '@kaja/db/orm';
import { groupRecords, serialCompare, typeCode } from '@kaja/dns-model';
import {
  emitWebhookEvent,
  findZone,
  inTransaction,
  isManagedSet,
  noticeOf,
  openTsigSecret,
  queueRefresh,
  recordAudit,
  recordsChangedEvent,
  sortKeyOf,
  type ZoneChangePublisher,
  type ZoneRow,
} from '@kaja/zone-writes';
import { conflict, invalid } from '../../errors';
import type { ServiceContext } from '../context';
import type { Principal } from '../accounts/principal';
import { normaliseAddress } from './secondaries';
import { findTsigKey } from './tsigKeys';
import { transferIn, type PrimaryServer } from './transferIn';

export const MAX_PRIMARIES = 10;
/** Before the first transfer there is no SOA to take timers from: retry this soon. */
const firstRetrySeconds = 60;
/** A primary's SOA timers are kept within these bounds (RFC 1912 2.2 ranges), so a typo cannot hammer it or stall the zone. */
const minRefreshSeconds = 30;
const maxRefreshSeconds = 86_400;

type SecondaryRow = typeof secondaryZones.$inferSelect;

export interface PrimaryInput {
  address: string;
  port?: number | undefined;
  tsig_key_id?: string | null | undefined;
}

/** A secondary zone's transfer state with the SOA it serves (the last transfer's), whose timers drive the refreshes. */
export type SecondaryState = SecondaryRow & { soa: string | null };

export function presentSecondaryState(row: SecondaryState | undefined) {
  if (!row) return null;
  return {
    primaries: row.primaries.map((p) => ({ address: p.address, port: p.port, tsig_key_id: p.tsig_key_id })),
    last_serial: row.lastSerial,
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
    last_success_at: row.lastSuccessAt?.toISOString() ?? null,
    last_error: row.lastError,
    next_refresh_at: row.nextRefreshAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    soa_timers: row.soa ? soaTimers(row.soa) : null,
  };
}

export async function readSecondaryState(executor: Executor, zoneIds: string[]): Promise<Map<string, SecondaryState>> {
  if (zoneIds.length === 0) return new Map();
  const [rows, soas] = await Promise.all([
    executor.select().from(secondaryZones).where(inArray(secondaryZones.zoneId, zoneIds)),
    executor
      .select({ zoneId: rrsets.zoneId, contents: rrsets.contents })
      .from(rrsets)
      .where(and(inArray(rrsets.zoneId, zoneIds), eq(rrsets.type, 'SOA'))),
  ]);
  const soaOf = new Map(soas.map((soa) => [soa.zoneId, soa.contents[0] ?? null]));
  return new Map(rows.map((row) => [row.zoneId, { ...row, soa: soaOf.get(row.zoneId) ?? null }]));
}

/**
 * The primaries as stored: addresses normalised and held to the same special-purpose rules as
 * secondaries (`SECONDARY_ALLOWED_CIDRS` opens a lab network), ports 1-65535 (53 by default),
 * TSIG keys of this zone. Problems are reported per field (`primaries.1.address`).
 */
export async function checkPrimaries(
  ctx: ServiceContext,
  tx: Executor,
  zone: ZoneRow | undefined,
  input: readonly PrimaryInput[],
): Promise<SecondaryPrimary[]> {
  if (input.length === 0) throw invalid({ primaries: 'A secondary zone needs at least one primary' });
  if (input.length > MAX_PRIMARIES) throw invalid({ primaries: `A secondary zone can have at most ${MAX_PRIMARIES} primaries` });
  const out: SecondaryPrimary[] = [];
  for (const [i, primary] of input.entries()) {
    const address = normaliseAddress(primary.address);
    if (!address) throw invalid({ [`primaries.${i}.address`]: `${primary.address} is not an IPv4 or IPv6 address` });
    const problem = secondaryAddressProblem(address, ctx.config.secondaryAllowedCidrs);
    if (problem) throw invalid({ [`primaries.${i}.address`]: problem.replace('a secondary needs', 'a primary needs') });
    const port = primary.port ?? 53;
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw invalid({ [`primaries.${i}.port`]: 'A port from 1 to 65535' });
    let keyId: string | null = null;
    if (primary.tsig_key_id) {
      if (!zone) throw invalid({ [`primaries.${i}.tsig_key_id`]: 'Create the zone first, then its TSIG key, then name the key on its primaries' });
      const key = await findTsigKey(tx, zone, primary.tsig_key_id).catch(() => {
        throw invalid({ [`primaries.${i}.tsig_key_id`]: 'No TSIG key of this zone has this id' });
      });
      keyId = key.id;
    }
    if (out.some((p) => p.address === address && p.port === port)) throw invalid({ [`primaries.${i}.address`]: `${address} port ${port} is listed twice` });
    out.push({ address, port, tsig_key_id: keyId });
  }
  return out;
}

/** The transfer state of a new secondary zone (in the transaction that creates it), its first transfer queued. */
export async function startSecondaryZone(tx: Executor, zoneId: string, primaries: SecondaryPrimary[]): Promise<void> {
  await tx.insert(secondaryZones).values({ zoneId, primaries, nextRefreshAt: new Date() });
  await queueRefresh(tx, zoneId, new Date());
}

/** Replaces the primaries of a secondary zone and transfers from them now. */
export async function setPrimaries(ctx: ServiceContext, principal: Principal, zoneId: string, input: readonly PrimaryInput[]) {
  return ctx.db.transaction(async (tx) => {
    const zone = await findZone(tx, principal, zoneId, { lock: true });
    if (zone.type !== 'secondary') throw conflict(`${zone.name} is a primary zone: it has no primaries to transfer from`);
    if (zone.status === 'deleting') throw conflict('The zone is being deleted');
    const primaries = await checkPrimaries(ctx, tx, zone, input);
    await tx.update(secondaryZones).set({ primaries, nextRefreshAt: new Date(), updatedAt: new Date() }).where(eq(secondaryZones.zoneId, zone.id));
    await queueRefresh(tx, zone.id, new Date());
    await recordAudit(tx, principal.actor, {
      customerId: zone.customerId,
      action: 'zone.primaries_changed',
      targetType: 'zone',
      targetId: zone.id,
      summary: { zone: zone.name, primaries: primaries.map((p) => `${p.address} port ${p.port}`) },
    });
    return presentSecondaryState((await readSecondaryState(tx, [zone.id])).get(zone.id));
  });
}

/** Asks for a transfer now (a button on the zone page; NOTIFY does the same from the DNS nodes). */
export async function refreshNow(ctx: ServiceContext, principal: Principal, zoneId: string) {
  const zone = await findZone(ctx.db, principal, zoneId);
  if (zone.type !== 'secondary') throw conflict(`${zone.name} is a primary zone: it has no primaries to transfer from`);
  await queueRefresh(ctx.db, zone.id, new Date());
  return presentSecondaryState((await readSecondaryState(ctx.db, [zone.id])).get(zone.id));
}

interface SoaTimers {
  refresh: number;
  retry: number;
  expire: number;
}

/** The SOA's refresh, retry and expire in seconds, as the refreshes use them (within the bounds above). */
function soaTimers(content: string): SoaTimers {
  const fields = content.trim().split(/\s+/);
  const clamp = (value: number) => Math.min(maxRefreshSeconds, Math.max(minRefreshSeconds, value));
  return { refresh: clamp(Number(fields[3])), retry: clamp(Number(fields[4])), expire: Math.max(Number(fields[5]), minRefreshSeconds) };
}

export interface RefreshContext {
  db: Database;
  config: ServiceContext['config'];
  zoneChanges: Pick<ZoneChangePublisher, 'announce'>;
  now?: () => Date;
  timeoutMs?: number;
}

/**
 * One refresh of a secondary zone (the job): asks each primary in turn (IXFR from the serial we
 * hold, AXFR for the first transfer) until one answers, stores what it brought as one change of
 * the zone (the primary's SOA and serial as they are), and records the outcome. When none answers
 * the error is kept on the zone and the next try follows the SOA's retry; past the SOA's expire
 * time without a success the zone's data is dropped and it is not served until a transfer works.
 */
export async function refreshSecondaryZone(ctx: RefreshContext, zoneId: string): Promise<void> {
  const now = ctx.now ?? (() => new Date());
  const [zone] = await ctx.db.select().from(zones).where(eq(zones.id, zoneId));
  const [state] = await ctx.db.select().from(secondaryZones).where(eq(secondaryZones.zoneId, zoneId));
  if (!zone || !state || zone.type !== 'secondary' || zone.status === 'deleting') return;
  const held = zone.serial === 0 ? undefined : { serial: zone.serial, records: await zoneRecords(ctx.db, zone.id) };
  const kek = resolveKeyEncryptionKey(ctx.config);
  const errors: string[] = [];
  const started = now();
  for (const primary of state.primaries) {
    let server: PrimaryServer = { address: primary.address, port: primary.port };
    if (primary.tsig_key_id) {
      const [key] = await ctx.db
        .select()
        .from(tsigKeys)
        .where(and(eq(tsigKeys.id, primary.tsig_key_id), eq(tsigKeys.zoneId, zone.id)));
      if (!key) {
        errors.push(`${primary.address} port ${primary.port}: its TSIG key was deleted`);
        continue;
      }
      server = { ...server, key: { name: key.name, algorithm: key.algorithm, secret: openTsigSecret(key.secret, kek, key.id) } };
    }
    let result;
    try {
      result = await transferIn(zone.name, server, held, { timeoutMs: ctx.timeoutMs ?? 30_000 });
    } catch (error) {
      errors.push((error as Error).message);
      continue;
    }
    if (held && serialCompare(result.serial, held.serial) < 0) {
      errors.push(`${primary.address} port ${primary.port} has serial ${result.serial}, older than ours (${held.serial})`);
      continue;
    }
    if (result.kind === 'zone' && result.serial !== zone.serial) await storeTransfer(ctx, zone, result.records, result.serial);
    const soa = result.kind === 'zone' ? result.records.find((r) => r.type === 'SOA')!.content : held!.records.find((r) => r.type === 'SOA')!.content;
    const timers = soaTimers(soa);
    // One instant: the next refresh and the expiry are exactly the SOA's timers after the success.
    const succeeded = now();
    const nextRefresh = new Date(succeeded.getTime() + timers.refresh * 1000);
    await ctx.db
      .update(secondaryZones)
      .set({
        lastSerial: result.serial,
        lastAttemptAt: started,
        lastSuccessAt: succeeded,
        lastError: null,
        nextRefreshAt: nextRefresh,
        expiresAt: new Date(succeeded.getTime() + timers.expire * 1000),
        updatedAt: succeeded,
      })
      .where(eq(secondaryZones.zoneId, zone.id));
    await queueRefresh(ctx.db, zone.id, nextRefresh);
    return;
  }
  const soa = held?.records.find((r) => r.type === 'SOA');
  const retry = soa ? soaTimers(soa.content).retry : firstRetrySeconds;
  const failed = now();
  const expired = state.expiresAt !== null && state.expiresAt.getTime() <= failed.getTime() && zone.serial !== 0;
  if (expired) await dropExpiredData(ctx, zone);
  const nextRetry = new Date(failed.getTime() + retry * 1000);
  const lastError = (expired ? 'Expired (no transfer within the SOA expire time): not served until a transfer succeeds. ' : '') + errors.join('; ');
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(secondaryZones)
      .set({ lastAttemptAt: started, lastError, nextRefreshAt: nextRetry, updatedAt: failed })
      .where(eq(secondaryZones.zoneId, zone.id));
    // Once when transfers start failing and once when the zone expires: not at every retry.
    if (state.lastError === null || expired) {
      await emitWebhookEvent(tx, {
        customerId: zone.customerId,
        type: 'secondary.transfer_failed',
        at: failed,
        data: {
          zone: { id: zone.id, name: zone.name },
          error: lastError,
          expired,
          serial: expired ? 0 : zone.serial,
          next_attempt_at: nextRetry.toISOString(),
        },
      });
    }
    await queueRefresh(tx, zone.id, nextRetry);
  });
}

async function zoneRecords(db: Executor, zoneId: string): Promise<ZoneChangeRecord[]> {
  const rows = await db
    .select({ name: rrsets.name, type: rrsets.type, ttl: rrsets.ttl, contents: rrsets.contents })
    .from(rrsets)
    .where(eq(rrsets.zoneId, zoneId));
  return rows.flatMap((row) => row.contents.map((content) => ({ name: row.name, type: row.type, ttl: row.ttl, content })));
}

const recordKey = (r: ZoneChangeRecord) => `${r.name}\u0000${r.type}\u0000${r.ttl}\u0000${r.content}`;

/**
 * Stores a transferred zone as one change: the sets that differ replaced, one zone change from our
 * serial to the primary's (so DNS nodes follow by the zone changes and serve the primary's SOA), the
 * zone's serial and counts updated, all in one transaction; announced after the commit.
 */
async function storeTransfer(ctx: RefreshContext, zone: ZoneRow, records: ZoneChangeRecord[], serial: number): Promise<void> {
  await inTransaction(ctx, async (tx, after) => {
    const [locked] = await tx.select().from(zones).where(eq(zones.id, zone.id)).for('update');
    // Another refresh stored this or a newer serial meanwhile.
    if (!locked || locked.serial !== zone.serial || locked.status === 'deleting') return;
    const before = await zoneRecords(tx, zone.id);
    const beforeKeys = new Set(before.map(recordKey));
    const afterKeys = new Set(records.map(recordKey));
    const removed = before.filter((r) => !afterKeys.has(recordKey(r)));
    const added = records.filter((r) => !beforeKeys.has(recordKey(r)));
    await tx.delete(rrsets).where(eq(rrsets.zoneId, zone.id));
    const { rrsets: sets } = groupRecords(records);
    for (let start = 0; start < sets.length; start += 1000) {
      await tx.insert(rrsets).values(
        sets.slice(start, start + 1000).map((set) => ({
          zoneId: zone.id,
          name: set.name,
          type: set.type,
          typeCode: typeCode(set.type),
          sortKey: sortKeyOf(set.name),
          ttl: set.ttl,
          contents: set.contents,
          managed: isManagedSet(zone.name, set.name, set.type),
        })),
      );
    }
    // A primary may reuse a serial we held before the data expired: the old row gives way.
    await tx.delete(zoneChanges).where(and(eq(zoneChanges.zoneId, zone.id), eq(zoneChanges.serial, serial)));
    await tx.insert(zoneChanges).values({
      zoneId: zone.id,
      previousSerial: zone.serial,
      serial,
      source: 'system',
      actor: { type: 'system', user_id: null, api_key_id: null },
      removed,
      added,
    });
    const recordCount = sets.reduce((total, set) => total + (isManagedSet(zone.name, set.name, set.type) ? 0 : set.contents.length), 0);
    const [updated] = await tx
      .update(zones)
      .set({ serial, recordCount, rrsetCount: sets.length, updatedAt: new Date() })
      .where(eq(zones.id, zone.id))
      .returning();
    await emitWebhookEvent(tx, {
      customerId: zone.customerId,
      type: 'zone.records_changed',
      data: recordsChangedEvent(zone, {
        previousSerial: zone.serial,
        serial,
        source: 'system',
        actor: { type: 'system', user_id: null, api_key_id: null },
        removed,
        added,
      }),
    });
    after.publish(noticeOf(updated!));
  });
}

/** An expired zone: its records and zone changes go, serial 0 (not served), until the next transfer brings them back. */
async function dropExpiredData(ctx: RefreshContext, zone: ZoneRow): Promise<void> {
  await inTransaction(ctx, async (tx, after) => {
    await tx.delete(rrsets).where(eq(rrsets.zoneId, zone.id));
    await tx.delete(zoneChanges).where(eq(zoneChanges.zoneId, zone.id));
    const [updated] = await tx.update(zones).set({ serial: 0, recordCount: 0, rrsetCount: 0, updatedAt: new Date() }).where(eq(zones.id, zone.id)).returning();
    if (updated) after.publish(noticeOf(updated));
  });
}
