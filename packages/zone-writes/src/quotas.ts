import { and, count, eq, ne, sql, sum, type SQL, type SQLWrapper } from '@kaja/db/orm';
import { customers, plans, subscriptions, zones, type Executor, type OnboardingStep } from '@kaja/db';
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
  return (await subscriptionTerms(executor, customerId)).limits;
}

/** The plan's limits and, when the customer has a subscription, the onboarding steps it has done. */
export interface SubscriptionTerms {
  limits: PlanLimits;
  onboardingSteps?: readonly OnboardingStep[];
}

/**
 * The customer's subscription (the one not canceled) and its plan as one JSON value, null without
 * one: a column another statement can read it with. Its names are qualified, as a select of one
 * table renders its columns without their table.
 */
export const subscriptionTermsColumn = (customerId: string | SQLWrapper): SQL<TermsValue | null> => sql`(
  SELECT json_build_object('zones', plans.zones_limit, 'records', plans.records_limit, 'queriesPerMonth', plans.queries_per_month,
    'onboardingSteps', subscriptions.onboarding_steps)
  FROM ${subscriptions} INNER JOIN ${plans} ON plans.id = subscriptions.plan_id
  WHERE subscriptions.customer_id = ${customerId}::uuid AND subscriptions.status <> 'canceled'
  LIMIT 1)`;

/** The terms as `subscriptionTermsColumn` reads them. */
export type TermsValue = PlanLimits & { onboardingSteps: OnboardingStep[] };

/** The terms `subscriptionTermsColumn` read: without a subscription, the default plan's limits. */
export function subscriptionTermsOf(value: TermsValue | null): SubscriptionTerms {
  if (!value) return { limits: { ...findPlan(defaultPlanId)!.limits } };
  const { onboardingSteps, ...limits } = value;
  return { limits, onboardingSteps };
}

async function subscriptionTerms(executor: Executor, customerId: string): Promise<SubscriptionTerms> {
  const result = await executor.execute(sql`SELECT ${subscriptionTermsColumn(customerId)} AS terms`);
  return subscriptionTermsOf((result as { rows: { terms: TermsValue | null }[] }).rows[0]!.terms);
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
 * (`writeChanges`), in the transaction of the write. Returns the onboarding steps the subscription
 * read for the check has done (undefined when none was read), so that a write which adds records
 * need not ask the database again whether `add_records` is done. `terms`, when the caller read them
 * in its transaction already (with the zone's lock), spare the read.
 */
export async function checkRecordQuota(
  executor: Executor,
  customerId: string,
  added: number,
  terms?: SubscriptionTerms,
): Promise<readonly OnboardingStep[] | undefined> {
  if (added <= 0) return undefined;
  const { limits, onboardingSteps } = terms ?? (await subscriptionTerms(executor, customerId));
  const limit = limits.records;
  if (limit === null) return onboardingSteps;
  await lockCustomer(executor, customerId);
  const usage = (await accountUsage(executor, customerId)).records;
  if (usage + added > limit) {
    throw new ZoneWriteError(
      'quota_exceeded',
      `Your plan allows ${limit} records and you have ${usage}: this change adds ${added}. Delete records or change your plan`,
      { resource: 'records', limit, usage, requested: added },
    );
  }
  return onboardingSteps;
}
