import { describe, expect, it } from 'vitest';
import { apiTest } from '../../../apiTest';
import { asc, eq } from '@kaja/db/orm';
import { rrsets, zoneChanges, zoneChangesChannel, type ZoneChangeNotice } from '@kaja/db';
import { createApiKey, errorOf, type TestAccount, type TestApi } from '../../../testing';
import { createZone, customerWithZone, setPlan } from './zoneTestKit';

describe('serials, zone changes, notices, history and restore', () => {
  let api: TestApi;
  let owner: TestAccount;
  apiTest.beforeAll(async ({ api: started, owner: signedUp }) => {
    api = started;
    owner = signedUp;
    await setPlan(api, owner, 'scale');
  });

  const post = (zoneId: string, body: unknown) => api.request('POST', `/zones/${zoneId}/records`, { token: owner.apiKey, body });
  const patch = (zoneId: string, changes: unknown[]) => api.request('PATCH', `/zones/${zoneId}/records`, { token: owner.apiKey, body: { changes } });
  const recordsOf = async (zoneId: string) =>
    (await api.database.db.select().from(rrsets).where(eq(rrsets.zoneId, zoneId)))
      .flatMap((set) => set.contents.map((content) => `${set.name} ${set.ttl} ${set.type} ${content}`))
      .sort();

  it('bumps the SOA serial once per committed change and stores the removed and added records with the SOAs as a zone change', async () => {
    const zone = await createZone(api, owner);
    await post(zone.id, { type: 'A', name: 'www', content: '192.0.2.1' });
    await patch(zone.id, [
      { action: 'replace', type: 'A', name: 'www', content: ['192.0.2.2'], ttl: 300 },
      { action: 'create', type: 'TXT', name: 'www2', content: 'x' },
    ]);
    // A request that changes nothing makes no new serial.
    await post(zone.id, { type: 'TXT', name: 'www2', content: 'x' });
    const changes = await api.database.db.select().from(zoneChanges).where(eq(zoneChanges.zoneId, zone.id)).orderBy(asc(zoneChanges.id));
    expect(changes.map((change) => [change.previousSerial, change.serial])).toEqual([
      [0, zone.serial],
      [zone.serial, zone.serial + 1],
      [zone.serial + 1, zone.serial + 2],
    ]);
    const last = changes[2]!;
    const soa = (serial: number) => `ns1.eu.kaja.dns. hostmaster.${zone.name}. ${serial} 7200 3600 1209600 300`;
    expect(last.removed).toEqual(
      expect.arrayContaining([
        { name: `www.${zone.name}`, type: 'A', ttl: 3600, content: '192.0.2.1' },
        { name: zone.name, type: 'SOA', ttl: 3600, content: soa(zone.serial + 1) },
      ]),
    );
    expect(last.removed).toHaveLength(2);
    expect(last.added).toEqual(
      expect.arrayContaining([
        { name: `www.${zone.name}`, type: 'A', ttl: 300, content: '192.0.2.2' },
        { name: `www2.${zone.name}`, type: 'TXT', ttl: 3600, content: '"x"' },
        { name: zone.name, type: 'SOA', ttl: 3600, content: soa(zone.serial + 2) },
      ]),
    );
    expect(last.actor).toEqual({ type: 'api_key', user_id: owner.userId, api_key_id: owner.apiKeyId });
    expect((await api.request('GET', `/zones/${zone.id}`, { token: owner.apiKey })).body.data.serial).toBe(zone.serial + 2);
  });

  it('replaying the zone changes from the start gives the zone as stored (what IXFR serves)', async () => {
    const zone = await createZone(api, owner);
    await patch(
      zone.id,
      Array.from({ length: 30 }, (_, i) => ({ action: 'create', type: 'A', name: `h${i}`, content: `192.0.2.${i}` })),
    );
    await post(zone.id, { type: 'A', name: 'h1', content: '198.51.100.1', ttl: 120 });
    await api.request('DELETE', `/zones/${zone.id}/records/by-name/h2/A`, { token: owner.apiKey });
    await api.request('PUT', `/zones/${zone.id}`, { token: owner.apiKey, body: { ttl: 7200 } });
    await api.request('POST', `/zones/${zone.id}/import?mode=replace`, {
      token: owner.apiKey,
      headers: { 'content-type': 'text/dns' },
      body: `$TTL 600\nh1 IN A 192.0.2.1\nmail IN MX 10 h1\n`,
    });
    const replayed = new Set<string>();
    const changes = await api.database.db.select().from(zoneChanges).where(eq(zoneChanges.zoneId, zone.id)).orderBy(asc(zoneChanges.id));
    for (const change of changes) {
      for (const record of change.removed) expect(replayed.delete(`${record.name} ${record.ttl} ${record.type} ${record.content}`)).toBe(true);
      for (const record of change.added) replayed.add(`${record.name} ${record.ttl} ${record.type} ${record.content}`);
    }
    expect([...replayed].sort()).toEqual(await recordsOf(zone.id));
    // The zone's own count of sets, the list's total, follows every change.
    const stored = await api.database.db.select().from(rrsets).where(eq(rrsets.zoneId, zone.id));
    expect((await api.request('GET', `/zones/${zone.id}/records`, { token: owner.apiKey })).body.meta.total).toBe(stored.length);
  });

  it('announces each committed change after the commit: in process and on the zone_changes channel', async () => {
    const zone = await createZone(api, owner);
    const inProcess: ZoneChangeNotice[] = [];
    const notified: ZoneChangeNotice[] = [];
    const unsubscribe = api.app.zoneChanges.subscribe((notice) => inProcess.push(notice));
    const unlisten = await api.database.listen(zoneChangesChannel, (payload) => notified.push(JSON.parse(payload)));
    try {
      const response = await post(zone.id, { type: 'A', name: 'www', content: '192.0.2.1' });
      expect(response.status).toBe(201);
      const refused = await post(zone.id, { type: 'CNAME', name: '@', content: 'x.example.net.' });
      expect(refused.status).toBe(422);
      const announced = { zone_id: zone.id, zone: zone.name, serial: zone.serial + 1, status: 'active' };
      // The change itself comes with it, as its zone_changes row holds it (it fits the notification).
      const expected = {
        ...announced,
        change: {
          previous_serial: zone.serial,
          removed: [expect.objectContaining({ name: zone.name, type: 'SOA' })],
          added: expect.arrayContaining([{ name: `www.${zone.name}`, type: 'A', ttl: 3600, content: '192.0.2.1' }]),
        },
      };
      expect(inProcess).toEqual([expected]);
      await expect.poll(() => notified, { timeout: 5000 }).toEqual([expected]);
      await api.request('PUT', `/zones/${zone.id}`, { token: owner.apiKey, body: { status: 'disabled' } });
      expect(inProcess.at(-1)).toEqual({ ...announced, status: 'disabled' });
    } finally {
      unsubscribe();
      await unlisten();
    }
  });

  describe('GET /zones/{id}/history', () => {
    it('lists changes newest first with serial, time, source, actor and the records added and removed', async () => {
      const zone = await createZone(api, owner);
      await post(zone.id, { type: 'A', name: 'www', content: '192.0.2.1' });
      await api.request('DELETE', `/zones/${zone.id}/records/by-name/www/A?content=192.0.2.1`, { token: owner.apiKey });
      const history = await api.request('GET', `/zones/${zone.id}/history`, { token: owner.apiKey });
      expect(history.status).toBe(200);
      expect(history.body.meta).toEqual({ total: 3, limit: 10, offset: 0 });
      const [removal, addition, creation] = history.body.data;
      expect(removal).toMatchObject({
        serial: zone.serial + 2,
        previous_serial: zone.serial + 1,
        source: 'api',
        actor: { type: 'api_key', user_id: owner.userId, api_key_id: owner.apiKeyId },
        added: [],
        removed: [{ name: `www.${zone.name}`, type: 'A', ttl: 3600, content: '192.0.2.1' }],
        added_count: 0,
        removed_count: 1,
      });
      expect(Date.parse(removal.time)).toBeGreaterThan(Date.now() - 60_000);
      expect(addition.added).toEqual([{ name: `www.${zone.name}`, type: 'A', ttl: 3600, content: '192.0.2.1' }]);
      expect(creation).toMatchObject({ serial: zone.serial, previous_serial: 0, source: 'system' });
      expect(creation.added.map((record: any) => record.type)).toEqual(['NS', 'NS', 'NS', 'NS']);

      const page = await api.request('GET', `/zones/${zone.id}/history?limit=1&offset=1`, { token: owner.apiKey });
      expect(page.body.data.map((change: any) => change.serial)).toEqual([zone.serial + 1]);
      expect((await api.request('GET', `/zones/${zone.id}/history?limit=101`, { token: owner.apiKey })).status).toBe(422);
    });

    it('is 404 for another customer and needs records:read', async () => {
      const { account: stranger, zone } = await customerWithZone(api);
      expect((await api.request('GET', `/zones/${zone.id}/history`, { token: owner.apiKey })).status).toBe(404);
      const zonesOnly = await createApiKey(api, stranger, { scopes: ['zones:read'] });
      expect((await api.request('GET', `/zones/${zone.id}/history`, { token: zonesOnly.key })).status).toBe(403);
      const reader = await createApiKey(api, stranger, { scopes: ['records:read'] });
      expect((await api.request('GET', `/zones/${zone.id}/history`, { token: reader.key })).status).toBe(200);
      expect((await api.request('POST', `/zones/${zone.id}/restore`, { token: reader.key, body: { serial: zone.serial } })).status).toBe(403);
    });
  });

  describe('POST /zones/{id}/restore', () => {
    it('brings the records back to their state at a serial as one new change', async () => {
      const zone = await createZone(api, owner);
      await patch(zone.id, [
        { action: 'create', type: 'A', name: 'www', content: ['192.0.2.1', '192.0.2.2'] },
        { action: 'create', type: 'MX', name: '@', content: '10 mail.example.net.' },
      ]);
      const snapshot = await recordsOf(zone.id);
      const kept = zone.serial + 1;
      await post(zone.id, { type: 'TXT', name: '@', content: 'later' });
      await patch(zone.id, [
        { action: 'replace', type: 'A', name: 'www', content: '203.0.113.1', ttl: 60 },
        { action: 'delete', type: 'MX', name: '@' },
      ]);
      await api.request('PUT', `/zones/${zone.id}`, { token: owner.apiKey, body: { ttl: 1800 } });

      const response = await api.request('POST', `/zones/${zone.id}/restore`, { token: owner.apiKey, body: { serial: kept } });
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ restored_serial: kept, serial: zone.serial + 5 });
      const customerRecords = (records: string[]) => records.filter((record) => !/ (SOA|NS) /.test(record));
      expect(customerRecords(await recordsOf(zone.id))).toEqual(customerRecords(snapshot));
      const history = await api.request('GET', `/zones/${zone.id}/history?limit=1`, { token: owner.apiKey });
      expect(history.body.data[0]).toMatchObject({ source: 'restore', serial: zone.serial + 5 });

      // Restoring the zone's creation empties it of customer records.
      await api.request('POST', `/zones/${zone.id}/restore`, { token: owner.apiKey, body: { serial: zone.serial } });
      expect(customerRecords(await recordsOf(zone.id))).toEqual([]);
      expect((await api.request('GET', `/zones/${zone.id}`, { token: owner.apiKey })).body.data.record_count).toBe(0);
    });

    it('answers the changes a restore would make with dry_run=true and writes nothing', async () => {
      const zone = await createZone(api, owner);
      await post(zone.id, { type: 'A', name: 'www', content: '192.0.2.1' });
      const kept = zone.serial + 1;
      await patch(zone.id, [{ action: 'replace', type: 'A', name: 'www', content: '203.0.113.9' }]);
      const before = await recordsOf(zone.id);

      const response = await api.request('POST', `/zones/${zone.id}/restore?dry_run=true`, { token: owner.apiKey, body: { serial: kept } });
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual({
        dry_run: true,
        serial: zone.serial + 2,
        restored_serial: kept,
        changes: [{ name: `www.${zone.name}`, type: 'A', action: 'update', ttl: 3600, removed: ['203.0.113.9'], added: ['192.0.2.1'] }],
      });
      expect(await recordsOf(zone.id)).toEqual(before);
      expect((await api.request('GET', `/zones/${zone.id}/history?limit=1`, { token: owner.apiKey })).body.data[0].serial).toBe(zone.serial + 2);
    });

    it('refuses a serial that is not in the history', async () => {
      const zone = await createZone(api, owner);
      const response = await api.request('POST', `/zones/${zone.id}/restore`, { token: owner.apiKey, body: { serial: 12345 } });
      expect(response.status).toBe(422);
      expect(errorOf(response).details).toEqual({ serial: "The zone's history has no change with serial 12345" });
      expect((await api.request('POST', `/zones/${zone.id}/restore`, { token: owner.apiKey, body: {} })).status).toBe(422);
    });
  });
});
