import { zoneChanges, zones, type Executor, type ZoneChangeRecord } from '@kaja/db';
import { sql } from '@kaja/db/orm';
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
 * The most records (removed and added, over the changes read at once) a served zone takes in place
 * on the answering thread: some 10 ms of work. A bigger change (an import, a large PATCH) is not
 * read record by record; the zone is read whole at its new serial, built beside the answers
 * (`ZoneBuilder`) and swapped in.
 */
export const inPlaceChangeLimit = 2000;

/** A zone's row as a served zone's refresh reads it, with its journal from the served serial when it moved on. */
export interface ServedZoneRead {
  id: string;
  status: string;
  serial: number;
  /**
   * The changes from the served serial on, in commit order, starting with the change that produced
   * that serial itself (so their start is checked), at most `limit`. Empty when the stored changes
   * do not reach back to it (the node then loads the zone whole), when the zone is another than the
   * one served (another id), or when it is at the served serial. `too many records` when they hold
   * more than `inPlaceChangeLimit` records: they are not read (the node loads the zone whole).
   */
  changes: StoredZoneChange[] | 'too many records';
}

/**
 * What a DNS node reads for each change notice of a zone it serves: the zone's row by name and,
 * when it is still the zone served (`zoneId`) and its serial moved on, its changes from `serial`
 * on (serials are unique per zone but wrap, RFC 1982, so commit order is the row id). One
 * statement is one snapshot, so no transaction is needed: one round trip where a transaction of
 * two reads took four, on every node for every change. Undefined when no zone has the name.
 */
export async function readServedZone(db: Executor, name: string, zoneId: string, serial: number, limit = 100): Promise<ServedZoneRead | undefined> {
  // The first row only shows where the journal starts: its records are the served zone's already.
  const result = await db.execute(sql`
    SELECT json_build_array(z.id, z.status, z.serial,
      CASE WHEN z.id = ${zoneId}::uuid AND z.serial <> ${serial} THEN (
        SELECT CASE WHEN coalesce(sum(c.size), 0) > ${inPlaceChangeLimit} THEN '"too many records"'::json
          ELSE coalesce(json_agg(json_build_array(c.previous_serial, c.serial, c.removed, c.added) ORDER BY c.id), '[]') END
        FROM (
          SELECT c.id, c.previous_serial, c.serial,
            CASE WHEN c.id = f.id THEN '[]'::jsonb ELSE c.removed END AS removed,
            CASE WHEN c.id = f.id THEN '[]'::jsonb ELSE c.added END AS added,
            CASE WHEN c.id = f.id THEN 0 ELSE jsonb_array_length(c.removed) + jsonb_array_length(c.added) END AS size
          FROM ${zoneChanges} c, (SELECT a.id FROM ${zoneChanges} a WHERE a.zone_id = z.id AND a.serial = ${serial}) f
          WHERE c.zone_id = z.id AND c.id >= f.id
          ORDER BY c.id LIMIT ${limit}
        ) c
      ) ELSE '[]' END)::text AS zone
    FROM ${zones} z WHERE z.name = ${name}`);
  const [row] = (result as { rows: { zone: string }[] }).rows;
  if (!row) return undefined;
  const [id, status, current, changes] = JSON.parse(row.zone) as [
    string,
    string,
    number,
    [number, number, ZoneChangeRecord[], ZoneChangeRecord[]][] | 'too many records',
  ];
  return {
    id,
    status,
    serial: current,
    changes:
      changes === 'too many records'
        ? changes
        : changes.map(([previousSerial, changed, removed, added]) => ({ previousSerial, serial: changed, removed, added })),
  };
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
