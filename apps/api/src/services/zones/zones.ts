import { and, asc, count, eq, ilike, inArray, ne, or, sql, type SQL } from '@kaja/db/orm';
import { customers, enqueueJob, rrsets, zoneChanges, zones, type Executor } from '@kaja/db';
import { NS, parseZoneName, ttlProblem, ValidationError, typeCode } from '@kaja/dns-model';
import { ApiError, conflict, invalid } from '../../errors';
import type { Pagination } from '../../schemas/common';
import { containing } from '../likePattern';
import {
  type Actor,
  advanceOnboarding,
  canAccessZone,
  checkZoneQuota,
  emitWebhookEvent,
  findZone,
  hostName,
  inTransaction,
  nextSerial,
  noticeOf,
  recordAudit,
  soaContent,
  sortKeyOf,
  syncCatalogZone,
  writeSystemChanges,
  zoneNameServers,
  type ZoneRow,
} from '@kaja/zone-writes';
import type { Principal } from '../accounts/principal';
import { pendingSinceForNewZone, presentZoneDelegation, queueFirstDelegationCheck } from './delegationCheck';
import { checkPrimaries, presentSecondaryState, readSecondaryState, startSecondaryZone, type PrimaryInput } from './secondaryZones';
import type { ZoneContext } from '../context';
import { recordFunnelStep } from '../ops/analytics/funnel';

export type ZoneRegion = ZoneRow['region'];
type SecondaryZoneRow = NonNullable<Awaited<ReturnType<typeof readSecondaryState>> extends Map<string, infer R> ? R : never>;

export const defaultZoneTtl = 3600;
export const deleteZoneJob = 'zone.delete';

export function presentZone(ctx: ZoneContext, zone: ZoneRow, secondary?: SecondaryZoneRow) {
  return {
    id: zone.id,
    name: zone.name,
    type: zone.type,
    region: zone.region,
    ttl: zone.ttl,
    status: zone.status,
    dnssec: { enabled: zone.dnssecEnabled, state: zone.dnssecState },
    name_servers: zoneNameServers(ctx, zone).map((server) => server.replace(/\.$/, '')),
    delegation: presentZoneDelegation(ctx, zone),
    serial: zone.serial,
    record_count: zone.recordCount,
    secondary: zone.type === 'secondary' ? presentSecondaryState(secondary) : null,
    created_at: zone.createdAt.toISOString(),
    updated_at: zone.updatedAt.toISOString(),
  };
}

/** A zone as the API shows it, with the transfer state of a secondary zone. */
export async function presentZoneWithState(ctx: ZoneContext, zone: ZoneRow) {
  const states = zone.type === 'secondary' ? await readSecondaryState(ctx.db, [zone.id]) : undefined;
  return presentZone(ctx, zone, states?.get(zone.id));
}

export interface CreateZoneInput {
  name: string;
  type?: 'primary' | 'secondary' | undefined;
  /** A secondary zone's primaries (required for one, refused for a primary zone). */
  primaries?: readonly PrimaryInput[] | undefined;
  region?: ZoneRegion | undefined;
  ttl?: number | undefined;
}

/** Every name above `name` (not the root): the zones that would be its parents. */
function ancestorsOf(name: string): string[] {
  const labels = name.split('.');
  return labels.slice(1).map((_, index) => labels.slice(index + 1).join('.'));
}

