import { zoneChanges, type Executor, type ZoneChangeRecord } from '@kaja/db';
import { and, asc, eq, gte, sql } from '@kaja/db/orm';
import { wireRecord } from '../zoneFile';
import type { ZoneChange } from '../zone';

/** One zone change as stored: records in canonical presentation (dns-model `ZoneRecord`). */
export interface StoredZoneChange {
  previousSerial: number;
  serial: number;
  removed: ZoneChangeRecord[];
  added: ZoneChangeRecord[];
}

/**
 * The changes of a zone from `serial` on, in commit order, starting with the change that produced
 * `serial` itself, at most `limit` rows. Empty when the stored changes do not reach back to `serial`
 * (a transfer then falls back to the whole zone, a DNS node reloads it).
 */
export async function readZoneChanges(db: Executor, zoneId: string, serial: number, limit = 100): Promise<StoredZoneChange[]> {
  // Serials are unique per zone but wrap (RFC 1982); commit order is the row id.
  const anchor = db
    .select({ id: zoneChanges.id })
    .from(zoneChanges)
    .where(and(eq(zoneChanges.zoneId, zoneId), eq(zoneChanges.serial, serial)));
  return db
    .select({ previousSerial: zoneChanges.previousSerial, serial: zoneChanges.serial, removed: zoneChanges.removed, added: zoneChanges.added })
    .from(zoneChanges)
    .where(and(eq(zoneChanges.zoneId, zoneId), gte(zoneChanges.id, sql`(${anchor})`)))
    .orderBy(asc(zoneChanges.id))
    .limit(limit);
}

/** A stored zone change in the wire form `Zone.apply` takes. */
export function wireChange(entry: StoredZoneChange): ZoneChange {
  return {
    previousSerial: entry.previousSerial,
    serial: entry.serial,
    removed: entry.removed.map(wireRecord),
    added: entry.added.map(wireRecord),
  };
}
