import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTest } from '../../../apiTest';
import { and, eq } from '@kaja/db/orm';
import { auditEvents } from '@kaja/db';
import { createApiKey, errorOf, signUpOwner, startTestApi, type TestAccount, type TestApi } from '../../../testing';
import { createZone, customerWithZone } from './zoneTestKit';

const documentationNetworks = '192.0.2.0/24,198.51.100.0/24,203.0.113.0/24,2001:db8::/32';

describe('secondaries of a zone', () => {
  let api: TestApi;
  let owner: TestAccount;
  let zone: { id: string; name: string };
  let transferKey: { id: string; name: string };
  beforeAll(async () => {
    // Not apiTest's API: the documentation networks stand for public secondaries here, which the operator allows at start.
    api = await startTestApi({ env: { SECONDARY_ALLOWED_CIDRS: documentationNetworks } });
    ({ account: owner, zone } = await customerWithZone(api));
    transferKey = (await api.request('POST', `/zones/${zone.id}/tsig-keys`, { token: owner.apiKey, body: { can_transfer: true } })).body.data;
  });
  afterAll(() => api.close());

  const path = (zoneId = zone.id) => `/zones/${zoneId}/secondaries`;
  const create = (body: Record<string, unknown>, zoneId = zone.id, token = owner.apiKey) =>
    api.request('POST', path(zoneId), { token, body: { tsig_key_id: transferKey.id, ...body } });

  it('adds a secondary (port 53 by default), lists it with its NOTIFY state, and audits it', async () => {
    const response = await create({ address: '198.51.100.7' });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({
      zone_id: zone.id,
      address: '198.51.100.7',
      port: 53,
      tsig_key_id: transferKey.id,
      notified_serial: null,
      notified_at: null,
    });
    const listed = await api.request('GET', path(), { token: owner.apiKey });
    expect(listed.body.data.map((s: { id: string }) => s.id)).toContain(response.body.data.id);
    expect((await api.request('GET', `${path()}/${response.body.data.id}`, { token: owner.apiKey })).body.data.address).toBe('198.51.100.7');
    const events = await api.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'secondary.created'), eq(auditEvents.targetId, response.body.data.id)));
    expect(events[0]!.summary).toMatchObject({ zone: zone.name, address: '198.51.100.7', port: 53, tsig_key: transferKey.name });
  });

  it('writes IPv6 addresses in one spelling and refuses the same address and port twice', async () => {
    const response = await create({ address: '2001:DB8:0:0::53', port: 5353 });
    expect(response.body.data).toMatchObject({ address: '2001:db8::53', port: 5353 });
    const again = await create({ address: '2001:db8::53', port: 5353 });
    expect(again.status).toBe(409);
  });

  it('refuses a bad address, a key of another zone, and a key without can_transfer', async () => {
    const bad = await create({ address: 'ns1.example.net' });
    expect(bad.status).toBe(422);
    expect(errorOf(bad).details.address).toContain('not an IPv4 or IPv6 address');
    const otherZone = await createZone(api, owner);
    const foreignKey = (await api.request('POST', `/zones/${otherZone.id}/tsig-keys`, { token: owner.apiKey, body: { can_transfer: true } })).body.data;
    expect(errorOf(await create({ address: '192.0.2.1', tsig_key_id: foreignKey.id })).details).toHaveProperty('tsig_key_id');
    const updateKey = (await api.request('POST', `/zones/${zone.id}/tsig-keys`, { token: owner.apiKey, body: {} })).body.data;
    const refused = await create({ address: '192.0.2.1', tsig_key_id: updateKey.id });
    expect(refused.status).toBe(422);
    expect(errorOf(refused).details.tsig_key_id).toContain('can_transfer');
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.1.2.3', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['10.0.0.1', 'a private network'],
    ['172.16.5.4', 'a private network'],
    ['192.168.1.1', 'a private network'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['0.0.0.0', 'this network'],
    ['::', 'the unspecified address'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.251', 'multicast'],
    ['ff02::1', 'multicast'],
    ['100.64.0.1', 'shared address space'],
    ['fd00::53', 'unique local'],
    ['64:ff9b::a00:1', 'IPv4/IPv6 translation'],
  ])('refuses the special-purpose address %s (%s) and writes nothing', async (address, purpose) => {
    const refused = await create({ address, port: 5432 });
    expect(refused.status).toBe(422);
    expect(errorOf(refused)).toMatchObject({ code: 'validation_failed', details: { address: expect.stringContaining(`special-purpose address (${purpose}`) } });
    const listed = await api.request('GET', `${path()}?limit=100`, { token: owner.apiKey });
    expect(listed.body.data.map((secondary: { port: number }) => secondary.port)).not.toContain(5432);
  });

  it('allows at most 10 secondaries per zone', async () => {
    const full = await createZone(api, owner);
    const key = (await api.request('POST', `/zones/${full.id}/tsig-keys`, { token: owner.apiKey, body: { can_transfer: true } })).body.data;
    for (let i = 1; i <= 10; i++) expect((await create({ address: `192.0.2.${i}`, tsig_key_id: key.id }, full.id)).status).toBe(201);
    const refused = await create({ address: '192.0.2.11', tsig_key_id: key.id }, full.id);
    expect(refused.status).toBe(422);
    expect(errorOf(refused).details.zone).toContain('at most 10');
  });

  it('deletes a secondary with an audit event', async () => {
    const secondary = (await create({ address: '203.0.113.9' })).body.data;
    expect((await api.request('DELETE', `${path()}/${secondary.id}`, { token: owner.apiKey })).status).toBe(200);
    expect((await api.request('GET', `${path()}/${secondary.id}`, { token: owner.apiKey })).status).toBe(404);
    const events = await api.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'secondary.deleted'), eq(auditEvents.targetId, secondary.id)));
    expect(events).toHaveLength(1);
  });

  it('needs zones:write to add and hides other customers’ secondaries', async () => {
    const reader = await createApiKey(api, owner, { scopes: ['zones:read'] });
    expect((await create({ address: '192.0.2.99' }, zone.id, reader.key)).status).toBe(403);
    expect((await api.request('GET', path(), { token: reader.key })).status).toBe(200);
    const secondary = (await create({ address: '192.0.2.100' })).body.data;
    const stranger = await signUpOwner(api);
    expect((await api.request('GET', `${path()}/${secondary.id}`, { token: stranger.apiKey })).status).toBe(404);
    expect((await api.request('DELETE', `${path()}/${secondary.id}`, { token: stranger.apiKey })).status).toBe(404);
    const own = await customerWithZone(api);
    expect((await api.request('GET', `${path(own.zone.id)}/${secondary.id}`, { token: own.account.apiKey })).status).toBe(404);
  });
});

describe('secondaries without an allowance of the operator', () => {
  let api: TestApi;
  apiTest.beforeAll(async ({ api: started }) => {
    api = started;
  });

  it('refuses documentation addresses too, and takes public ones', async () => {
    const { account, zone } = await customerWithZone(api);
    const key = (await api.request('POST', `/zones/${zone.id}/tsig-keys`, { token: account.apiKey, body: { can_transfer: true } })).body.data;
    const create = (address: string) => api.request('POST', `/zones/${zone.id}/secondaries`, { token: account.apiKey, body: { address, tsig_key_id: key.id } });
    expect(errorOf(await create('192.0.2.1')).details.address).toContain('documentation (TEST-NET-1)');
    expect(errorOf(await create('2001:db8::53')).details.address).toContain('documentation');
    expect((await create('9.9.9.9')).status).toBe(201);
    expect((await create('2a01:4f8::53')).status).toBe(201);
  });
});
