import { errorEvents, errorIssues, type Database, type ErrorSource } from '@kaja/db';
import { count, desc, eq, lt, sql } from '@kaja/db/orm';
import { notFound } from '../../../errors';
import { culpritOf, fingerprintOf, type ErrorReport } from './reports';

/** Adds one event to its issue (made on its first event); returns the issue's id. */
export async function storeReport(db: Database, report: ErrorReport, now: Date): Promise<string> {
  return db.transaction(async (tx) => {
    const [issue] = await tx
      .insert(errorIssues)
      .values({
        fingerprint: fingerprintOf(report),
        source: report.source,
        type: report.type,
        message: report.message,
        culprit: culpritOf(report),
        eventCount: 1,
        firstSeenAt: now,
        lastSeenAt: now,
        firstRelease: report.release,
        lastRelease: report.release,
      })
      .onConflictDoUpdate({
        target: errorIssues.fingerprint,
        set: {
          eventCount: sql`${errorIssues.eventCount} + 1`,
          lastSeenAt: sql`greatest(${errorIssues.lastSeenAt}, excluded.last_seen_at)`,
          lastRelease: sql`excluded.last_release`,
          message: sql`excluded.message`,
          culprit: sql`excluded.culprit`,
        },
      })
      .returning({ id: errorIssues.id });
    await tx.insert(errorEvents).values({
      issueId: issue!.id,
      receivedAt: now,
      release: report.release,
      type: report.type,
      message: report.message,
      route: report.route,
      browser: report.browser,
      frames: report.frames,
    });
    return issue!.id;
  });
}

const presentIssue = (row: typeof errorIssues.$inferSelect) => ({
  id: row.id,
  source: row.source,
  type: row.type,
  message: row.message,
  culprit: row.culprit,
  event_count: row.eventCount,
  first_seen_at: row.firstSeenAt.toISOString(),
  last_seen_at: row.lastSeenAt.toISOString(),
  first_release: row.firstRelease,
  last_release: row.lastRelease,
});

/** Issues, the most recently seen first. */
export async function listIssues(db: Database, query: { limit: number; offset: number; source?: ErrorSource | undefined }) {
  const where = query.source ? eq(errorIssues.source, query.source) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(errorIssues).where(where).orderBy(desc(errorIssues.lastSeenAt), desc(errorIssues.id)).limit(query.limit).offset(query.offset),
    db.select({ total: count() }).from(errorIssues).where(where),
  ]);
  return { items: rows.map(presentIssue), total: total!.total };
}

/** Events of one issue kept with it, newest first. */
const eventsShown = 20;

/** One issue with its latest events, each with its stack. */
export async function getIssue(db: Database, id: string) {
  const [row] = await db.select().from(errorIssues).where(eq(errorIssues.id, id));
  if (!row) throw notFound('Error issue');
  const events = await db
    .select()
    .from(errorEvents)
    .where(eq(errorEvents.issueId, id))
    .orderBy(desc(errorEvents.receivedAt), desc(errorEvents.id))
    .limit(eventsShown);
  return {
    ...presentIssue(row),
    events: events.map((event) => ({
      id: event.id,
      received_at: event.receivedAt.toISOString(),
      release: event.release,
      type: event.type,
      message: event.message,
      route: event.route,
      browser: event.browser,
      frames: event.frames,
    })),
  };
}

/** The recurring job that removes expired error events (their issues and counts stay). */
export const errorRetentionJob = 'errorEvents.trim';
export const errorRetentionIntervalMs = 3_600_000;

/** Deletes the events received more than `days` ago; returns how many. */
export async function trimErrorEvents(db: Database, days: number, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const removed = await db.delete(errorEvents).where(lt(errorEvents.receivedAt, cutoff)).returning({ id: errorEvents.id });
  return removed.length;
}
