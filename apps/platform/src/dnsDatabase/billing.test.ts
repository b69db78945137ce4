// What the subscription life cycle does to DNS, asked with Node's resolver: a suspended account's
// zones keep answering for 30 days, then stop; paying the invoices serves them again.
import { resolveKeyEncryptionKey } from '@kaja/config';
import { runBillingLifeCycle, signInStaff, signUpOwner, startTestApi, type TestApi } from '@kaja/api/testing';
import { createZone } from '@kaja/api/testing/zones';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseDnsServer, databaseNotices, inProcessNotices, serveDatabaseZones } from '@kaja/dns';
import { lookupWith } from './testing';

const visibleWithin = { timeout: 3000, interval: 5 };
const dayMs = 24 * 3600_000;

describe('the DNS of an account whose invoice stays unpaid', () => {
  let api: TestApi;
  let dns: DatabaseDnsServer;
  let offsetMs = 0;

  beforeAll(async () => {
    api = await startTestApi({ clock: () => new Date(Date.now() + offsetMs) });
    const notices = api.database.kind === 'postgres' ? databaseNotices(api.database) : inProcessNotices((listener) => api.app.zoneChanges.subscribe(listener));
    dns = await serveDatabaseZones({
      database: api.database,
      keyEncryptionKey: resolveKeyEncryptionKey(api.config),
      sources: [notices],
      listen: [{ host: '127.0.0.1', port: 0 }],
      nodeName: 'billing-test-node',
      follower: { syncIntervalMs: 600_000 },
      countsFlushIntervalMs: 600_000,
    });
  });
  afterAll(async () => {
    await dns?.close();
    await api?.close();
  });

  const at = async (days: number) => {
    offsetMs = days * dayMs;
    await runBillingLifeCycle(api);
  };

  it('answers through past due and suspension, stops 30 days after the suspension, and answers again once paid', async () => {
    const look = lookupWith(dns.addresses[0]!.port);
    const owner = await signUpOwner(api);
    const zone = await createZone(api, owner);
    const record = await api.request('POST', `/zones/${zone.id}/records`, { token: owner.apiKey, body: { type: 'A', name: 'www', content: '192.0.2.80' } });
    expect(record.status).toBe(201);
    const www = `www.${zone.name}`;
    await expect.poll(() => look(www, 'A'), visibleWithin).toEqual(['192.0.2.80']);

    await api.request('PUT', `/customers/${owner.customerId}`, {
      token: owner.accessToken,
      body: { billing_address: { line1: 'Ahtri 12', postal_code: '10151', city: 'Tallinn', country: 'EE' } },
    });
    const checkout = await api.request('POST', '/subscriptions/checkout', { token: owner.accessToken, body: { plan_id: 'nano', start: 'now' } });
    expect(checkout.status).toBe(201);

    await at(14.1);
    expect((await api.request('GET', '/subscriptions/current', { token: owner.accessToken })).body.data.status).toBe('past_due');
    expect(await look(www, 'A')).toEqual(['192.0.2.80']);

    await at(30.1);
    expect((await api.request('GET', '/subscriptions/current', { token: owner.accessToken })).body.data.status).toBe('suspended');
    expect(await look(www, 'A')).toEqual(['192.0.2.80']);
    await at(59.9);
    expect(await look(www, 'A')).toEqual(['192.0.2.80']);

    await at(60.2);
    await expect.poll(() => look(www, 'A'), visibleWithin).toBe('EREFUSED');

    const staff = await signInStaff(api);
    const invoices = (await api.request('GET', '/invoices', { token: owner.accessToken })).body.data as { id: string }[];
    for (const invoice of invoices) {
      expect((await api.request('POST', `/invoices/${invoice.id}/pay`, { token: staff.accessToken, body: { reference: 'transfer' } })).status).toBe(200);
    }
    await expect.poll(() => look(www, 'A'), visibleWithin).toEqual(['192.0.2.80']);
  });
});
