import { enqueueJob, jobs, type Executor } from '@kaja/db';
import { and, eq, sql } from '@kaja/db/orm';

/** The job that transfers a secondary zone in from its primaries. */
export const refreshSecondaryJob = 'secondary_zone.refresh';

/**
 * Makes sure a refresh of the zone runs by `runAt`: a waiting one is brought forward, else one is
 * queued. Each refresh queues the next one, so a zone has one chain of refreshes however many
 * NOTIFYs arrive. The DNS nodes call it for a primary's NOTIFY, the API for a change of primaries.
 */
export async function queueRefresh(executor: Executor, zoneId: string, runAt: Date): Promise<void> {
  const moved = await executor
    .update(jobs)
    .set({ runAt: sql`least(${jobs.runAt}, ${runAt.toISOString()}::timestamptz)` })
    .where(and(eq(jobs.name, refreshSecondaryJob), eq(jobs.status, 'queued'), sql`${jobs.payload}->>'zoneId' = ${zoneId}`))
    .returning({ id: jobs.id });
  if (moved.length === 0) await enqueueJob(executor, refreshSecondaryJob, { zoneId }, { runAt, maxAttempts: 1 });
}