export async function createZone(ctx: ZoneContext, principal: Principal, input: CreateZoneInput): Promise<ZoneRow> {
  let name: string;
  try {
    name = parseZoneName(input.name);
  } catch (error) {
    if (error instanceof ValidationError) throw invalid({ name: error.message });
    throw error;
  }
  if (!canAccessZone(principal, name))
    throw new ApiError('forbidden', `Your API key is limited to other zones than ${name}`, { name: "Not among the calling key's zones" });
  const ttl = input.ttl ?? defaultZoneTtl;
  const ttlMessage = ttlProblem(ttl);
  if (ttlMessage) throw invalid({ ttl: ttlMessage });

  const zone = await inTransaction(ctx, async (tx, after) => {
    // Zone names are checked against each other: creations take turns, platform-wide.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('kaja.zones.create'))`);
    const [customer] = await tx.select({ defaultRegion: customers.defaultRegion }).from(customers).where(eq(customers.id, principal.customerId));
    const region = input.region ?? customer!.defaultRegion;

    await refuseTakenZoneName(tx, principal.customerId, name);
    await checkZoneQuota(tx, principal.customerId);

    if (input.type === 'secondary') {
      const secondary = await createSecondaryZone(ctx, tx, principal, { name, region, ttl, primaries: input.primaries ?? [] });
      await emitWebhookEvent(tx, { customerId: principal.customerId, type: 'zone.created', data: zoneCreatedEvent(secondary) });
      await syncCatalogZone(tx, ctx, after, principal.customerId, principal.actor);
      return secondary;
    }
    if (input.primaries) throw invalid({ primaries: 'Only a secondary zone has primaries' });
    const serial = nextSerial(0);
    const [zone] = await tx
      .insert(zones)
      .values({ customerId: principal.customerId, name, region, ttl, serial, status: 'active', pendingSince: pendingSinceForNewZone(ctx), rrsetCount: 2 })
      .returning();
    await queueFirstDelegationCheck(ctx, tx, zone!.id);
    const nameServers = zoneNameServers(ctx, zone!);
    const soa = soaContent(name, nameServers, serial);
    const ns = nameServers.map((server) => NS.parse(hostName(server), name));
    await tx.insert(rrsets).values([
      { zoneId: zone!.id, name, type: 'SOA', typeCode: typeCode('SOA'), sortKey: sortKeyOf(name), ttl, contents: [soa], managed: true },
      { zoneId: zone!.id, name, type: 'NS', typeCode: typeCode('NS'), sortKey: sortKeyOf(name), ttl, contents: ns, managed: true },
    ]);
    await tx.insert(zoneChanges).values({
      zoneId: zone!.id,
      previousSerial: 0,
      serial,
      source: 'system',
      actor: { type: principal.actor.type, user_id: principal.actor.userId, api_key_id: principal.actor.apiKeyId },
      removed: [],
      added: [{ name, type: 'SOA', ttl, content: soa }, ...ns.map((content) => ({ name, type: 'NS', ttl, content }))],
    });
    await recordAudit(tx, principal.actor, {
      customerId: principal.customerId,
      action: 'zone.created',
      targetType: 'zone',
      targetId: zone!.id,
      summary: { name, region, ttl, serial },
    });
    await advanceOnboarding(tx, principal.actor, principal.customerId, 'create_zone');
    await recordFunnelStep(ctx, tx, principal.customerId, 'first_zone');
    await emitWebhookEvent(tx, { customerId: principal.customerId, type: 'zone.created', data: zoneCreatedEvent(zone!) });
    after.publish(noticeOf(zone!));
    await syncCatalogZone(tx, ctx, after, principal.customerId, principal.actor);
    return zone!;
  });
  return zone;
}

/**
 * Refuses a name already hosted, and one above or inside another customer's zone, in a
 * transaction holding the zone-creation lock (`kaja.zones.create`).
 */
export async function refuseTakenZoneName(tx: Executor, customerId: string, name: string): Promise<void> {
  const clash = await tx
    .select({ name: zones.name, customerId: zones.customerId })
    .from(zones)
    .where(or(eq(zones.name, name), inArray(zones.name, ancestorsOf(name)), sql`right(${zones.name}, ${name.length + 1}) = ${'.' + name}`));
  const same = clash.find((zone) => zone.name === name);
  if (same) throw conflict(`The zone ${name} is already hosted on the platform`, { name: 'This zone is already hosted' });
  // A parent or child zone of another customer would let one customer answer for the other's names.
  const foreign = clash.find((zone) => zone.customerId !== customerId);
  if (foreign) {
    const relation = foreign.name.endsWith(`.${name}`) ? 'inside' : 'above';
    throw conflict(`${name} cannot be hosted: another customer hosts a zone ${relation} it`, { name: `Another customer hosts a zone ${relation} ${name}` });
  }
}

/**
 * A secondary zone: no records until its first transfer (serial 0, not served yet), which is
 * queued in the same transaction.
 */
