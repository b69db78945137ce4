import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@kaja/config';
import { asc, eq } from '@kaja/db/orm';
import { customers, rrsets, zoneChanges, zones, type DatabaseHandle, type ZoneChangeNotice } from '@kaja/db';
import { createTestDatabase } from '@kaja/db/testing';
import { editZone, zoneNameServers } from './editZone';
import type { WriteContext } from './context';
import type { RecordEdit } from './recordEdits';
import type { Caller } from './restrictions';
import { nextSerial, soaContent } from './soa';
import { ZoneChangePublisher } from './zoneChangePublisher';
import type { ZoneIdentity } from './zoneIdentities';
import { sortKeyOf } from './zoneSets';

// Writes of one zone made while one of its transactions runs go together in the next (`inZoneBatch`):
// one statement locks the zone and reads every write's neighbourhood, and each write is planned
// against the zone as the writes before it in the batch left it. Writes made in one go queue behind
// the first, which runs alone: the rest are one batch.
describe('record writes of one zone in one transaction', () => {
  let database: DatabaseHandle;
  let ctx: WriteContext;
  let caller: Caller;
  const published: ZoneChangeNotice[] = [];
  const silent = { info() {}, warn() {}, error() {} };

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig({});
    ctx = { db: database.db, config, log: silent, zoneChanges: new ZoneChangePublisher(silent) };
    ctx.zoneChanges.subscribe((notice) => published.push(notice));
    const [customer] = await database.db.insert(customers).values({ name: 'Batch' }).returning();
    caller = { customerId: customer!.id, actor: { type: 'user', userId: null, apiKeyId: null, ip: null }, credential: { kind: 'session' } };
  });
  afterAll(() => database?.close());

  let zoneCount = 0;
  async function newZone(): Promise<ZoneIdentity & { type: 'primary'; serial: number }> {
    const name = `batch-${++zoneCount}.example`;
    const serial = 2026010100;
    const [zone] = await database.db.insert(zones).values({ name, customerId: caller.customerId, region: 'EU_GLOBAL', ttl: 3600, serial }).returning();
    await database.db.insert(rrsets).values({
      zoneId: zone!.id,
      name,
      type: 'SOA',
      typeCode: 6,
      sortKey: sortKeyOf(name),
      ttl: 3600,
      contents: [soaContent(name, zoneNameServers(ctx, { region: 'EU_GLOBAL' }), serial)],
      managed: true,
    });
    return { id: zone!.id, name, customerId: caller.customerId, type: 'primary', serial };
  }

  const add = (name: string, type: string, content: string): RecordEdit => ({ action: 'add', name, type, ttl: null, contents: [content] });
  const remove = (name: string, type: string, content: string): RecordEdit => ({ action: 'remove', name, type, content: { ok: true, value: content } });
  const write = (zone: ZoneIdentity & { type: 'primary' }, edit: RecordEdit, ifSerial?: number) =>
    editZone(ctx, caller, zone, [edit], { source: 'api', action: 'records.changed', ifSerial });

  it('plans each write against the zone as the writes before it left it, each with its own serial, journal entry and notice', async () => {
    const zone = await newZone();
    const www = `www.${zone.name}`;
    const host = `host.${zone.name}`;
    published.length = 0;
    const outcomes = await Promise.allSettled([
      write(zone, add(zone.name, 'TXT', '"alone"')),
      // The batch:
      write(zone, add(www, 'CNAME', 'target.example.net.')),
      write(zone, add(www, 'A', '192.0.2.1')),
      write(zone, add(host, 'A', '192.0.2.2')),
      write(zone, remove(host, 'A', '192.0.2.2')),
      write(zone, remove(host, 'A', '192.0.2.2')),
      write(zone, add(host, 'AAAA', '2001:db8::1')),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[2] as PromiseRejectedResult).reason).toMatchObject({ code: 'invalid_change' });
    expect((outcomes[5] as PromiseRejectedResult).reason).toMatchObject({ code: 'rrset_not_found' });

    const serials = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value.serial] : []));
    expect(serials).toEqual([...serials].sort((a, b) => a - b));
    expect(new Set(serials).size).toBe(5);
    // The journal is one chain, each write an entry from the serial before it.
    const journal = await database.db.select().from(zoneChanges).where(eq(zoneChanges.zoneId, zone.id)).orderBy(asc(zoneChanges.serial));
    expect(journal.map((entry) => [entry.previousSerial, entry.serial])).toEqual(
      serials.map((serial, index) => [index === 0 ? zone.serial : serials[index - 1], serial]),
    );
    expect(published.map((notice) => notice.serial)).toEqual(serials);

    // The zone's serial and counts are what its sets are.
    const [row] = await database.db.select().from(zones).where(eq(zones.id, zone.id));
    const sets = await database.db.select().from(rrsets).where(eq(rrsets.zoneId, zone.id));
    expect(row!.serial).toBe(serials.at(-1));
    expect(row!.rrsetCount).toBe(sets.length - 1);
    expect(row!.recordCount).toBe(sets.filter((set) => !set.managed).reduce((total, set) => total + set.contents.length, 0));
    expect(sets.map((set) => `${set.name} ${set.type}`).sort()).toEqual([`${host} AAAA`, `${www} CNAME`, `${zone.name} SOA`, `${zone.name} TXT`].sort());
    const soa = sets.find((set) => set.type === 'SOA')!;
    expect(soa.contents[0]).toContain(` ${serials.at(-1)} `);
  });

  it('checks a serial the change was planned against as the writes before it in the batch left the zone', async () => {
    const zone = await newZone();
    const afterAlone = nextSerial(zone.serial);
    const afterFirstOfBatch = nextSerial(afterAlone);
    const outcomes = await Promise.allSettled([
      write(zone, add(zone.name, 'TXT', '"alone"')),
      // The batch:
      write(zone, add(`a.${zone.name}`, 'A', '192.0.2.10')),
      write(zone, add(`b.${zone.name}`, 'A', '192.0.2.11'), afterAlone),
      write(zone, add(`c.${zone.name}`, 'A', '192.0.2.12'), afterFirstOfBatch),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[2] as PromiseRejectedResult).reason).toMatchObject({ code: 'serial_mismatch' });
  });

  it("refuses in a batch, as alone, a write of another customer's caller, first or not, and writes the others", async () => {
    const zone = await newZone();
    const [other] = await database.db.insert(customers).values({ name: 'Other' }).returning();
    const stranger: Caller = { ...caller, customerId: other!.id };
    const strangers = () => editZone(ctx, stranger, zone, [add(`x.${zone.name}`, 'A', '192.0.2.30')], { source: 'api', action: 'records.changed' });
    const first = await Promise.allSettled([strangers(), write(zone, add(`y.${zone.name}`, 'A', '192.0.2.31'))]);
    const second = await Promise.allSettled([
      write(zone, add(`z.${zone.name}`, 'A', '192.0.2.32')),
      // The batch:
      strangers(),
      write(zone, add(`w.${zone.name}`, 'A', '192.0.2.33')),
    ]);
    expect([...first, ...second].map((outcome) => outcome.status)).toEqual(['rejected', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    for (const refused of [first[0], second[1]]) expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: 'zone_not_found' });
    const labels = (await database.db.select().from(rrsets).where(eq(rrsets.zoneId, zone.id))).map((set) => set.name.split('.')[0]);
    expect(labels.sort()).toEqual([zone.name.split('.')[0], 'w', 'y', 'z']);
  });
});
