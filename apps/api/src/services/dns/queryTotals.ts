import { gte, sql, sum } from '@kaja/db/orm';
import { networkQueryCounts, type DnsNetwork } from '@kaja/db';
import type { ServiceContext } from '../context';
import { requireStaff, type Principal } from '../accounts/principal';

export const networks: readonly DnsNetwork[] = ['EU', 'GLOBAL'];
export const maxQueryTotalDays = 90;

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/**
 * DNS queries answered per network (platform staff): per UTC day for the last `days` days (today
 * included, so far), the hour under way and the last complete one. Read from the hourly totals the
 * nodes write beside the metered rows (decision 066); a node writes about once a minute, so the hour
 * under way trails by that much.
 */
export async function queryTotals(ctx: ServiceContext, principal: Principal, days: number) {
  requireStaff(principal);
  const now = ctx.now().getTime();
  const today = Math.floor(now / dayMs) * dayMs;
  const from = new Date(today - (days - 1) * dayMs);
  const thisHour = new Date(Math.floor(now / hourMs) * hourMs);
  const lastHour = new Date(thisHour.getTime() - hourMs);
  const day = sql<string>`to_char(${networkQueryCounts.hour} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await ctx.db
    .select({
      network: networkQueryCounts.network,
      day,
      queries: sum(networkQueryCounts.count).mapWith(Number),
      thisHour:
        sql<number>`coalesce(sum(${networkQueryCounts.count}) filter (where ${networkQueryCounts.hour} = ${thisHour.toISOString()}::timestamptz), 0)`.mapWith(
          Number,
        ),
      lastHour:
        sql<number>`coalesce(sum(${networkQueryCounts.count}) filter (where ${networkQueryCounts.hour} = ${lastHour.toISOString()}::timestamptz), 0)`.mapWith(
          Number,
        ),
    })
    .from(networkQueryCounts)
    .where(gte(networkQueryCounts.hour, from < lastHour ? from : lastHour))
    .groupBy(networkQueryCounts.network, day);
  return {
    days,
    networks: networks.map((network) => {
      const own = rows.filter((row) => row.network === network);
      const series = Array.from({ length: days }, (_, index) => {
        const date = new Date(from.getTime() + index * dayMs).toISOString().slice(0, 10);
        return { day: date, queries: own.find((row) => row.day === date)?.queries ?? 0 };
      });
      return {
        network,
        this_hour: own.reduce((total, row) => total + row.thisHour, 0),
        last_hour: own.reduce((total, row) => total + row.lastHour, 0),
        total: series.reduce((total, point) => total + point.queries, 0),
        days: series,
      };
    }),
  };
}