async function createSecondaryZone(
  ctx: ZoneContext,
  tx: Executor,
  principal: Principal,
  input: { name: string; region: ZoneRegion; ttl: number; primaries: readonly PrimaryInput[] },
): Promise<ZoneRow> {
  const primaries = await checkPrimaries(ctx, tx, undefined, input.primaries);
  const [zone] = await tx
    .insert(zones)
    .values({
      customerId: principal.customerId,
      name: input.name,
      type: 'secondary',
      region: input.region,
      ttl: input.ttl,
      serial: 0,
      status: 'active',
      rrsetCount: 0,
    })
    .returning();
  await startSecondaryZone(tx, zone!.id, primaries);
  await recordAudit(tx, principal.actor, {
    customerId: principal.customerId,
    action: 'zone.created',
    targetType: 'zone',
    targetId: zone!.id,
    summary: { name: input.name, region: input.region, type: 'secondary', primaries: primaries.map((p) => `${p.address} port ${p.port}`) },
  });
  await advanceOnboarding(tx, principal.actor, principal.customerId, 'create_zone');
  await recordFunnelStep(ctx, tx, principal.customerId, 'first_zone');
  return zone!;
}

export async function listZones(ctx: ZoneContext, principal: Principal, page: Pagination & { name?: string | undefined }) {
  // The catalog zone is shown at /catalog-zone, not among the zones it lists.
  const conditions: SQL[] = [eq(zones.customerId, principal.customerId), ne(zones.type, 'catalog')];
  if (page.name) conditions.push(ilike(zones.name, containing(page.name.trim().toLowerCase().replace(/\.$/, ''))));
  if (principal.credential.kind === 'api_key' && principal.credential.apiKey.allowedZones) {
    const allowed = principal.credential.apiKey.allowedZones;
    conditions.push(inArray(zones.name, allowed.length > 0 ? allowed : ['']));
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    ctx.db.select().from(zones).where(where).orderBy(asc(zones.name)).limit(page.limit).offset(page.offset),
    ctx.db.select({ value: count() }).from(zones).where(where),
  ]);
  const states = await readSecondaryState(
    ctx.db,
    rows.filter((zone) => zone.type === 'secondary').map((zone) => zone.id),
  );
  return { items: rows.map((zone) => presentZone(ctx, zone, states.get(zone.id))), total: total!.value };
}

export const getZone = async (ctx: ZoneContext, principal: Principal, zoneId: string) => findZone(ctx.db, principal, zoneId);

export interface UpdateZoneInput {
  ttl?: number | undefined;
  status?: 'active' | 'disabled' | undefined;
}

/**
 * Changes the zone's TTL (the default for new records, and the TTL of the platform's SOA and apex
 * NS, so a new serial) and its status (a disabled zone is not served).
 */
export async function updateZone(ctx: ZoneContext, principal: Principal, zoneId: string, input: UpdateZoneInput): Promise<ZoneRow> {
  if (input.ttl !== undefined) {
    const ttlMessage = ttlProblem(input.ttl);
    if (ttlMessage) throw invalid({ ttl: ttlMessage });
  }
  return inTransaction(ctx, async (tx, after) => {
    const zone = await findZone(tx, principal, zoneId, { lock: true });
    if (zone.status === 'deleting') throw conflict('The zone is being deleted');
    let serial = zone.serial;
    if (input.ttl !== undefined && input.ttl !== zone.ttl) {
      const ttl = input.ttl;
      // The platform's sets at the apex (SOA, NS, and the DNSKEY set and its kin when signed) follow the zone TTL.
      ({ serial } = await writeSystemChanges(
        tx,
        ctx,
        zone,
        (state) =>
          [...state.sets.values()]
            .filter((row) => row.managed && row.name === zone.name)
            .map((row) => ({ name: row.name, type: row.type, next: { name: row.name, type: row.type, ttl, contents: row.contents }, path: '' })),
        { source: 'api', action: 'zone.ttl_changed', actor: principal.actor, summary: { ttl: { from: zone.ttl, to: ttl } } },
      ));
    }
    const status = input.status ?? zone.status;
    const [updated] = await tx
      .update(zones)
      .set({ ttl: input.ttl ?? zone.ttl, status, updatedAt: new Date() })
      .where(eq(zones.id, zone.id))
      .returning();
    if (status !== zone.status || (input.ttl !== undefined && input.ttl !== zone.ttl)) {
      await recordAudit(tx, principal.actor, {
        customerId: zone.customerId,
        action: 'zone.updated',
        targetType: 'zone',
        targetId: zone.id,
        summary: { name: zone.name, ...(status !== zone.status ? { status: { from: zone.status, to: status } } : {}), serial },
      });
    }
    if (status !== zone.status || serial !== zone.serial) after.publish(noticeOf(updated!));
    if (status !== zone.status && zone.type !== 'catalog') await syncCatalogZone(tx, ctx, after, zone.customerId, principal.actor);
    return updated!;
  });
}

