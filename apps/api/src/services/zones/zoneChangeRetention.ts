import type { Database } from '@kaja/db';
import { sql } from '@kaja/db/orm';

/** The recurring job that trims the zone changes. */
export const zoneChangeRetentionJob = 'zoneChanges.trim';
export const zoneChangeRetentionIntervalMs = 3_600_000;

/** Rows deleted per statement, so trimming many zone changes never holds its locks for long. */
const trimBatch = 5000;

export interface ZoneChangeRetention {
  /** A change older than this many days may go... */
  days: number;
  /** ...unless it is among its zone's last this many changes. */
  keepChanges: number;
}

/**
 * Deletes the zone changes the retention rule lets go, oldest first, in batches; returns how many.
 * A zone's history, restores and IXFR then reach back that far; a DNS node or secondary further
 * behind loads or transfers the zone whole.
 */
export async function trimZoneChanges(db: Database, rule: ZoneChangeRetention, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - rule.days * 86_400_000).toISOString();
  let deleted = 0;
  for (;;) {
    // The zone's keepChanges-th newest row (by id, the commit order): rows before it may go.
    const result = await db.execute(sql`
      DELETE FROM zone_changes WHERE id IN (
        SELECT c.id FROM zone_changes c
        WHERE c.created_at < ${cutoff}::timestamptz
          AND c.id < (SELECT k.id FROM zone_changes k WHERE k.zone_id = c.zone_id ORDER BY k.id DESC OFFSET ${rule.keepChanges - 1} LIMIT 1)
        ORDER BY c.id
        LIMIT ${trimBatch})
      RETURNING id`);
    const removed = (result as { rows: unknown[] }).rows.length;
    deleted += removed;
    if (removed < trimBatch) return deleted;
  }
}
