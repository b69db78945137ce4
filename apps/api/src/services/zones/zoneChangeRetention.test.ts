import { customers, zoneChanges, zones, type DatabaseHandle } from '@kaja/db';
import { asc, eq } from '@kaja/db/orm';
import { createTestDatabase } from '@kaja/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trimZoneChanges } from './zoneChangeRetention';

const day = 86_400_000;
const now = new Date('2026-06-01T00:00:00Z');
let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** A zone with `ages.length` journal rows, oldest first, each `ages[i]` days old. */
async function zoneWithJournal(name: string, ages: number[]): Promise<string> {
  const [customer] = await database.db.insert(customers).values({ name }).returning();
  const [zone] = await database.db.insert(zones).values({ customerId: customer!.id, name, region: 'EU', ttl: 3600, serial: ages.length }).returning();
  const rows = ages.map((age, i) => ({
    zoneId: zone!.id,
    previousSerial: i,
    serial: i + 1,
    source: 'api' as const,
    actor: { type: 'system' as const, user_id: null, api_key_id: null },
    removed: [],
    added: [],
    createdAt: new Date(now.getTime() - age * day),
  }));
  for (let at = 0; at < rows.length; at += 1000) await database.db.insert(zoneChanges).values(rows.slice(at, at + 1000));
  return zone!.id;
}

const serials = async (zoneId: string) =>
  (await database.db.select({ serial: zoneChanges.serial }).from(zoneChanges).where(eq(zoneChanges.zoneId, zoneId)).orderBy(asc(zoneChanges.id))).map(
    (row) => row.serial,
  );

describe('the change journal’s retention', () => {
  it('deletes changes older than the retention days unless they are among their zone’s last changes to keep', async () => {
    // 8 changes 100 days old, then 2 from last week: the 2 recent stay by age, the last 3 by count.
    const busy = await zoneWithJournal('busy.example', [100, 100, 100, 100, 100, 100, 100, 100, 7, 1]);
    // Every change old, but fewer than the count kept: the whole journal stays.
    const quiet = await zoneWithJournal('quiet.example', [200, 150]);
    // Every change recent: nothing goes whatever the count.
    const fresh = await zoneWithJournal('fresh.example', [5, 4, 3, 2, 1]);

    expect(await trimZoneChanges(database.db, { days: 90, keepChanges: 3 }, now)).toBe(7);
    expect(await serials(busy)).toEqual([8, 9, 10]);
    expect(await serials(quiet)).toEqual([1, 2]);
    expect(await serials(fresh)).toEqual([1, 2, 3, 4, 5]);
    // Nothing more to let go: a second run deletes nothing.
    expect(await trimZoneChanges(database.db, { days: 90, keepChanges: 3 }, now)).toBe(0);
  });

  it('keeps at least the newest change of a zone, in batches past one statement’s worth', async () => {
    const long = await zoneWithJournal(
      'long.example',
      Array.from({ length: 12_000 }, () => 400),
    );
    // The first test's zones go down to their newest change (or their day-old one) too: 2 + 1 + 4 rows.
    expect(await trimZoneChanges(database.db, { days: 1, keepChanges: 1 }, now)).toBe(11_999 + 7);
    expect(await serials(long)).toEqual([12_000]);
  });
});
