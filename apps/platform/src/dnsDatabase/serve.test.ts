// The DNS server on the database, driven through the real API over HTTP and asked with Node's
// resolver (c-ares). On PGlite the node hears changes in process; with DATABASE_URL (npm run
// test:db) it hears them through LISTEN/NOTIFY on its own connection.
import { resolveKeyEncryptionKey } from '@kaja/config';
import { queryCounts, zones, type ZoneChangeNotice } from '@kaja/db';
import { eq, sql } from '@kaja/db/orm';
import { signUpOwner, startTestApi, type TestAccount, type TestApi } from '@kaja/api/testing';
import { createZone, setPlan } from '@kaja/api/testing/zones';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseDnsServer, databaseNotices, inPlaceChangeLimit, inProcessNotices, type NoticeSource, serveDatabaseZones } from '@kaja/dns';
import { lookupWith } from './testing';

/** How long a change may take to show before the test fails: a bound, not the measure (see bench:dns-live). */
const visibleWithin = { timeout: 3000, interval: 5 };

describe(`the DNS server on the database (${process.env.DATABASE_URL ? 'PostgreSQL, LISTEN' : 'PGlite, in process'})`, () => {
  let api: TestApi;
  let owner: TestAccount;
  let dns: DatabaseDnsServer;
  let look: ReturnType<typeof lookupWith>;
  /** While true the node misses every change notice. */
  let deaf = false;
  /** Every notice the node was sent, heard or missed. */
  const sent: ZoneChangeNotice[] = [];
  /** Tells the node a notice as if from the database. */
  let tell: (notice: ZoneChangeNotice) => void;

  beforeAll(async () => {
    api = await startTestApi();
    owner = await signUpOwner(api);
    await setPlan(api, owner, 'scale');
    const notices = api.database.kind === 'postgres' ? databaseNotices(api.database) : inProcessNotices((listener) => api.app.zoneChanges.subscribe(listener));
    const gated: NoticeSource = (onNotice, onLost, onBehind) => {
      tell = onNotice;
      return notices(
        (notice) => {
          sent.push(notice);
          if (!deaf) onNotice(notice);
        },
        onLost,
        onBehind,
      );
    };
    dns = await serveDatabaseZones({
      database: api.database,
      keyEncryptionKey: resolveKeyEncryptionKey(api.config),
      sources: [gated],
      listen: [{ host: '127.0.0.1', port: 0 }],
      nodeName: 'test-node',
      // Only notices keep this node fresh within a test; the periodic sync has a test of its own.
      follower: { syncIntervalMs: 600_000 },
      countsFlushIntervalMs: 600_000,
      // Zones of 64 KB of records or more are built on the builder's thread (2 MB otherwise).
      buildBesideBytes: 64 * 1024,
    });
    look = lookupWith(dns.addresses[0]!.port);
  });
  afterAll(async () => {
    await dns?.close();
    await api?.close();
  });

  const records = (zoneId: string) => `/zones/${zoneId}/records`;
  /**
   * Runs `changes` while the node is deaf, and hears again only once the notice of the zone's last
   * change was sent: through LISTEN a notice may arrive after the call that caused it returned.
   */
  const missing = async (zone: { id: string; name: string }, changes: () => Promise<void>) => {
    deaf = true;
    try {
      await changes();
      const [row] = await api.database.db.select({ serial: zones.serial }).from(zones).where(eq(zones.id, zone.id));
      await expect.poll(() => sent.some((n) => n.zone === zone.name && n.serial >= row!.serial), visibleWithin).toBe(true);
    } finally {
      deaf = false;
    }
  };
  const send = async (method: string, path: string, body?: unknown, headers?: Record<string, string>) => {
    const response = await api.request(method, path, { token: owner.apiKey, body, ...(headers ? { headers } : {}) });
    expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
    return response.body?.data;
  };

  it('answers every API change right after the call returns: records, bulk changes, imports, disable, enable, delete', async () => {
    const zone = await createZone(api, owner);
    await expect.poll(() => look(zone.name, 'NS'), visibleWithin).toEqual(['ns1.eu.kaja.dns', 'ns1.global.kaja.dns', 'ns2.eu.kaja.dns', 'ns2.global.kaja.dns']);

    const www = await send('POST', records(zone.id), { type: 'A', name: 'www', content: ['192.0.2.1', '192.0.2.2'] });
    await expect.poll(() => look(`www.${zone.name}`, 'A'), visibleWithin).toEqual(['192.0.2.1', '192.0.2.2']);

    await send('PUT', `${records(zone.id)}/${www.id}`, { ttl: 120, content: '198.51.100.7' });
    await expect.poll(() => look(`www.${zone.name}`, 'A'), visibleWithin).toEqual(['198.51.100.7']);

    await send('POST', records(zone.id), { type: 'A', name: 'old', content: '192.0.2.9' });
    await send('PATCH', records(zone.id), {
      changes: [
        { action: 'create', type: 'MX', name: '@', content: ['10 mail.example.net.'] },
        { action: 'create', type: 'CNAME', name: 'shop', content: `www.${zone.name}.` },
        { action: 'delete', type: 'A', name: 'old' },
      ],
    });
    await expect.poll(() => look(`old.${zone.name}`, 'A'), visibleWithin).toBe('ENOTFOUND');
    expect(await look(zone.name, 'MX')).toEqual([JSON.stringify({ exchange: 'mail.example.net', priority: 10 })]);
    expect(await look(`shop.${zone.name}`, 'A')).toEqual(['198.51.100.7']);

    await send('POST', `/zones/${zone.id}/import`, `$ORIGIN ${zone.name}.\napi 300 IN AAAA 2001:db8::7\n*.apps 300 IN TXT "imported"\n`, {
      'content-type': 'text/dns',
    });
    await expect.poll(() => look(`api.${zone.name}`, 'AAAA'), visibleWithin).toEqual(['2001:db8::7']);
    expect(await look(`anything.apps.${zone.name}`, 'TXT')).toEqual(['["imported"]']);

    await send('DELETE', `${records(zone.id)}/${www.id}`);
    await expect.poll(() => look(`www.${zone.name}`, 'A'), visibleWithin).toBe('ENOTFOUND');

    await send('PUT', `/zones/${zone.id}`, { status: 'disabled' });
    await expect.poll(() => look(`api.${zone.name}`, 'AAAA'), visibleWithin).toBe('EREFUSED');
    await send('PUT', `/zones/${zone.id}`, { status: 'active' });
    await expect.poll(() => look(`api.${zone.name}`, 'AAAA'), visibleWithin).toEqual(['2001:db8::7']);

    await send('DELETE', `/zones/${zone.id}`);
    await expect.poll(() => look(zone.name, 'SOA'), visibleWithin).toBe('EREFUSED');
    await api.app.jobs.runUntilIdle();
    expect(await api.database.db.select().from(zones).where(eq(zones.id, zone.id))).toEqual([]);
    expect(await look(zone.name, 'SOA')).toBe('EREFUSED');
    expect(dns.zones.get(zone.name)).toBeUndefined();
  });

  it('serves a zone created again under the name of a deleted one, with its own records', async () => {
    const first = await createZone(api, owner);
    await send('POST', records(first.id), { type: 'TXT', name: 'gen', content: 'first' });
    await expect.poll(() => look(`gen.${first.name}`, 'TXT'), visibleWithin).toEqual(['["first"]']);
    await send('DELETE', `/zones/${first.id}`);
    await api.app.jobs.runUntilIdle();
    const second = await createZone(api, owner, { name: first.name });
    await send('POST', records(second.id), { type: 'TXT', name: 'gen', content: 'second' });
    await expect.poll(() => look(`gen.${first.name}`, 'TXT'), visibleWithin).toEqual(['["second"]']);
    expect(dns.loader.zoneId(first.name)).toBe(second.id);
  });

  it('applies the change its notice carries without reading the database', async () => {
    const zone = await createZone(api, owner);
    await expect.poll(() => look(zone.name, 'SOA'), visibleWithin).not.toBe('EREFUSED');
    await missing(zone, async () => {
      await send('POST', records(zone.id), { type: 'A', name: 'carried', content: '192.0.2.10' });
    });
    const notice = sent.findLast((n) => n.zone === zone.name)!;
    expect(notice.change?.added).toContainEqual({ name: `carried.${zone.name}`, type: 'A', ttl: expect.any(Number), content: '192.0.2.10' });
    // The notice says another address than the database holds: the node answers what it was told.
    tell({ ...notice, change: { ...notice.change!, added: notice.change!.added.map((r) => (r.type === 'A' ? { ...r, content: '192.0.2.99' } : r)) } });
    await expect.poll(() => look(`carried.${zone.name}`, 'A'), visibleWithin).toEqual(['192.0.2.99']);
    expect(dns.zones.get(zone.name)!.serial).toBe(notice.serial);
  });

  it('applies changes to one zone heard in quick succession from what they carry, in order, without reading the database', async () => {
    const zone = await createZone(api, owner);
    await expect.poll(() => look(zone.name, 'SOA'), visibleWithin).not.toBe('EREFUSED');
    await missing(zone, async () => {
      for (const name of ['one', 'two', 'three']) await send('POST', records(zone.id), { type: 'A', name, content: '192.0.2.10' });
    });
    const notices = sent.filter((n) => n.zone === zone.name).slice(-3);
    // Each says another address than the database holds: a read would show the database's.
    const told = notices.map((notice, i) => ({
      ...notice,
      change: { ...notice.change!, added: notice.change!.added.map((r) => (r.type === 'A' ? { ...r, content: `192.0.2.${91 + i}` } : r)) },
    }));
    // Heard at once: the second and third arrive while the first is being applied.
    for (const notice of told) tell(notice);
    await expect.poll(() => look(`three.${zone.name}`, 'A'), visibleWithin).toEqual(['192.0.2.93']);
    expect(await look(`one.${zone.name}`, 'A')).toEqual(['192.0.2.91']);
    expect(await look(`two.${zone.name}`, 'A')).toEqual(['192.0.2.92']);
    expect(dns.zones.get(zone.name)!.serial).toBe(notices[2]!.serial);
  });

  it('takes a change too big to apply in place as a whole zone built beside the answers, and swaps it in', async () => {
    const zone = await createZone(api, owner);
    await send('POST', records(zone.id), { type: 'A', name: 'small', content: '192.0.2.1' });
    await expect.poll(() => look(`small.${zone.name}`, 'A'), visibleWithin).toEqual(['192.0.2.1']);
    const before = dns.zones.get(zone.name)!;
    await send('POST', records(zone.id), { type: 'A', name: 'small2', content: '192.0.2.2' });
    await expect.poll(() => look(`small2.${zone.name}`, 'A'), visibleWithin).toEqual(['192.0.2.2']);
    // A small change is applied to the served zone itself.
    expect(dns.zones.get(zone.name)).toBe(before);

    const built = dns.loader.builder!.built;
    const count = inPlaceChangeLimit + 1000;
    let text = `$ORIGIN ${zone.name}.
`;
    for (let i = 0; i < count; i++)
      text += `h${i} 300 IN A 10.0.${i >> 8}.${i & 255}
`;
    await send('POST', `/zones/${zone.id}/import`, text, { 'content-type': 'text/dns' });
    await expect
      .poll(() => look(`h${count - 1}.${zone.name}`, 'A'), { ...visibleWithin, timeout: 20_000 })
      .toEqual([`10.0.${(count - 1) >> 8}.${(count - 1) & 255}`]);
    const swapped = dns.zones.get(zone.name)!;
    expect(swapped).not.toBe(before);
    expect(dns.loader.builder!.built).toBeGreaterThan(built);
    const [row] = await api.database.db.select({ serial: zones.serial }).from(zones).where(eq(zones.id, zone.id));
    expect(swapped.serial).toBe(row!.serial);
    expect(await look(`h0.${zone.name}`, 'A')).toEqual(['10.0.0.0']);
    expect(await look(`small.${zone.name}`, 'A')).toEqual(['192.0.2.1']);

    // The zone swapped in takes small changes in place again.
    await send('POST', records(zone.id), { type: 'A', name: 'after', content: '192.0.2.3' });
    await expect.poll(() => look(`after.${zone.name}`, 'A'), visibleWithin).toEqual(['192.0.2.3']);
    expect(dns.zones.get(zone.name)).toBe(swapped);
  });

  it('catches up from the journal by serial when a notice was missed', async () => {
    const zone = await createZone(api, owner);
    await expect.poll(() => look(zone.name, 'SOA'), visibleWithin).not.toBe('EREFUSED');
    const served = dns.zones.get(zone.name)!.serial;

    await missing(zone, async () => {
      await send('POST', records(zone.id), { type: 'A', name: 'missed', content: '192.0.2.10' });
      await send('POST', records(zone.id), { type: 'A', name: 'missed-too', content: '192.0.2.11' });
    });
    // Nothing told the node: it still serves the serial it had.
    expect(dns.zones.get(zone.name)!.serial).toBe(served);
    expect(await look(`missed.${zone.name}`, 'A')).toBe('ENOTFOUND');

    // The next notice names a serial two changes ahead: the node applies all three journal rows.
    await send('POST', records(zone.id), { type: 'A', name: 'heard', content: '192.0.2.12' });
    await expect.poll(() => look(`heard.${zone.name}`, 'A'), visibleWithin).toEqual(['192.0.2.12']);
    expect(await look(`missed.${zone.name}`, 'A')).toEqual(['192.0.2.10']);
    expect(await look(`missed-too.${zone.name}`, 'A')).toEqual(['192.0.2.11']);
    expect(dns.zones.get(zone.name)!.serial).toBe(served + 3);
  });

  it('catches up over more missed changes than one read of the journal holds, without loading the zone whole', async () => {
    const zone = await createZone(api, owner);
    await expect.poll(() => look(zone.name, 'SOA'), visibleWithin).not.toBe('EREFUSED');
    const served = dns.zones.get(zone.name)!;
    const serial = served.serial;

    // A read takes 100 journal rows: 130 changes need two reads.
    const missed = 130;
    await missing(zone, async () => {
      for (let i = 0; i < missed; i++) await send('POST', records(zone.id), { type: 'A', name: `missed-${i}`, content: `192.0.2.${i % 250}` });
    });
    await send('POST', records(zone.id), { type: 'A', name: 'heard', content: '192.0.2.12' });
    await expect.poll(() => look(`heard.${zone.name}`, 'A'), visibleWithin).toEqual(['192.0.2.12']);
    expect(await look(`missed-0.${zone.name}`, 'A')).toEqual(['192.0.2.0']);
    expect(await look(`missed-${missed - 1}.${zone.name}`, 'A')).toEqual([`192.0.2.${missed - 1}`]);
    // The same zone, changed in place from its journal: a whole load would have built another.
    expect(dns.zones.get(zone.name)).toBe(served);
    expect(served.serial).toBe(serial + missed + 1);
  });

  if (process.env.DATABASE_URL) {
    it('listens again after its LISTEN connection is lost and catches up on what it missed meanwhile', async () => {
      const zone = await createZone(api, owner);
      await expect.poll(() => look(zone.name, 'SOA'), visibleWithin).not.toBe('EREFUSED');
      const killed = await api.database.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %' AND pid <> pg_backend_pid()`,
      );
      expect((killed as { rows: unknown[] }).rows).toHaveLength(1);
      // Announced while nobody listens: only the catch-up after listening again can bring it.
      await send('POST', records(zone.id), { type: 'A', name: 'meanwhile', content: '192.0.2.50' });
      await expect.poll(() => look(`meanwhile.${zone.name}`, 'A'), { timeout: 10_000, interval: 20 }).toEqual(['192.0.2.50']);
      await send('POST', records(zone.id), { type: 'A', name: 'after', content: '192.0.2.51' });
      await expect.poll(() => look(`after.${zone.name}`, 'A'), visibleWithin).toEqual(['192.0.2.51']);
    });
  }

  it('catches up by its periodic sync when it hears no notices at all', async () => {
    const silent = await serveDatabaseZones({
      database: api.database,
      keyEncryptionKey: resolveKeyEncryptionKey(api.config),
      sources: [],
      listen: [{ host: '127.0.0.1', port: 0 }],
      nodeName: 'silent-node',
      follower: { syncIntervalMs: 200 },
    });
    try {
      const lookSilent = lookupWith(silent.addresses[0]!.port);
      const zone = await createZone(api, owner);
      await send('POST', records(zone.id), { type: 'A', name: 'www', content: '192.0.2.20' });
      await expect.poll(() => lookSilent(`www.${zone.name}`, 'A'), { timeout: 5000, interval: 20 }).toEqual(['192.0.2.20']);
      await send('POST', records(zone.id), { type: 'A', name: 'www', content: '192.0.2.21' });
      await expect.poll(() => lookSilent(`www.${zone.name}`, 'A'), { timeout: 5000, interval: 20 }).toEqual(['192.0.2.20', '192.0.2.21']);
      await send('PUT', `/zones/${zone.id}`, { status: 'disabled' });
      await expect.poll(() => lookSilent(`www.${zone.name}`, 'A'), { timeout: 5000, interval: 20 }).toBe('EREFUSED');
    } finally {
      await silent.close();
    }
  });

  it('writes the query counts per zone, type and response code, and none for names it does not host', async () => {
    const zone = await createZone(api, owner);
    await send('POST', records(zone.id), { type: 'A', name: 'www', content: '192.0.2.30' });
    await expect.poll(() => look(`www.${zone.name}`, 'A'), visibleWithin).toEqual(['192.0.2.30']);
    await dns.flushCounts();
    await api.database.db.delete(queryCounts).where(eq(queryCounts.zoneId, zone.id));

    for (let i = 0; i < 5; i++) expect(await look(`www.${zone.name}`, 'A')).toEqual(['192.0.2.30']);
    for (let i = 0; i < 2; i++) expect(await look(`nope.${zone.name}`, 'A')).toBe('ENOTFOUND');
    expect(await look('not-hosted.example', 'A')).toBe('EREFUSED');
    await dns.flushCounts();

    const rows = await api.database.db.select().from(queryCounts).where(eq(queryCounts.zoneId, zone.id));
    const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
    expect(rows.map(({ qtype, rcode, count }) => ({ qtype, rcode, count })).sort((a, b) => a.rcode - b.rcode)).toEqual([
      { qtype: 1, rcode: 0, count: 5 },
      { qtype: 1, rcode: 3, count: 2 },
    ]);
    expect(rows.every((row) => row.hour.getTime() === hour.getTime() || row.hour.getTime() === hour.getTime() - 3_600_000)).toBe(true);
    // A second flush adds to the same rows.
    expect(await look(`www.${zone.name}`, 'A')).toEqual(['192.0.2.30']);
    await dns.flushCounts();
    const [again] = await api.database.db.select().from(queryCounts).where(eq(queryCounts.zoneId, zone.id)).orderBy(queryCounts.rcode);
    expect(again!.count).toBe(6);
    expect((await api.database.db.select().from(queryCounts).where(eq(queryCounts.rcode, 5))).length).toBe(0);
  });
});
