export const periodKinds = ['day', 'week'] as const;
export type Period = (typeof periodKinds)[number];

const dayMs = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The first days (`YYYY-MM-DD`, UTC) of the last `count` days or weeks up to `now`, oldest first;
 * weeks begin on Monday, as PostgreSQL's `date_trunc('week', …)` has them.
 */
export function periodStarts(period: Period, count: number, now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const mondayOffset = (now.getUTCDay() + 6) % 7;
  const last = period === 'day' ? today : today - mondayOffset * dayMs;
  const step = period === 'day' ? dayMs : 7 * dayMs;
  return Array.from({ length: count }, (_, index) => isoDay(last - (count - 1 - index) * step));
}
