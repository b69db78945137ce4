import { enqueueJob, jobs, type JobRunner } from '@kaja/db';
import { and, eq, inArray } from '@kaja/db/orm';
import { runLifeCycle } from './billingLifeCycle';
import type { ServiceContext, ZoneContext } from '../context';

export const lifeCycleJob = 'subscriptions.life_cycle';
/** The life cycle's steps are days apart: an hourly pass is punctual enough. */
const lifeCycleIntervalMs = 3600_000;

/**
 * Queues the next life-cycle pass unless one is already waiting. Each pass queues the next, so
 * one chain of jobs runs however many nodes there are.
 */
export async function scheduleLifeCycle(ctx: ServiceContext, runAt: Date = new Date()): Promise<void> {
  const [waiting] = await ctx.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.name, lifeCycleJob), inArray(jobs.status, ['queued'])))
    .limit(1);
  if (!waiting) await enqueueJob(ctx.db, lifeCycleJob, {}, { runAt });
}

/** Registers the billing jobs on the runner. */
export function registerBillingJobs(runner: JobRunner, ctx: ZoneContext): void {
  runner.register(lifeCycleJob, async () => {
    await runLifeCycle(ctx);
    await scheduleLifeCycle(ctx, new Date(Date.now() + lifeCycleIntervalMs));
  });
}
