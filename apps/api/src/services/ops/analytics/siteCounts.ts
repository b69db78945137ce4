import { siteDailyCounts, type Database, type SiteCounterKind } from '@kaja/db';
import { and, desc, eq, gte, lt, sql, sum } from '@kaja/db/orm';
import { signUpsPerDay } from './funnel';
import { periodStarts } from './periods';
import type { SiteEvent } from './siteEvents';

/** The counters one event adds to: a page view counts for its page and, when it came from another site, for that site. */
export function countersOf(event: SiteEvent, ownHosts: readonly string[]): { kind: SiteCounterKind; key: string }[] {
  if (event.type === 'click') return [{ kind: 'click', key: event.button }];
  const referrer = event.referrer?.toLowerCase();
  // Links within the site are navigation, not referrals (the listener leaves them out already).
  const external = referrer && !ownHosts.includes(referrer) ? [{ kind: 'referrer' as const, key: referrer }] : [];
  return [{ kind: 'page', key: event.path }, ...external];
}

/** Adds one to each counter of the day (UTC). */
export async function countSiteEvent(db: Database, counters: { kind: SiteCounterKind; key: string }[], now: Date): Promise<void> {
  const day = now.toISOString().slice(0, 10);
  await db
    .insert(siteDailyCounts)
    .values(counters.map((counter) => ({ day, ...counter, count: 1 })))
    .onConflictDoUpdate({ target: [siteDailyCounts.day, siteDailyCounts.kind, siteDailyCounts.key], set: { count: sql`${siteDailyCounts.count} + 1` } });
}

/** Pages and referring sites listed, the most viewed first. */
const listed = 50;

const totals = (db: Database, kind: SiteCounterKind, from: string) =>
  db
    .select({ key: siteDailyCounts.key, total: sum(siteDailyCounts.count).mapWith(Number) })
    .from(siteDailyCounts)
    .where(and(eq(siteDailyCounts.kind, kind), gte(siteDailyCounts.day, from)))
    .groupBy(siteDailyCounts.key)
    .orderBy(desc(sum(siteDailyCounts.count)), siteDailyCounts.key)
    .limit(listed);

const perDay = async (db: Database, kind: SiteCounterKind, from: string) =>
  new Map(
    (
      await db
        .select({ day: siteDailyCounts.day, total: sum(siteDailyCounts.count).mapWith(Number) })
        .from(siteDailyCounts)
        .where(and(eq(siteDailyCounts.kind, kind), gte(siteDailyCounts.day, from)))
        .groupBy(siteDailyCounts.day)
    ).map((row) => [row.day, row.total]),
  );

/** The site's page views of the last `days` days: per day, per page and per referring site. */
export async function pagesReport(db: Database, days: number, now: Date) {
  const dates = periodStarts('day', days, now);
  const from = dates[0]!;
  const [views, pages, referrers] = await Promise.all([perDay(db, 'page', from), totals(db, 'page', from), totals(db, 'referrer', from)]);
  return {
    days: dates.map((day) => ({ day, views: views.get(day) ?? 0 })),
    pages: pages.map((row) => ({ path: row.key, views: row.total })),
    referrers: referrers.map((row) => ({ host: row.key, views: row.total })),
  };
}

/** The sign-up buttons' clicks against the sign-ups, per day of the last `days` days. */
export async function conversionReport(db: Database, days: number, now: Date) {
  const dates = periodStarts('day', days, now);
  const from = dates[0]!;
  const [clicks, buttons, signUps] = await Promise.all([
    perDay(db, 'click', from),
    totals(db, 'click', from),
    signUpsPerDay(db, new Date(`${from}T00:00:00Z`)),
  ]);
  const perDayRows = dates.map((day) => ({ day, clicks: clicks.get(day) ?? 0, sign_ups: signUps.get(day) ?? 0 }));
  const clickTotal = perDayRows.reduce((total, row) => total + row.clicks, 0);
  const signUpTotal = perDayRows.reduce((total, row) => total + row.sign_ups, 0);
  return {
    days: perDayRows,
    buttons: buttons.map((row) => ({ button: row.key, clicks: row.total })),
    clicks: clickTotal,
    sign_ups: signUpTotal,
    // Sign-ups per click: not every sign-up came from a click (a link shared, the app's own page), so it may pass 1.
    conversion: clickTotal === 0 ? null : signUpTotal / clickTotal,
  };
}

/** The recurring job that removes the site's daily counters past their retention. */
export const analyticsRetentionJob = 'analytics.trim';
export const analyticsRetentionIntervalMs = 3_600_000;

/** Deletes the daily counters of days more than `months` months before `now`; returns how many rows. */
export async function trimSiteCounts(db: Database, months: number, now: Date): Promise<number> {
  const cutoff = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, now.getUTCDate())).toISOString().slice(0, 10);
  const removed = await db.delete(siteDailyCounts).where(lt(siteDailyCounts.day, cutoff)).returning({ day: siteDailyCounts.day });
  return removed.length;
}
