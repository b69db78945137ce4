// The plan's zone and record limits on every path that writes zones or records: each refusal is
// quota_exceeded with the limit and the usage, and leaves nothing written (serials, counts,
// zone changes and audit log as they were).
import { describe, expect, it } from 'vitest';
import { apiTest } from '../../../apiTest';
import { inArray, sql } from '@kaja/db/orm';
import { auditEvents, zoneChanges } from '@kaja/db';
import { errorOf, signUpOwner, type ApiResponse, type TestAccount, type TestApi } from '../../../testing';
import { createZone, setPlan, uniqueZoneName } from './zoneTestKit';

describe(`plan limits on every write path (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let api: TestApi;
  apiTest.beforeAll(async ({ api: started }) => {
    api = started;
  });

  const hosts = (count: number, prefix = 'h') =>
    Array.from({ length: count }, (_, i) => ({ action: 'create', type: 'A', name: `${prefix}${i}`, content: '192.0.2.1' }));
  const zoneFile = (zone: string, names: string[]) => `$ORIGIN ${zone}.\n$TTL 300\n${names.map((name) => `${name} A 192.0.2.1`).join('\n')}\n`;

  /** A Nano customer (200 records) whose first zone holds all 200. */
  async function fullAccount() {
    const account = await signUpOwner(api);
    await setPlan(api, account, 'nano');
    const zone = await createZone(api, account);
    const filled = await api.request('PATCH', `/zones/${zone.id}/records`, { token: account.apiKey, body: { changes: hosts(200) } });
    expect(filled.status).toBe(200);
    return { account, zone };
  }

  /** Everything a write leaves behind: each zone's serial and record count, the zone changes and the audit log. */
  async function footprint(account: TestAccount) {
    const zones = (await api.request('GET', '/zones?limit=100', { token: account.apiKey })).body.data as {
      id: string;
      serial: number;
      record_count: number;
      status: string;
    }[];
    const ids = zones.map((zone) => zone.id);
    const [changes] =
      ids.length > 0
        ? await api.database.db
            .select({ value: sql<number>`count(*)::int` })
            .from(zoneChanges)
            .where(inArray(zoneChanges.zoneId, ids))
        : [{ value: 0 }];
    const [audit] = await api.database.db
      .select({ value: sql<number>`count(*)::int` })
      .from(auditEvents)
      .where(sql`${auditEvents.customerId} = ${account.customerId}`);
    return { zones: zones.map(({ id, serial, record_count, status }) => ({ id, serial, record_count, status })), changes: changes!.value, audit: audit!.value };
  }

  function expectRecordQuota(response: ApiResponse, requested: number) {
    expect(response.status).toBe(403);
    expect(errorOf(response)).toMatchObject({ code: 'quota_exceeded', details: { resource: 'records', limit: 200, usage: 200, requested } });
  }

  it('POST /zones/{id}/records: refused, nothing written', async () => {
    const { account, zone } = await fullAccount();
    const before = await footprint(account);
    expectRecordQuota(
      await api.request('POST', `/zones/${zone.id}/records`, { token: account.apiKey, body: { type: 'TXT', name: 'one-more', content: 'x' } }),
      1,
    );
    expect(await footprint(account)).toEqual(before);
  });

  it('PUT /zones/{id}/records/{id} that grows a set: refused, nothing written', async () => {
    const { account, zone } = await fullAccount();
    const [set] = (await api.request('GET', `/zones/${zone.id}/records?name=h0`, { token: account.apiKey })).body.data;
    const before = await footprint(account);
    expectRecordQuota(
      await api.request('PUT', `/zones/${zone.id}/records/${set.id}`, { token: account.apiKey, body: { content: ['192.0.2.1', '192.0.2.2'] } }),
      1,
    );
    expect(await footprint(account)).toEqual(before);
  });

  it('PATCH /zones/{id}/records (bulk): refused as a whole, the deletions in it not applied either', async () => {
    const { account, zone } = await fullAccount();
    const before = await footprint(account);
    const changes = [{ action: 'delete', type: 'A', name: 'h0' }, ...hosts(3, 'new')];
    expectRecordQuota(await api.request('PATCH', `/zones/${zone.id}/records`, { token: account.apiKey, body: { changes } }), 2);
    expect(await footprint(account)).toEqual(before);
  });

  it('zone file import, merge: refused, nothing written', async () => {
    const { account, zone } = await fullAccount();
    const before = await footprint(account);
    const response = await api.request('POST', `/zones/${zone.id}/import?mode=merge`, {
      token: account.apiKey,
      body: zoneFile(zone.name, ['extra']),
      headers: { 'content-type': 'text/dns' },
    });
    expectRecordQuota(response, 1);
    expect(await footprint(account)).toEqual(before);
  });

  it('zone file import, replace: growth refused with nothing written; a replacement of the same size passes', async () => {
    const { account, zone } = await fullAccount();
    const before = await footprint(account);
    const names = Array.from({ length: 201 }, (_, i) => `r${i}`);
    const grown = await api.request('POST', `/zones/${zone.id}/import?mode=replace`, {
      token: account.apiKey,
      body: zoneFile(zone.name, names),
      headers: { 'content-type': 'text/dns' },
    });
    expectRecordQuota(grown, 1);
    expect(await footprint(account)).toEqual(before);

    const same = await api.request('POST', `/zones/${zone.id}/import?mode=replace`, {
      token: account.apiKey,
      body: zoneFile(zone.name, names.slice(0, 200)),
      headers: { 'content-type': 'text/dns' },
    });
    expect(same.status).toBe(200);
    expect(same.body.data.summary).toMatchObject({ records_added: 200, records_removed: 200 });
  });

  it('restore from history: refused when the records it brings back no longer fit, nothing written', async () => {
    const { account, zone } = await fullAccount();
    const full = (await api.request('GET', `/zones/${zone.id}`, { token: account.apiKey })).body.data.serial as number;
    const other = await createZone(api, account);
    const freed = await api.request('PATCH', `/zones/${zone.id}/records`, {
      token: account.apiKey,
      body: { changes: Array.from({ length: 10 }, (_, i) => ({ action: 'delete', type: 'A', name: `h${i}` })) },
    });
    expect(freed.status).toBe(200);
    expect((await api.request('PATCH', `/zones/${other.id}/records`, { token: account.apiKey, body: { changes: hosts(10) } })).status).toBe(200);
    const before = await footprint(account);
    expectRecordQuota(await api.request('POST', `/zones/${zone.id}/restore`, { token: account.apiKey, body: { serial: full } }), 10);
    expect(await footprint(account)).toEqual(before);
  });

  it('POST /zones: the sixth zone of a Nano customer refused, nothing written', async () => {
    const account = await signUpOwner(api);
    await setPlan(api, account, 'nano');
    for (let i = 0; i < 5; i++) await createZone(api, account);
    const before = await footprint(account);
    const response = await api.request('POST', '/zones', { token: account.apiKey, body: { name: uniqueZoneName() } });
    expect(response.status).toBe(403);
    expect(errorOf(response)).toMatchObject({ code: 'quota_exceeded', details: { resource: 'zones', limit: 5, usage: 5 } });
    expect(await footprint(account)).toEqual(before);
  });

  it('a zone being deleted frees its place and its records at once, before the background removal', async () => {
    const { account, zone } = await fullAccount();
    for (let i = 0; i < 4; i++) await createZone(api, account);
    expect((await api.request('DELETE', `/zones/${zone.id}`, { token: account.apiKey })).status).toBe(202);
    const next = await createZone(api, account);
    const refilled = await api.request('PATCH', `/zones/${next.id}/records`, { token: account.apiKey, body: { changes: hosts(200) } });
    expect(refilled.status).toBe(200);
    expectRecordQuota(
      await api.request('POST', `/zones/${next.id}/records`, { token: account.apiKey, body: { type: 'A', name: 'over', content: '192.0.2.1' } }),
      1,
    );
  });
});
