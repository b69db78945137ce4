import { and, count, eq, ne, sql, sum } from '@kaja/db/orm';
import { customers, plans, subscriptions, zones, type Executor } from '@kaja/db';
import { defaultPlanId, findPlan } from '@kaja/catalog';
import { ZoneWriteError } from './errors';

/** The limits of a plan (null = unlimited). */
export interface PlanLimits {
  zones: number | null;
  records: number | null;
  queriesPerMonth: number | null;
}

/** What counts against the zone and record limits. */
export interface AccountUsage {
  zones: number;
  records: number;
}

/** The limits of the customer's current plan. */
export async function planLimits(executor: Executor, customerId: string): Promise<PlanLimits> {
  const [row] = await executor
    .select({ zones: plans.zonesLimit, records: plans.recordsLimit, queriesPerMonth: plans.queriesPerMonth })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.customerId, customerId), ne(subscriptions.status, 'canceled')));
  if (row) return row;
  return { ...findPlan(defaultPlanId)!.limits };
}

/**
 * The customer's zones and records (the platform's SOA and apex NS not counted, nor the catalog zone). Zones being
 * deleted no longer count, nor do their records: they are not served and go with the zone.
 */
export async function accountUsage(executor: Executor, customerId: string): Promise<AccountUsage> {
  const [row] = await executor
    .select({ zones: count(), records: sum(zones.recordCount) })
    .from(zones)
    // The catalog zone is the platform's list of the others, no zone the plan counts (decision 058).
    .where(and(eq(zones.customerId, customerId), ne(zones.status, 'deleting'), ne(zones.type, 'catalog')));
  return { zones: row?.zones ?? 0, records: Number(row?.records ?? 0) };
}

/** Serialises the quota checks of one customer: two writes cannot both take the last free place. */
export async function lockCustomer(executor: Executor, customerId: string) {
  await executor.execute(sql`SELECT id FROM ${customers} WHERE id = ${customerId} FOR UPDATE`);
}

/** Refuses a new zone beyond the plan's zone limit. */
export async function checkZoneQuota(executor: Executor, customerId: string): Promise<void> {
  const { zones: limit } = await planLimits(executor, customerId);
  if (limit === null) return;
  await lockCustomer(executor, customerId);
  const usage = (await accountUsage(executor, customerId)).zones;
  if (usage + 1 > limit) {
    throw new ZoneWriteError('quota_exceeded', `Your plan allows ${limit} zones and you have ${usage}: delete a zone or change your plan`, {
      resource: 'zones',
      limit,
      usage,
    });
  }
}

/**
 * Refuses a change that would take the customer's records (all zones) beyond the plan's limit.
 * Only growth is checked: shrinking is always allowed. Every record write goes through here
 * (`writeChanges`), in the transaction of the write.
 */
export async function checkRecordQuota(executor: Executor, customerId: string, added: number): Promise<void> {
  if (added <= 0) return;
  const { records: limit } = await planLimits(executor, customerId);
  if (limit === null) return;
  await lockCustomer(executor, customerId);
  const usage = (await accountUsage(executor, customerId)).records;
  if (usage + added > limit) {
    throw new ZoneWriteError(
      'quota_exceeded',
      `Your plan allows ${limit} records and you have ${usage}: this change adds ${added}. Delete records or change your plan`,
      { resource: 'records', limit, usage, requested: added },
    );
  }
}
