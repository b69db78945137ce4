import { asc, count, eq, max, sql, type SQL } from '@kaja/db/orm';
import { dnsNodes, isUniqueViolation, regions, type Executor } from '@kaja/db';
import type { RegionStatus } from '@kaja/catalog';
import { conflict, notFound } from '../../errors';
import type { Pagination } from '../../schemas/common';
import { recordAudit } from '@kaja/zone-writes';
import type { ServiceContext } from '../context';
import { requireStaff, type Principal } from '../accounts/principal';

type RegionRow = typeof regions.$inferSelect;

/** A region with what its DNS nodes last told. */
interface RegionWithNodes {
  region: RegionRow;
  nodes: number;
  onlineNodes: number;
  lastHeartbeatAt: Date | null;
  /** The largest journal lag its online nodes reported at their last heartbeat; null without one online. */
  lagSeconds: number | null;
}

/** What the status page shows: a status staff can set, or `degraded`, which only the nodes' lag gives. */
export type ShownRegionStatus = RegionStatus | 'degraded';

/**
 * What the status page shows for a region (decisions 038, 047): staff's N/A wins; otherwise a
 * region with DNS nodes is online while one of them heartbeated within REGION_OFFLINE_AFTER,
 * degraded instead when an online node's journal lag is above REGION_DEGRADED_LAG (changes reach
 * some answers late), offline when none heartbeated; a region without nodes shows the status staff set.
 */
export function regionStatus(
  { region, nodes, onlineNodes, lagSeconds }: RegionWithNodes,
  degradedLagSeconds: number,
): { status: ShownRegionStatus; source: 'staff' | 'nodes' } {
  if (region.status === 'NA' || nodes === 0) return { status: region.status, source: 'staff' };
  if (onlineNodes === 0) return { status: 'offline', source: 'nodes' };
  return { status: lagSeconds !== null && lagSeconds > degradedLagSeconds ? 'degraded' : 'online', source: 'nodes' };
}

export const presentRegion = (ctx: ServiceContext) => (row: RegionWithNodes) => {
  const { status, source } = regionStatus(row, ctx.config.regionDegradedLagSeconds);
  return {
    id: row.region.id,
    name: row.region.name,
    status,
    status_source: source,
    staff_status: row.region.status,
    summary: row.region.summary,
    nodes: {
      total: row.nodes,
      online: row.onlineNodes,
      last_heartbeat_at: row.lastHeartbeatAt?.toISOString() ?? null,
      journal_lag_seconds: row.lagSeconds,
      degraded_after_seconds: ctx.config.regionDegradedLagSeconds,
    },
    updated_at: row.region.updatedAt.toISOString(),
  };
};

/** The instant before which a heartbeat no longer keeps a node online. */
export const onlineSince = (ctx: ServiceContext) => new Date(ctx.now().getTime() - ctx.config.regionOfflineAfterSeconds * 1000);

function selectRegions(ctx: ServiceContext, where?: SQL) {
  const since = onlineSince(ctx).toISOString();
  return ctx.db
    .select({
      region: regions,
      nodes: count(dnsNodes.id),
      onlineNodes: sql<number>`count(${dnsNodes.id}) filter (where ${dnsNodes.lastHeartbeatAt} > ${since}::timestamptz)`.mapWith(Number),
      lastHeartbeatAt: max(dnsNodes.lastHeartbeatAt),
      lagSeconds: sql<number | null>`max(${dnsNodes.journalLagSeconds}) filter (where ${dnsNodes.lastHeartbeatAt} > ${since}::timestamptz)`.mapWith(
        (value: string | number | null) => (value === null ? null : Number(value)),
      ),
    })
    .from(regions)
    .leftJoin(dnsNodes, eq(dnsNodes.regionId, regions.id))
    .where(where)
    .groupBy(regions.id)
    .orderBy(asc(regions.name));
}

export interface RegionInput {
  name: string;
  status: RegionStatus;
  summary: string;
}

export async function listRegions(ctx: ServiceContext, page: Pagination) {
  const [rows, [total]] = await Promise.all([selectRegions(ctx).limit(page.limit).offset(page.offset), ctx.db.select({ value: count() }).from(regions)]);
  return { items: rows.map(presentRegion(ctx)), total: total!.value };
}

async function findRegion(executor: Executor, id: string) {
  const [region] = await executor.select().from(regions).where(eq(regions.id, id));
  if (!region) throw notFound('Region');
  return region;
}

export async function getRegion(ctx: ServiceContext, id: string) {
  const [row] = await selectRegions(ctx, eq(regions.id, id));
  if (!row) throw notFound('Region');
  return presentRegion(ctx)(row);
}

const nameTaken = () => conflict('A region with this name already exists', { name: 'Name is already used by another region' });

export async function createRegion(ctx: ServiceContext, principal: Principal, input: RegionInput) {
  requireStaff(principal);
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const [region] = await tx.insert(regions).values(input).returning();
      await recordAudit(tx, principal.actor, { customerId: null, action: 'region.created', targetType: 'region', targetId: region!.id, summary: { ...input } });
      return region!.id;
    });
    return await getRegion(ctx, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function updateRegion(ctx: ServiceContext, principal: Principal, id: string, input: Partial<RegionInput>) {
  requireStaff(principal);
  try {
    await ctx.db.transaction(async (tx) => {
      const before = await findRegion(tx, id);
      await tx
        .update(regions)
        .set({ name: input.name ?? before.name, status: input.status ?? before.status, summary: input.summary ?? before.summary, updatedAt: new Date() })
        .where(eq(regions.id, id));
      await recordAudit(tx, principal.actor, {
        customerId: null,
        action: 'region.updated',
        targetType: 'region',
        targetId: id,
        summary: { before: { name: before.name, status: before.status, summary: before.summary }, after: input },
      });
    });
    return await getRegion(ctx, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function deleteRegion(ctx: ServiceContext, principal: Principal, id: string) {
  requireStaff(principal);
  await ctx.db.transaction(async (tx) => {
    const region = await findRegion(tx, id);
    await tx.delete(regions).where(eq(regions.id, id));
    await recordAudit(tx, principal.actor, { customerId: null, action: 'region.deleted', targetType: 'region', targetId: id, summary: { name: region.name } });
  });
}
