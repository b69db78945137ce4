import { and, eq, ne, sql } from '@kaja/db/orm';
import { queryCounts, subscriptions, type Executor } from '@kaja/db';
import { defaultPlanId, planHasFeature } from '@kaja/catalog';
import { countedTypeName, rcodeName } from '@kaja/dns-model';
import { invalid } from '../../errors';
import type { Principal } from '../accounts/principal';
import { findZone } from '@kaja/zone-writes';
import type { ZoneContext } from '../context';

/** The steps a series can have: the counters are hourly, so every step is whole hours, aligned in UTC. */
export const metricSteps = { '1h': 3600, '6h': 6 * 3600, '1d': 86400 } as const;
export type MetricStep = keyof typeof metricSteps;

/** Points in one answer at most: a month by the hour, two years by the day. */
export const maxMetricPoints = 744;
/** The window when `from` is left out. */
const defaultWindowMs = 24 * 3_600_000;

export interface MetricsQuery {
  from?: string | undefined;
  to?: string | undefined;
  step: MetricStep;
}

/** The window and the step checked: from before to, whole steps (from rounded down, to up), at most `maxMetricPoints`. */
function windowOf(query: MetricsQuery, now: Date): { from: Date; to: Date; stepMs: number; points: number } {
  const stepMs = metricSteps[query.step] * 1000;
  const to = query.to ? new Date(query.to) : now;
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - defaultWindowMs);
  if (from >= to) throw invalid({ from: 'from must be before to' });
  const start = Math.floor(from.getTime() / stepMs) * stepMs;
  const end = Math.ceil(to.getTime() / stepMs) * stepMs;
  const points = (end - start) / stepMs;
  if (points > maxMetricPoints) {
    throw invalid({
      step: `This window has ${points} steps of ${query.step}; at most ${maxMetricPoints} are answered: choose a bigger step or a shorter window`,
    });
  }
  return { from: new Date(start), to: new Date(end), stepMs, points };
}

/** Whether the customer's plan shows the breakdowns by type and response code. */
async function hasAdvancedMetrics(executor: Executor, customerId: string): Promise<boolean> {
  const [row] = await executor
    .select({ planId: subscriptions.planId })
    .from(subscriptions)
    .where(and(eq(subscriptions.customerId, customerId), ne(subscriptions.status, 'canceled')));
  return planHasFeature(row?.planId ?? defaultPlanId, 'advanced_metrics');
}

const byCount = (counts: Map<string, number>) => Object.fromEntries([...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));
const add = (counts: Map<string, number>, key: string, value: number) => counts.set(key, (counts.get(key) ?? 0) + value);

/**
 * A zone's queries over a window from the DNS nodes' hourly counters: a series of totals for
 * every plan; with the `advanced_metrics` feature also each point and the window by query type
 * and by response code, and the share answered NXDOMAIN.
 */
export async function zoneMetrics(ctx: ZoneContext, principal: Principal, zoneId: string, query: MetricsQuery) {
  const zone = await findZone(ctx.db, principal, zoneId);
  const { from, to, stepMs, points } = windowOf(query, ctx.now());
  const advanced = await hasAdvancedMetrics(ctx.db, zone.customerId);
  const stepSeconds = stepMs / 1000;
  // A literal, not a parameter: GROUP BY must see the same expression as SELECT (the step is one of `metricSteps`).
  const bucket = sql<string>`floor(extract(epoch from ${queryCounts.hour}) / ${sql.raw(String(stepSeconds))})::bigint`;
  const rows = await ctx.db
    .select({ bucket, qtype: queryCounts.qtype, rcode: queryCounts.rcode, count: sql<string>`sum(${queryCounts.count})` })
    .from(queryCounts)
    .where(
      and(
        eq(queryCounts.zoneId, zone.id),
        sql`${queryCounts.hour} >= ${from.toISOString()}::timestamptz`,
        sql`${queryCounts.hour} < ${to.toISOString()}::timestamptz`,
      ),
    )
    .groupBy(bucket, queryCounts.qtype, queryCounts.rcode);

  const series = Array.from({ length: points }, (_, i) => ({
    time: new Date(from.getTime() + i * stepMs).toISOString(),
    queries: 0,
    byType: new Map<string, number>(),
    byRcode: new Map<string, number>(),
  }));
  const byType = new Map<string, number>();
  const byRcode = new Map<string, number>();
  let total = 0;
  for (const row of rows) {
    const point = series[Number(row.bucket) - from.getTime() / stepMs]!;
    const count = Number(row.count);
    total += count;
    point.queries += count;
    if (!advanced) continue;
    add(point.byType, countedTypeName(row.qtype), count);
    add(point.byRcode, rcodeName(row.rcode), count);
    add(byType, countedTypeName(row.qtype), count);
    add(byRcode, rcodeName(row.rcode), count);
  }
  const nxdomain = byRcode.get('NXDOMAIN') ?? 0;
  return {
    zone_id: zone.id,
    zone: zone.name,
    from: from.toISOString(),
    to: to.toISOString(),
    step: query.step,
    advanced,
    total,
    by_type: advanced ? byCount(byType) : null,
    by_rcode: advanced ? byCount(byRcode) : null,
    nxdomain_share: advanced ? (total === 0 ? 0 : nxdomain / total) : null,
    series: series.map((point) => ({
      time: point.time,
      queries: point.queries,
      ...(advanced ? { by_type: byCount(point.byType), by_rcode: byCount(point.byRcode) } : {}),
    })),
  };
}
