import { refuseSecondaryWrites } from '@kaja/zone-writes';
import { and, eq, sql } from '@kaja/db/orm';
import { cryptokeys, enqueueJob, jobs, zones, type CryptokeyAlgorithm, type Executor } from '@kaja/db';
import { conflict, invalid } from '../../errors';
import { type Actor, advanceOnboarding, findZone, inTransaction, noticeOf, recordAudit, type ZoneRow } from '@kaja/zone-writes';
import { mailOwners } from '../ops/securityMail';
import { defaultAlgorithm, dnssecSnapshot, dsOfKey, emitDnssecEvents, newCryptokeyRow, parseAlgorithm, presentDnskey } from './dnssecKeys';
import { publishDnssecSets, zoneCryptokeys, type CryptokeyRow } from './dnssecRrsets';
import type { Principal } from '../accounts/principal';
import type { ZoneContext } from '../context';

/** Generates a zone's first KSK and ZSK and publishes them: what enabling waits for. */
export const generateKeysJob = 'dnssec.generate_keys';
/** Removes the keys of a zone whose DNSSEC is being turned off, once the parent's DS is gone from caches. */
export const removeKeysJob = 'dnssec.remove_keys';

export interface GenerateKeysPayload {
  zone_id: string;
  algorithm: CryptokeyAlgorithm;
  actor: Actor;
}

export interface RemoveKeysPayload {
  zone_id: string;
  actor: Actor;
}

export const disablingMessage =
  'DNSSEC is being turned off. The DS record must already be removed at your registrar: while the parent zone still publishes it, validating resolvers need these keys. The zone stays signed and publishes delete CDS/CDNSKEY records (RFC 8078) until the keys are removed at keys_removed_at; then it is served unsigned and the state is off. Turning DNSSEC on again before then keeps the same keys and DS.';

const statusMessages: Partial<Record<ZoneRow['dnssecState'], string>> = {
  signing: 'The keys are being generated. Do not publish a DS record yet: poll this status until keys_ready is true.',
  active: 'The zone is signed. Publish the DS records of GET /zones/{id}/dnssec/ds at your registrar.',
  disabling: disablingMessage,
};

/** When a zone being turned off loses its keys (the due time of its queued removal job). */
async function keyRemovalTime(executor: Executor, zoneId: string): Promise<Date | null> {
  const [job] = await executor
    .select({ runAt: jobs.runAt })
    .from(jobs)
    .where(and(eq(jobs.name, removeKeysJob), eq(jobs.status, 'queued'), sql`${jobs.payload}->>'zone_id' = ${zoneId}`))
    .limit(1);
  return job?.runAt ?? null;
}

export function presentDnssecStatus(zone: ZoneRow, keys: readonly CryptokeyRow[], keysRemovedAt: Date | null) {
  const activeKsks = keys.filter((key) => key.keytype === 'ksk' && key.active);
  return {
    enabled: zone.dnssecEnabled,
    nsec3: zone.nsec3,
    state: zone.dnssecState,
    keys_ready: zone.dnssecState === 'active' && activeKsks.length > 0,
    algorithm: activeKsks[0]?.algorithm ?? null,
    key_count: keys.length,
    keys_removed_at: keysRemovedAt?.toISOString() ?? null,
    message: statusMessages[zone.dnssecState] ?? 'The zone is not signed.',
  };
}

export async function getDnssecStatus(ctx: ZoneContext, principal: Principal, zoneId: string) {
  const zone = await findZone(ctx.db, principal, zoneId);
  return presentDnssecStatus(zone, await zoneCryptokeys(ctx.db, zone.id), await keyRemovalTime(ctx.db, zone.id));
}

export interface DnssecStatusInput {
  enabled?: boolean | undefined;
  nsec3?: boolean | undefined;
  algorithm?: string | number | undefined;
}

const cancelJobs = (tx: Executor, name: string, zoneId: string) =>
  tx.delete(jobs).where(and(eq(jobs.name, name), eq(jobs.status, 'queued'), sql`${jobs.payload}->>'zone_id' = ${zoneId}`));