/** Marks the zone `deleting` (no longer served) and leaves the removal to a background job. */
export async function requestZoneDeletion(ctx: ZoneContext, principal: Principal, zoneId: string): Promise<ZoneRow> {
  return inTransaction(ctx, async (tx, after) => {
    const zone = await findZone(tx, principal, zoneId, { lock: true });
    if (zone.status === 'deleting') return zone;
    const [updated] = await tx.update(zones).set({ status: 'deleting', updatedAt: new Date() }).where(eq(zones.id, zone.id)).returning();
    await enqueueJob(tx, deleteZoneJob, { zone_id: zone.id, actor: principal.actor } satisfies DeleteZonePayload, { maxAttempts: 20 });
    await recordAudit(tx, principal.actor, {
      customerId: zone.customerId,
      action: 'zone.deletion_requested',
      targetType: 'zone',
      targetId: zone.id,
      summary: { name: zone.name },
    });
    after.publish(noticeOf(updated!));
    if (zone.type !== 'catalog') await syncCatalogZone(tx, ctx, after, zone.customerId, principal.actor);
    return updated!;
  });
}

export interface DeleteZonePayload {
  zone_id: string;
  actor: Actor;
}

/** Rows removed per transaction, so a big zone never holds locks for long and a restart loses little. */
const deleteBatch = 5000;

/**
 * The background removal of a zone: its records and zone changes in batches (each batch commits, so a
 * restart carries on where it stopped), then the zone row with what hangs off it (keys) and the
 * audit event, in one transaction. Running it again after it finished does nothing.
 */
export async function deleteZoneData(ctx: Pick<ZoneContext, 'db' | 'zoneChanges'>, payload: DeleteZonePayload): Promise<void> {
  const { db } = ctx;
  const [zone] = await db.select().from(zones).where(eq(zones.id, payload.zone_id));
  if (!zone) return;
  for (const table of [rrsets, zoneChanges] as const) {
    for (;;) {
      const removed = await db.execute(sql`DELETE FROM ${table} WHERE id IN (SELECT id FROM ${table} WHERE zone_id = ${zone.id} LIMIT ${deleteBatch})`);
      if (affected(removed) < deleteBatch) break;
    }
  }
  await inTransaction(ctx, async (tx, after) => {
    // Announced even when another run removed the row first: the zone is gone either way.
    after.publish(noticeOf(zone, 'deleted'));
    const gone = await tx.delete(zones).where(eq(zones.id, zone.id)).returning({ id: zones.id });
    if (gone.length === 0) return;
    await recordAudit(tx, payload.actor, {
      customerId: zone.customerId,
      action: 'zone.deleted',
      targetType: 'zone',
      targetId: zone.id,
      summary: { name: zone.name, record_count: zone.recordCount },
    });
    await emitWebhookEvent(tx, {
      customerId: zone.customerId,
      type: 'zone.deleted',
      data: { zone: { id: zone.id, name: zone.name }, record_count: zone.recordCount },
    });
  });
}

/** What a `zone.created` event tells of the zone. */
const zoneCreatedEvent = (zone: ZoneRow) => ({
  zone: { id: zone.id, name: zone.name, type: zone.type, region: zone.region, ttl: zone.ttl, serial: zone.serial },
});

const affected = (result: unknown) =>
  Number((result as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0);
