// Query metering end to end: queries sent with dig and Node's resolver to the database node, the
// counters flushed as the node does every minute, then the numbers read back where customers and
// billing read them: GET /zones/{id}/metrics, queriesThisMonth and GET /subscriptions/current.
import { Resolver } from 'node:dns/promises';
import { eq } from '@kaja/db/orm';
import { networkQueryCounts, queryCounts } from '@kaja/db';
import { queriesThisMonth } from '@kaja/api';
import { signInStaff } from '@kaja/api/testing';
import { createZone } from '@kaja/api/testing/zones';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dig } from '@kaja/test-support/dig';
import { startApiWithNode, type ApiWithNode } from './testing';

describe(`query metering from DNS queries to the numbers (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let kit: ApiWithNode;
  beforeAll(async () => {
    // A node of the EU network: what it answers for hosted zones is also its network's total.
    kit = await startApiWithNode({ network: 'EU' });
  });
  afterAll(() => kit?.close());

  it('counts what dig, kdig and Node’s resolver asked, by type (types without a name as OTHER) and response code, in the zone’s metrics and the customer’s month', async () => {
    const zone = await createZone(kit.api, kit.owner);
    await kit.send('POST', `/zones/${zone.id}/records`, { type: 'A', name: 'www', content: '192.0.2.80' });
    await kit.served(zone);
    // What finding the zone served cost in queries is not part of this test.
    await kit.dns.flushCounts();
    await kit.api.database.db.delete(queryCounts).where(eq(queryCounts.zoneId, zone.id));
    await kit.api.database.db.delete(networkQueryCounts);

    for (let i = 0; i < 5; i++) expect((await dig(kit.port, `www.${zone.name}`, 'A')).answer).toEqual([`www.${zone.name}. 3600 IN A 192.0.2.80`]);
    for (let i = 0; i < 3; i++) expect((await dig(kit.port, `nope.${zone.name}`, 'A', { tcp: true })).rcode).toBe('NXDOMAIN');
    for (let i = 0; i < 2; i++) expect((await dig(kit.port, `www.${zone.name}`, 'AAAA', { client: 'kdig' })).rcode).toBe('NOERROR');
    const resolver = new Resolver({ timeout: 2000, tries: 1 });
    resolver.setServers([`127.0.0.1:${kit.port}`]);
    expect(await resolver.resolveMx(zone.name).catch((error: { code: string }) => error.code)).toBe('ENODATA');
    for (const type of ['TYPE65000', 'TYPE4000']) expect((await dig(kit.port, `www.${zone.name}`, type)).rcode).toBe('NOERROR');
    expect((await dig(kit.port, 'not-hosted.example', 'A')).rcode).toBe('REFUSED');
    await kit.dns.flushCounts();

    const metrics = await kit.send('GET', `/zones/${zone.id}/metrics`);
    expect(metrics).toMatchObject({
      advanced: true,
      total: 13,
      by_type: { A: 8, AAAA: 2, OTHER: 2, MX: 1 },
      by_rcode: { NOERROR: 10, NXDOMAIN: 3 },
      nxdomain_share: 3 / 13,
    });
    expect(metrics.series.reduce((sum: number, point: { queries: number }) => sum + point.queries, 0)).toBe(13);
    expect(await queriesThisMonth(kit.api.database.db, kit.owner.customerId, new Date())).toBe(13);

    // The next flush adds to the same hour's counters.
    await dig(kit.port, `www.${zone.name}`, 'A');
    await kit.dns.flushCounts();
    expect((await kit.send('GET', `/zones/${zone.id}/metrics`)).by_type.A).toBe(9);
    expect(await queriesThisMonth(kit.api.database.db, kit.owner.customerId, new Date())).toBe(14);
    // The customer sees the same month in their subscription.
    const current = await kit.api.request('GET', '/subscriptions/current', { token: kit.owner.accessToken });
    expect(current.status).toBe(200);
    expect(current.body.data.usage.queries_this_month).toMatchObject({ used: 14 });

    // Staff see the same queries as the EU network's (the REFUSED one for a name not hosted is in neither).
    const staff = await signInStaff(kit.api);
    // Two days: the queries may have been counted on either side of midnight.
    const totals = await kit.api.request('GET', '/dns-query-totals?days=2', { token: staff.accessToken });
    expect(totals.status).toBe(200);
    const [eu, global] = totals.body.data.networks;
    expect(eu).toMatchObject({ network: 'EU', total: 14 });
    expect(global).toMatchObject({ network: 'GLOBAL', total: 0 });
  });
});
