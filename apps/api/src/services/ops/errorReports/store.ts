import { errorEvents, errorIssues, type Database, type ErrorIssueState, type ErrorSource } from '@kaja/db';
import { and, count, desc, eq, lt, ne, sql } from '@kaja/db/orm';
import { recordAudit } from '@kaja/zone-writes';
import { notFound } from '../../../errors';
import { requireStaff, type Principal } from '../../accounts/principal';
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
          // A resolved issue that happens again is open again; a muted one stays muted.
          state: sql`case when ${errorIssues.state} = 'resolved' then 'open' else ${errorIssues.state} end`,
          stateChangedAt: sql`case when ${errorIssues.state} = 'resolved' then excluded.last_seen_at else ${errorIssues.stateChangedAt} end`,
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
  state: row.state,
  state_changed_at: row.stateChangedAt?.toISOString() ?? null,
});

/** Issues, the most recently seen first: those in `state`, or when none is asked all but the muted. */
export async function listIssues(
  db: Database,
  query: { limit: number; offset: number; source?: ErrorSource | undefined; state?: ErrorIssueState | undefined },
) {
  const where = and(
    query.source ? eq(errorIssues.source, query.source) : undefined,
    query.state ? eq(errorIssues.state, query.state) : ne(errorIssues.state, 'muted'),
  );
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

/** Resolves, mutes or reopens an issue (platform staff), with an audit event; returns it as `getIssue` does. */
export async function setIssueState(db: Database, principal: Principal, id: string, state: ErrorIssueState, now: Date) {
  requireStaff(principal);
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ state: errorIssues.state }).from(errorIssues).where(eq(errorIssues.id, id)).for('update');
    if (!before) throw notFound('Error issue');
    if (before.state === state) return;
    await tx.update(errorIssues).set({ state, stateChangedAt: now }).where(eq(errorIssues.id, id));
    await recordAudit(tx, principal.actor, {
      customerId: null,
      action: `error_issue.${state === 'open' ? 'reopened' : state}`,
      targetType: 'error_issue',
      targetId: id,
      summary: { from: before.state, to: state },
    });
  });
  return getIssue(db, id);
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