/**
 * Turns signing on or off and chooses NSEC or NSEC3. On: the state is `signing` at once and a job
 * makes the keys; from `disabling` it is `active` again with the same keys. Off: `disabling`, the
 * zone stays signed with delete CDS/CDNSKEY, and a job removes the keys after the configured delay;
 * from `signing` it is `off` at once (there are no keys yet).
 */
export async function updateDnssecStatus(ctx: ZoneContext, principal: Principal, zoneId: string, input: DnssecStatusInput) {
  if (input.enabled === undefined && input.nsec3 === undefined && input.algorithm === undefined) {
    throw invalid({ enabled: 'Send enabled, nsec3 or both' });
  }
  const algorithm = parseAlgorithm(input.algorithm);
  if (algorithm && input.enabled !== true) {
    throw invalid({ algorithm: 'The algorithm is chosen when signing is turned on: send it with "enabled": true' });
  }
  const zone = await inTransaction(ctx, async (tx, after) => {
    const before = await findZone(tx, principal, zoneId, { lock: true });
    // A secondary zone is signed (or not) by its primary: its data is served as received.
    refuseSecondaryWrites(before);
    if (before.status === 'deleting') throw conflict('The zone is being deleted');
    const dnssecBefore = await dnssecSnapshot(tx, before);
    const keys = await zoneCryptokeys(tx, before.id);
    const from = before.dnssecState;
    let to = from;
    if (input.enabled === true) {
      const current = keys.find((key) => key.keytype === 'ksk' && key.active)?.algorithm;
      if (algorithm && current && algorithm !== current) {
        throw conflict(`The zone is already signed with ${current}: change the algorithm by adding keys through /dnssec/cryptokeys`, {
          algorithm: `The zone is signed with ${current}`,
        });
      }
      await advanceOnboarding(tx, principal.actor, before.customerId, 'enable_dnssec');
      if (from === 'off') {
        to = 'signing';
        await enqueueJob(tx, generateKeysJob, {
          zone_id: before.id,
          algorithm: algorithm ?? defaultAlgorithm,
          actor: principal.actor,
        } satisfies GenerateKeysPayload);
      } else if (from === 'disabling') {
        to = 'active';
        await cancelJobs(tx, removeKeysJob, before.id);
      }
    } else if (input.enabled === false) {
      if (from === 'signing') {
        to = 'off';
        await cancelJobs(tx, generateKeysJob, before.id);
      } else if (from === 'active') {
        to = 'disabling';
        const runAt = new Date(Date.now() + ctx.config.dnssecKeyRemovalDelay * 1000);
        await enqueueJob(tx, removeKeysJob, { zone_id: before.id, actor: principal.actor } satisfies RemoveKeysPayload, { runAt, maxAttempts: 20 });
      }
    }
    const nsec3 = input.nsec3 ?? before.nsec3;
    if (to === from && nsec3 === before.nsec3) return before;

    const [zone] = await tx
      .update(zones)
      .set({ dnssecState: to, dnssecEnabled: to === 'signing' || to === 'active', nsec3, updatedAt: new Date() })
      .where(eq(zones.id, before.id))
      .returning();
    const summary = {
      zone: before.name,
      ...(to !== from ? { state: { from, to } } : {}),
      ...(nsec3 !== before.nsec3 ? { nsec3: { from: before.nsec3, to: nsec3 } } : {}),
      ...(to === 'signing' ? { algorithm: algorithm ?? defaultAlgorithm } : {}),
    };
    const serial = await publishDnssecSets(tx, ctx, zone!, { action: 'dnssec.updated', actor: principal.actor, summary });
    await emitDnssecEvents(tx, zone!, dnssecBefore);
    // A change that publishes nothing (e.g. turning on: the keys come later) is audited on its own.
    if (serial === zone!.serial) {
      await recordAudit(tx, principal.actor, { customerId: zone!.customerId, action: 'dnssec.updated', targetType: 'zone', targetId: zone!.id, summary });
    }
    if (serial !== before.serial) after.publish(noticeOf({ ...zone!, serial }));
    if (to !== from && (to === 'disabling' || to === 'off')) {
      await mailOwners(
        ctx,
        { tx, after },
        zone!.customerId,
        `DNSSEC turned off for ${zone!.name}`,
        `DNSSEC signing was turned off for the zone ${zone!.name} by ${principal.email}. Remove the DS record at the registrar before the keys go, or resolvers that validate will fail to resolve the zone.`,
        {
          ip: principal.actor.ip,
          userAgent: principal.userAgent,
        },
      );
    }
    return { ...zone!, serial };
  });
  return presentDnssecStatus(zone, await zoneCryptokeys(ctx.db, zone.id), await keyRemovalTime(ctx.db, zone.id));
}

