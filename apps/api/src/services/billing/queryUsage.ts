import { and, eq, gte, isNull, lt, ne, or, sql, sum } from '@kaja/db/orm';
import { customers, plans, queryCounts, subscriptions, users, type Executor } from '@kaja/db';
import { emitWebhookEvent, inTransaction, recordAudit, systemActor } from '@kaja/zone-writes';
import type { ServiceContext } from '../context';
import { queryUsageMail } from '../ops/mailTemplates';

/** The first instant of the calendar month (UTC) of `now`, and of the next one. */
export function monthOf(now: Date): { start: Date; end: Date } {
  return {
    start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  };
}

/** The DNS queries answered for the customer's zones, deleted ones included, in the calendar month (UTC) of `now`. */
export async function queriesThisMonth(executor: Executor, customerId: string, now: Date): Promise<number> {
  const { start, end } = monthOf(now);
  const [row] = await executor
    .select({ total: sum(queryCounts.count) })
    .from(queryCounts)
    .where(and(eq(queryCounts.customerId, customerId), gte(queryCounts.hour, start), lt(queryCounts.hour, end)));
  return Number(row?.total ?? 0);
}

export const queryMeteringJob = 'queries.meter';
/** How often the month's queries are compared with the plans: the counters land every minute or so. */
export const queryMeteringIntervalMs = 15 * 60_000;
/** The share of the month's queries at which the customer is warned. */
export const warningShare = 0.8;

/**
 * Compares each customer's queries this month with the plan's and keeps the subscription's flags
 * true to it: `queries_warned_at` from 80%, `queries_over_limit_at` from 100%, cleared below
 * (a new month, or a bigger plan). Crossing a mark is an audit event and mails the owners once;
 * answering never stops.
 * The flags are set by a conditional update, so runners racing on the same customer mail once.
 */
export async function meterQueries(ctx: ServiceContext, now: Date): Promise<void> {
  const { start, end } = monthOf(now);
  const used = ctx.db
    .select({ customerId: queryCounts.customerId, queries: sum(queryCounts.count).as('queries') })
    .from(queryCounts)
    .where(and(gte(queryCounts.hour, start), lt(queryCounts.hour, end)))
    .groupBy(queryCounts.customerId)
    .as('used');
  const rows = await ctx.db
    .select({
      subscriptionId: subscriptions.id,
      customerId: subscriptions.customerId,
      customerName: customers.name,
      limit: plans.queriesPerMonth,
      planName: plans.name,
      warnedAt: subscriptions.queriesWarnedAt,
      overLimitAt: subscriptions.queriesOverLimitAt,
      queries: used.queries,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .innerJoin(customers, eq(customers.id, subscriptions.customerId))
    .leftJoin(used, eq(used.customerId, subscriptions.customerId))
    .where(ne(subscriptions.status, 'canceled'));

  for (const row of rows) {
    const queries = Number(row.queries ?? 0);
    const limit = row.limit;
    const over = limit !== null && queries >= limit;
    const warned = limit !== null && queries >= limit * warningShare;
    // Flags of an earlier month, or of a smaller plan, no longer hold.
    const staleOver = row.overLimitAt !== null && (!over || row.overLimitAt < start);
    const staleWarning = row.warnedAt !== null && (!warned || row.warnedAt < start);
    if (staleOver || staleWarning) {
      await ctx.db
        .update(subscriptions)
        .set({ ...(staleOver ? { queriesOverLimitAt: null } : {}), ...(staleWarning ? { queriesWarnedAt: null } : {}) })
        .where(eq(subscriptions.id, row.subscriptionId));
    }
    if (limit === null || !warned) continue;
    const unset = over
      ? or(isNull(subscriptions.queriesOverLimitAt), lt(subscriptions.queriesOverLimitAt, start))
      : or(isNull(subscriptions.queriesWarnedAt), lt(subscriptions.queriesWarnedAt, start));
    // Past 100% at once: the warning is taken as given, so no 80% mail follows the over-limit one.
    const flag = over
      ? { queriesOverLimitAt: now, queriesWarnedAt: sql`coalesce(${subscriptions.queriesWarnedAt}, ${now.toISOString()}::timestamptz)` }
      : { queriesWarnedAt: now };
    const month = start.toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const flagged = await inTransaction(ctx, async (tx, after) => {
      const [updated] = await tx
        .update(subscriptions)
        .set(flag)
        .where(and(eq(subscriptions.id, row.subscriptionId), unset))
        .returning({ id: subscriptions.id });
      if (!updated) return false;
      await recordAudit(tx, systemActor, {
        customerId: row.customerId,
        action: over ? 'subscription.queries_over_limit' : 'subscription.queries_warning',
        targetType: 'subscription',
        targetId: row.subscriptionId,
        summary: { month: start.toISOString().slice(0, 7), queries, limit },
      });
      await emitWebhookEvent(tx, {
        customerId: row.customerId,
        type: 'quota.threshold_reached',
        at: now,
        data: {
          quota: 'monthly_queries',
          threshold_percent: over ? 100 : 80,
          month: start.toISOString().slice(0, 7),
          queries,
          limit,
          resets_at: end.toISOString(),
        },
      });
      const owners = await tx
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.customerId, row.customerId), eq(users.role, 'owner')));
      for (const owner of owners) {
        after.mail(queryUsageMail(ctx.config, owner.email, { customer: row.customerName, plan: row.planName, month, queries, limit, over, resetsAt: end }));
      }
      return true;
    });
    if (!flagged) continue;
    ctx.log.info({ customer_id: row.customerId, queries, limit, over }, 'monthly queries passed a mark of the plan');
  }
}
