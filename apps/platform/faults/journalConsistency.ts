import { rrsets, zoneChanges, zones, type Database } from '@kaja/db';
import { asc, eq } from '@kaja/db/orm';

/**
 * What must hold of a zone after any crash of the write path, read from the database: the zone's
 * serial is its newest journal serial, the journal has no gap (each change starts at the serial
 * the one before ended at, the first at 0, the zone's creation), the zone's counts are those of
 * its record sets, and replaying the journal from the creation gives exactly the record sets.
 * Gives what does not hold, one line each (none: consistent).
 */
export async function journalInconsistencies(db: Database, zoneId: string): Promise<string[]> {
  const problems: string[] = [];
  const [zone] = await db.select().from(zones).where(eq(zones.id, zoneId));
  if (!zone) return [`zone ${zoneId} is missing`];
  const journal = await db.select().from(zoneChanges).where(eq(zoneChanges.zoneId, zoneId)).orderBy(asc(zoneChanges.id));
  const sets = await db.select().from(rrsets).where(eq(rrsets.zoneId, zoneId));

  if (journal.at(-1)?.serial !== zone.serial) problems.push(`${zone.name}: serial ${zone.serial}, newest journal serial ${journal.at(-1)?.serial}`);
  let serial = 0;
  for (const change of journal) {
    if (change.previousSerial !== serial) problems.push(`${zone.name}: journal gap, a change from ${change.previousSerial} after serial ${serial}`);
    serial = change.serial;
  }

  if (zone.rrsetCount !== sets.length) problems.push(`${zone.name}: rrset_count ${zone.rrsetCount}, ${sets.length} record sets`);
  const customerRecords = sets.filter((set) => !set.managed).reduce((sum, set) => sum + set.contents.length, 0);
  if (zone.recordCount !== customerRecords) problems.push(`${zone.name}: record_count ${zone.recordCount}, ${customerRecords} records`);

  const replayed = new Set<string>();
  const line = (record: { name: string; ttl: number; type: string; content: string }) => `${record.name} ${record.ttl} ${record.type} ${record.content}`;
  for (const change of journal) {
    for (const record of change.removed) {
      if (!replayed.delete(line(record))) problems.push(`${zone.name}: serial ${change.serial} removes ${line(record)}, which no change added`);
    }
    for (const record of change.added) replayed.add(line(record));
  }
  const stored = new Set(sets.flatMap((set) => set.contents.map((content) => line({ ...set, content }))));
  const missing = [...stored].filter((record) => !replayed.has(record));
  const extra = [...replayed].filter((record) => !stored.has(record));
  if (missing.length > 0) problems.push(`${zone.name}: ${missing.length} stored records the journal never added, e.g. ${missing[0]}`);
  if (extra.length > 0) problems.push(`${zone.name}: ${extra.length} journal records not stored, e.g. ${extra[0]}`);
  return problems;
}
