// GET /zones/{id}/metrics over real HTTP, from counters written as the DNS nodes write them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@kaja/db/orm';
import { createApiKey, errorOf, signUpOwner, startTestApi, type TestAccount, type TestApi } from '../../../testing';
import { createZone, setPlan } from './zoneTestKit';

describe(`/v1/zones/{id}/metrics (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let api: TestApi;
  const now = new Date('2026-05-20T10:30:00Z');
  beforeAll(async () => {
    // Not apiTest's API: the metrics windows follow a clock of the test's own.
    api = await startTestApi({ clock: () => now });
  });
  afterAll(() => api.close());

  /** Adds to a zone's counter of one hour, type and response code as a DNS node's flush does. */
  async function count(zoneId: string, hour: string, queries: number, qtype = 1, rcode = 0) {
    await api.database.db.execute(sql`
      INSERT INTO query_counts (zone_id, customer_id, hour, qtype, rcode, count)
      SELECT id, customer_id, ${hour}::timestamptz, ${qtype}, ${rcode}, ${queries} FROM zones WHERE id = ${zoneId}
      ON CONFLICT (zone_id, hour, qtype, rcode) DO UPDATE SET count = query_counts.count + excluded.count`);
  }

  /** A customer on `plan` with a zone that had A, AAAA and MX queries, some NXDOMAIN, on 19 and 20 May. */
  async function zoneWithTraffic(plan: 'nano' | 'pro' | 'scale') {
    const account = await signUpOwner(api);
    await setPlan(api, account, plan);
    const zone = await createZone(api, account);
    await count(zone.id, '2026-05-19T09:00:00Z', 5000);
    await count(zone.id, '2026-05-20T08:00:00Z', 60);
    await count(zone.id, '2026-05-20T08:00:00Z', 20, 28);
    await count(zone.id, '2026-05-20T08:00:00Z', 10, 1, 3);
    await count(zone.id, '2026-05-20T10:00:00Z', 7, 15);
    await count(zone.id, '2026-05-20T10:00:00Z', 3, 15, 3);
    await count(zone.id, '2026-05-20T11:00:00Z', 999);
    return { account, zone };
  }

  const metrics = (account: TestAccount, zoneId: string, query = '', token = account.apiKey) =>
    api.request('GET', `/zones/${zoneId}/metrics${query}`, { token });

  it('Pro: queries over time, by type and by response code, and the NXDOMAIN share', async () => {
    const { account, zone } = await zoneWithTraffic('pro');
    const response = await metrics(account, zone.id, '?from=2026-05-20T07:30:00Z&to=2026-05-20T10:15:00Z');
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      zone_id: zone.id,
      zone: zone.name,
      from: '2026-05-20T07:00:00.000Z',
      to: '2026-05-20T11:00:00.000Z',
      step: '1h',
      advanced: true,
      total: 100,
      by_type: { A: 70, AAAA: 20, MX: 10 },
      by_rcode: { NOERROR: 87, NXDOMAIN: 13 },
      nxdomain_share: 0.13,
      series: [
        { time: '2026-05-20T07:00:00.000Z', queries: 0, by_type: {}, by_rcode: {} },
        { time: '2026-05-20T08:00:00.000Z', queries: 90, by_type: { A: 70, AAAA: 20 }, by_rcode: { NOERROR: 80, NXDOMAIN: 10 } },
        { time: '2026-05-20T09:00:00.000Z', queries: 0, by_type: {}, by_rcode: {} },
        { time: '2026-05-20T10:00:00.000Z', queries: 10, by_type: { MX: 10 }, by_rcode: { NOERROR: 7, NXDOMAIN: 3 } },
      ],
    });
  });

  it('defaults to the last 24 hours by the hour; 1d steps align to UTC days', async () => {
    const { account, zone } = await zoneWithTraffic('scale');
    const last = (await metrics(account, zone.id)).body.data;
    expect([last.from, last.to, last.series.length, last.total]).toEqual(['2026-05-19T10:00:00.000Z', '2026-05-20T11:00:00.000Z', 25, 100]);
    const daily = (await metrics(account, zone.id, '?from=2026-05-19T12:00:00Z&to=2026-05-21T00:00:00Z&step=1d')).body.data;
    expect(daily.series.map((point: { time: string; queries: number }) => [point.time, point.queries])).toEqual([
      ['2026-05-19T00:00:00.000Z', 5000],
      ['2026-05-20T00:00:00.000Z', 1099],
    ]);
  });

  it('Nano: the totals only, its plan having no advanced metrics', async () => {
    const { account, zone } = await zoneWithTraffic('nano');
    const data = (await metrics(account, zone.id, '?from=2026-05-20T08:00:00Z&to=2026-05-20T12:00:00Z&step=6h')).body.data;
    expect(data).toEqual({
      zone_id: zone.id,
      zone: zone.name,
      from: '2026-05-20T06:00:00.000Z',
      to: '2026-05-20T12:00:00.000Z',
      step: '6h',
      advanced: false,
      total: 1099,
      by_type: null,
      by_rcode: null,
      nxdomain_share: null,
      series: [{ time: '2026-05-20T06:00:00.000Z', queries: 1099 }],
    });
  });

  it('validates from, to and step, with a bounded number of points', async () => {
    const { account, zone } = await zoneWithTraffic('pro');
    const backwards = await metrics(account, zone.id, '?from=2026-05-20T10:00:00Z&to=2026-05-20T09:00:00Z');
    expect(backwards.status).toBe(422);
    expect(errorOf(backwards)).toMatchObject({ code: 'validation_failed', details: { from: 'from must be before to' } });
    const tooMany = await metrics(account, zone.id, '?from=2026-01-01T00:00:00Z&to=2026-03-01T00:00:00Z');
    expect(tooMany.status).toBe(422);
    expect(errorOf(tooMany).details.step).toContain('1416 steps of 1h');
    expect((await metrics(account, zone.id, '?from=2026-01-01T00:00:00Z&to=2026-03-01T00:00:00Z&step=1d')).status).toBe(200);
    for (const query of ['?step=5m', '?from=yesterday', '?to=2026-05-20', '?from=2026-05-20T10:00:00']) {
      const bad = await metrics(account, zone.id, query);
      expect(bad.status, query).toBe(422);
      expect(errorOf(bad).code, query).toBe('validation_failed');
    }
  });

  it('needs zones:read, honours the zone restrictions of keys, and answers 404 for another customer’s zone', async () => {
    const { account, zone } = await zoneWithTraffic('pro');
    const other = await createZone(api, account);
    const recordsOnly = await createApiKey(api, account, { scopes: ['records:read'] });
    expect((await metrics(account, zone.id, '', recordsOnly.key)).status).toBe(403);
    const zoneReader = await createApiKey(api, account, { scopes: ['zones:read'], restrictions: { allowed_zones: [other.name] } });
    expect((await metrics(account, other.id, '', zoneReader.key)).status).toBe(200);
    expect(errorOf(await metrics(account, zone.id, '', zoneReader.key)).code).toBe('not_found');
    const stranger = await signUpOwner(api);
    const foreign = await metrics(stranger, zone.id);
    expect(foreign.status).toBe(404);
    expect(errorOf(foreign).code).toBe('not_found');
    expect((await metrics(stranger, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('is in the OpenAPI document with its schema and errors', async () => {
    const document = (await api.request('GET', '/openapi.json')).body;
    const operation = document.paths['/v1/zones/{id}/metrics'].get;
    expect(operation.description).toContain('scope `zones:read`');
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '404', '422']));
    expect(document.components.schemas.ZoneMetrics.properties).toHaveProperty('nxdomain_share');
  });
});
