import { and, asc, count, eq, sql } from '@kaja/db/orm';
import { dnsLeases, dnsNodes, regions } from '@kaja/db';
import { recordAudit } from '@kaja/zone-writes';
import { notFound } from '../../errors';
import type { Pagination } from '../../schemas/common';
import type { ServiceContext } from '../context';
import { requireStaff, type Principal } from '../accounts/principal';
import { onlineSince } from '../ops/regions';

type NodeRow = typeof dnsNodes.$inferSelect;

const presentNode = (node: NodeRow, region: { id: string; name: string } | null, since: Date, holdsNotifyLease: boolean) => ({
  id: node.id,
  name: node.name,
  network: node.network,
  region,
  version: node.version,
  journal_position: node.journalPosition,
  journal_lag_seconds: node.journalLagSeconds,
  zones_loaded: node.zonesLoaded,
  online: node.lastHeartbeatAt > since,
  notify_lease: holdsNotifyLease,
  started_at: node.startedAt.toISOString(),
  last_heartbeat_at: node.lastHeartbeatAt.toISOString(),
});

/** Every DNS node that ever heartbeated, by region then id (platform staff). */
export async function listDnsNodes(ctx: ServiceContext, principal: Principal, page: Pagination) {
  requireStaff(principal);
  const since = onlineSince(ctx);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ node: dnsNodes, regionId: regions.id, regionName: regions.name, leaseHolder: dnsLeases.holderId })
      .from(dnsNodes)
      .leftJoin(regions, eq(regions.id, dnsNodes.regionId))
      // The database's clock judges the lease's expiry, as the nodes that take it do (decision 047).
      .leftJoin(dnsLeases, and(eq(dnsLeases.name, 'notify'), eq(dnsLeases.holderId, dnsNodes.id), sql`${dnsLeases.expiresAt} > now()`))
      .orderBy(asc(regions.name), asc(dnsNodes.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ value: count() }).from(dnsNodes),
  ]);
  const items = rows.map((row) =>
    presentNode(row.node, row.regionId && row.regionName ? { id: row.regionId, name: row.regionName } : null, since, row.leaseHolder !== null),
  );
  return { items, total: total!.value };
}

/** Forgets a retired node, so its region no longer counts it; a node still running writes its row again at its next heartbeat. */
export async function deleteDnsNode(ctx: ServiceContext, principal: Principal, id: string) {
  requireStaff(principal);
  await ctx.db.transaction(async (tx) => {
    const [node] = await tx.delete(dnsNodes).where(eq(dnsNodes.id, id)).returning();
    if (!node) throw notFound('DNS node');
    await recordAudit(tx, principal.actor, {
      customerId: null,
      action: 'dns_node.deleted',
      targetType: 'dns_node',
      targetId: id,
      summary: { name: node.name },
    });
  });
}
