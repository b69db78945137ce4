import { funnelEvents, funnelSteps, type Database, type Executor, type FunnelStep } from '@kaja/db';
import { and, count, eq, gte, inArray, sql } from '@kaja/db/orm';
import type { ServiceContext } from '../../context';
import { periodStarts, type Period } from './periods';

/**
 * Records that a customer reached a step of the funnel (decision 064), in the transaction of what caused
 * it, so a step is counted when its cause commits and never without it. The table's key (customer, step)
 * keeps the first time only: a second zone or a second paid invoice changes nothing.
 */
export async function recordFunnelStep(ctx: Pick<ServiceContext, 'config' | 'now'>, tx: Executor, customerId: string, step: FunnelStep): Promise<void> {
  if (!ctx.config.analytics.enabled) return;
  await tx.insert(funnelEvents).values({ customerId, step, reachedAt: ctx.now() }).onConflictDoNothing();
}

type StepCounts = Record<FunnelStep, number>;
const noSteps = (): StepCounts => Object.fromEntries(funnelSteps.map((step) => [step, 0])) as StepCounts;

/**
 * The funnel for staff: how many customers reached each step in each day or week (UTC, weeks from
 * Monday), and, of the customers who signed up in those periods, how many went on to each step.
 */
export async function funnelReport(db: Database, period: Period, periods: number, now: Date) {
  const starts = periodStarts(period, periods, now);
  const from = new Date(`${starts[0]}T00:00:00Z`);
  const rows = await db
    .select({
      start: sql<string>`to_char(date_trunc(${period}, ${funnelEvents.reachedAt} at time zone 'UTC'), 'YYYY-MM-DD')`,
      step: funnelEvents.step,
      customers: count(),
    })
    .from(funnelEvents)
    .where(gte(funnelEvents.reachedAt, from))
    .groupBy(sql`1`, funnelEvents.step);
  const byStart = new Map(starts.map((start) => [start, noSteps()]));
  for (const row of rows) {
    const counts = byStart.get(row.start);
    if (counts) counts[row.step] = Number(row.customers);
  }

  const cohort = db
    .select({ customerId: funnelEvents.customerId })
    .from(funnelEvents)
    .where(and(eq(funnelEvents.step, 'signed_up'), gte(funnelEvents.reachedAt, from)));
  const reached = await db
    .select({ step: funnelEvents.step, customers: count() })
    .from(funnelEvents)
    .where(inArray(funnelEvents.customerId, cohort))
    .groupBy(funnelEvents.step);
  const cohortCounts = noSteps();
  for (const row of reached) cohortCounts[row.step] = Number(row.customers);

  return {
    period,
    steps: [...funnelSteps],
    periods: starts.map((start) => ({ start, ...byStart.get(start)! })),
    cohort: funnelSteps.map((step, index) => {
      const previous = index === 0 ? null : cohortCounts[funnelSteps[index - 1]!];
      return {
        step,
        customers: cohortCounts[step],
        // Of those who reached the step before, the share who reached this one (null: nobody did).
        conversion: previous === null ? null : previous === 0 ? null : cohortCounts[step] / previous,
      };
    }),
  };
}

/** Sign-ups per day since `from` (the trial buttons' conversion compares them with the clicks). */
export async function signUpsPerDay(db: Database, from: Date): Promise<Map<string, number>> {
  const rows = await db
    .select({ day: sql<string>`to_char(${funnelEvents.reachedAt} at time zone 'UTC', 'YYYY-MM-DD')`, customers: count() })
    .from(funnelEvents)
    .where(and(eq(funnelEvents.step, 'signed_up'), gte(funnelEvents.reachedAt, from)))
    .groupBy(sql`1`);
  return new Map(rows.map((row) => [row.day, Number(row.customers)]));
}
