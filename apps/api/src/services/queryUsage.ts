import { and, eq, gte, lt, sum } from '@kaja/db/orm';
import { queryCounts, zones, type Executor } from '@kaja/db';

/** Queries answered for the customer's zones in the UTC calendar month of `now`. */
export async function queriesThisMonth(executor: Executor, customerId: string, now: Date): Promise<number> {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const [row] = await executor
    .select({ total: sum(queryCounts.count) })
    .from(queryCounts)
    .innerJoin(zones, eq(zones.id, queryCounts.zoneId))
    .where(and(eq(zones.customerId, customerId), gte(queryCounts.hour, start), lt(queryCounts.hour, end)));
  return Number(row?.total ?? 0);
}
