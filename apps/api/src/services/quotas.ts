import { and, count, eq, ne, sql, sum } from '@kaja/db/orm';
import { customers, plans, subscriptions, zones, type Executor } from '@kaja/db';
import { defaultPlanId, findPlan } from '@kaja/catalog';
import { ApiError } from '../errors';

/** The zone and record limits of the customer's current plan (null = unlimited). */
export async function planLimits(executor: Executor, customerId: string): Promise<{ zones: number | null; records: number | null }> {
  const [row] = await executor
    .select({ zones: plans.zonesLimit, records: plans.recordsLimit })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.customerId, customerId), ne(subscriptions.status, 'canceled')));
  if (row) return row;
  const plan = findPlan(defaultPlanId)!;
  return { zones: plan.limits.zones, records: plan.limits.records };
}

/** Serialises the quota checks of one customer: two writes cannot both take the last free place. */
export async function lockCustomer(executor: Executor, customerId: string) {
  await executor.execute(sql`SELECT id FROM ${customers} WHERE id = ${customerId} FOR UPDATE`);
}

/** Refuses a new zone beyond the plan's zone limit (zones being deleted no longer count). */
export async function checkZoneQuota(executor: Executor, customerId: string): Promise<void> {
  const { zones: limit } = await planLimits(executor, customerId);
  if (limit === null) return;
  await lockCustomer(executor, customerId);
  const [row] = await executor
    .select({ usage: count() })
    .from(zones)
    .where(and(eq(zones.customerId, customerId), ne(zones.status, 'deleting')));
  const usage = row!.usage;
  if (usage + 1 > limit) {
    throw new ApiError('quota_exceeded', `Your plan allows ${limit} zones and you have ${usage}: delete a zone or change your plan`, {
      resource: 'zones',
      limit,
      usage,
    });
  }
}

/**
 * Refuses a change that would take the customer's records (all zones; the platform's SOA and apex
 * NS not counted) beyond the plan's limit. Only growth is checked: shrinking is always allowed.
 */
export async function checkRecordQuota(executor: Executor, customerId: string, added: number): Promise<void> {
  if (added <= 0) return;
  const { records: limit } = await planLimits(executor, customerId);
  if (limit === null) return;
  await lockCustomer(executor, customerId);
  const [row] = await executor.select({ usage: sum(zones.recordCount) }).from(zones).where(eq(zones.customerId, customerId));
  const usage = Number(row?.usage ?? 0);
  if (usage + added > limit) {
    throw new ApiError(
      'quota_exceeded',
      `Your plan allows ${limit} records and you have ${usage}: this change adds ${added}. Delete records or change your plan`,
      { resource: 'records', limit, usage, requested: added },
    );
  }
}

/** What counts against the plan's limits today: zones (not those being deleted) and customer-written records. */
export async function customerUsage(executor: Executor, customerId: string): Promise<{ zones: number; records: number }> {
  const [row] = await executor
    .select({ zones: count(), records: sum(zones.recordCount) })
    .from(zones)
    .where(and(eq(zones.customerId, customerId), ne(zones.status, 'deleting')));
  return { zones: row?.zones ?? 0, records: Number(row?.records ?? 0) };
}