/** DS records (SHA-256 and SHA-384) and DNSKEY records of the active KSKs, once the zone is signed. */
export async function getDs(ctx: ZoneContext, principal: Principal, zoneId: string) {
  const zone = await findZone(ctx.db, principal, zoneId);
  const ksks = zone.dnssecState === 'active' ? (await zoneCryptokeys(ctx.db, zone.id)).filter((key) => key.keytype === 'ksk' && key.active) : [];
  return {
    state: zone.dnssecState,
    ds: ksks.flatMap((key) => dsOfKey(zone.name, key)),
    dnskey: ksks.map((key) => presentDnskey(zone.name, key)),
  };
}

/**
 * The job behind enabling: a KSK and a ZSK sealed into `cryptokeys`, the apex sets published, the
 * state `active`, all in one transaction (a restart mid-way leaves the job to run again). Does
 * nothing when the zone is no longer waiting for keys.
 */
export async function generateZoneKeys(ctx: ZoneContext, payload: GenerateKeysPayload): Promise<void> {
  await inTransaction(ctx, async (tx, after) => {
    const [zone] = await tx.select().from(zones).where(eq(zones.id, payload.zone_id)).for('update');
    if (!zone || zone.dnssecState !== 'signing' || zone.status === 'deleting') return;
    const before = await dnssecSnapshot(tx, zone);
    const rows = (['ksk', 'zsk'] as const).map((keytype) => newCryptokeyRow(ctx, zone.id, { keytype, algorithm: payload.algorithm, active: true }));
    await tx.insert(cryptokeys).values(rows);
    const [active] = await tx.update(zones).set({ dnssecState: 'active', updatedAt: new Date() }).where(eq(zones.id, zone.id)).returning();
    const serial = await publishDnssecSets(tx, ctx, active!, {
      action: 'dnssec.keys_generated',
      actor: payload.actor,
      summary: { zone: zone.name, algorithm: payload.algorithm, keys: rows.map((row) => ({ keytype: row.keytype, key_tag: row.keyTag })) },
    });
    await emitDnssecEvents(tx, active!, before);
    after.publish(noticeOf({ ...active!, serial }));
  });
}

/**
 * The job that ends turning DNSSEC off: the apex DNSSEC sets and the keys go, the state is `off`.
 * Does nothing when the zone was turned on again (or is gone) in the meantime.
 */
export async function removeZoneKeys(ctx: ZoneContext, payload: RemoveKeysPayload): Promise<void> {
  await inTransaction(ctx, async (tx, after) => {
    const [zone] = await tx.select().from(zones).where(eq(zones.id, payload.zone_id)).for('update');
    if (!zone || zone.dnssecState !== 'disabling' || zone.status === 'deleting') return;
    const before = await dnssecSnapshot(tx, zone);
    const keys = await zoneCryptokeys(tx, zone.id);
    const [off] = await tx.update(zones).set({ dnssecState: 'off', dnssecEnabled: false, updatedAt: new Date() }).where(eq(zones.id, zone.id)).returning();
    const serial = await publishDnssecSets(tx, ctx, off!, {
      action: 'dnssec.keys_removed',
      actor: payload.actor,
      summary: { zone: zone.name, keys: keys.map((key) => ({ keytype: key.keytype, key_tag: key.keyTag })) },
    });
    await tx.delete(cryptokeys).where(eq(cryptokeys.zoneId, zone.id));
    await emitDnssecEvents(tx, off!, before);
    after.publish(noticeOf({ ...off!, serial }));
  });
}
