import { describe, expect, it } from 'vitest';
import { apiTest } from '../../../apiTest';
import { and, eq, sql } from '@kaja/db/orm';
import { auditEvents, cryptokeys, customers, jobs, rrsets, zoneChanges, zones } from '@kaja/db';
import { buildApp } from '../../../app';
import { createApiKey, errorOf, signUpOwner, type TestAccount, type TestApi } from '../../../testing';
import { createZone, setPlan, uniqueZoneName } from './zoneTestKit';

describe('/v1/zones', () => {
  let api: TestApi;
  let owner: TestAccount;
  let other: TestAccount;
  apiTest.beforeAll(async ({ api: started, owner: signedUp }) => {
    api = started;
    owner = signedUp;
    other = await signUpOwner(api);
    await Promise.all([setPlan(api, owner, 'scale'), setPlan(api, other, 'scale')]);
  });

  const today = () => {
    const now = new Date();
    return now.getUTCFullYear() * 1_000_000 + (now.getUTCMonth() + 1) * 10_000 + now.getUTCDate() * 100;
  };

  describe('POST /zones', () => {
    it('creates the zone with its SOA and the name servers of the default region', async () => {
      const name = uniqueZoneName('create');
      const response = await api.request('POST', '/zones', { token: owner.apiKey, body: { name: `${name.toUpperCase()}.` } });
      expect(response.status).toBe(201);
      const zone = response.body.data;
      expect(zone).toMatchObject({
        name,
        type: 'primary',
        region: 'EU_GLOBAL',
        ttl: 3600,
        status: 'active',
        dnssec: { enabled: false, state: 'off' },
        name_servers: ['ns1.eu.kaja.dns', 'ns2.eu.kaja.dns', 'ns1.global.kaja.dns', 'ns2.global.kaja.dns'],
        serial: today(),
        record_count: 0,
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });
      const records = await api.request('GET', `/zones/${zone.id}/records`, { token: owner.apiKey });
      expect(records.body.data.map((set: any) => [set.name, set.type, set.ttl, set.content, set.managed])).toEqual([
        [name, 'NS', 3600, ['ns1.eu.kaja.dns.', 'ns2.eu.kaja.dns.', 'ns1.global.kaja.dns.', 'ns2.global.kaja.dns.'], true],
        [name, 'SOA', 3600, [`ns1.eu.kaja.dns. hostmaster.${name}. ${today()} 7200 3600 1209600 300`], true],
      ]);
      const audit = await api.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.targetId, zone.id), eq(auditEvents.action, 'zone.created')));
      expect(audit).toHaveLength(1);
      expect(audit[0]!.actorApiKeyId).toBe(owner.apiKeyId);
    });

    it('takes the region and TTL given; a GLOBAL zone names the global servers in its SOA', async () => {
      const zone = await createZone(api, owner, { region: 'GLOBAL', ttl: 300 });
      expect(zone).toMatchObject({ region: 'GLOBAL', ttl: 300, name_servers: ['ns1.global.kaja.dns', 'ns2.global.kaja.dns'] });
      const soa = await api.request('GET', `/zones/${zone.id}/records?type=SOA`, { token: owner.apiKey });
      expect(soa.body.data[0].content[0]).toMatch(/^ns1\.global\.kaja\.dns\. hostmaster\./);
      expect(soa.body.data[0].ttl).toBe(300);
    });

    it('uses the customer’s default region when none is given', async () => {
      const account = await signUpOwner(api);
      await api.database.db.update(customers).set({ defaultRegion: 'EU' }).where(eq(customers.id, account.customerId));
      const zone = await createZone(api, account);
      expect(zone).toMatchObject({ region: 'EU', name_servers: ['ns1.eu.kaja.dns', 'ns2.eu.kaja.dns'] });
    });

    it('stores IDN names as punycode', async () => {
      const label = `bücher-${Date.now().toString(36)}`;
      const response = await api.request('POST', '/zones', { token: owner.apiKey, body: { name: `${label}.de` } });
      expect(response.status).toBe(201);
      expect(response.body.data.name).toMatch(/^xn--bcher-.*\.de$/);
    });

    it.each([
      ['com', 'com is a public suffix: host a domain registered under it instead'],
      ['co.uk', 'co.uk is a public suffix: host a domain registered under it instead'],
      ['github.io', 'github.io is a public suffix: host a domain registered under it instead'],
      ['', 'Zone name is required'],
      ['-shop.example.com', '-shop.example.com is not a host name: the label "-shop" starts or ends with a hyphen'],
      ['shop-.example.com', 'shop-.example.com is not a host name: the label "shop-" starts or ends with a hyphen'],
      ['my_shop.com', 'my_shop.com is not a host name: the label "my_shop" has an underscore (only letters, digits and hyphens)'],
      ['xn--zz.com', 'xn--zz.com is not a host name: the label "xn--zz" is not a valid internationalised (xn--) label'],
    ])('refuses %j with a field hint', async (name, message) => {
      const response = await api.request('POST', '/zones', { token: owner.apiKey, body: { name } });
      expect(response.status).toBe(422);
      expect(errorOf(response)).toMatchObject({ code: 'validation_failed', details: { name: message } });
    });

    it.each(['exa mple.com', 'example..com', '-bad.example.com'.replace('-bad.', '*.'), 'no-such-tld.invalidtld'])('refuses the name %j', async (name) => {
      const response = await api.request('POST', '/zones', { token: owner.apiKey, body: { name } });
      expect(response.status).toBe(422);
      expect(errorOf(response).details.name).toEqual(expect.any(String));
    });

    it('refuses bad types, regions and TTLs', async () => {
      for (const body of [
        { type: 'tertiary' },
        { primaries: [{ address: '198.51.100.1' }] },
        { region: 'US' },
        { ttl: 59 },
        { ttl: 604801 },
        { ttl: 'long' },
      ]) {
        const response = await api.request('POST', '/zones', { token: owner.apiKey, body: { name: uniqueZoneName(), ...body } });
        expect(response.status, JSON.stringify(body)).toBe(422);
        expect(Object.keys(errorOf(response).details)).toEqual([Object.keys(body)[0]]);
      }
      // A secondary zone needs primaries on public addresses.
      for (const [primaries, field] of [
        [[], 'primaries'],
        [[{ address: '127.0.0.1' }], 'primaries.0.address'],
        [[{ address: 'primary.example' }], 'primaries.0.address'],
      ] as const) {
        const response = await api.request('POST', '/zones', { token: owner.apiKey, body: { name: uniqueZoneName(), type: 'secondary', primaries } });
        expect(response.status, JSON.stringify(primaries)).toBe(422);
        expect(Object.keys(errorOf(response).details)).toEqual([field]);
      }
    });

    it('refuses a name already hosted, by anyone (409)', async () => {
      const zone = await createZone(api, owner);
      for (const account of [owner, other]) {
        const response = await api.request('POST', '/zones', { token: account.apiKey, body: { name: zone.name } });
        expect(response.status).toBe(409);
        expect(errorOf(response).code).toBe('conflict');
      }
    });

    it('refuses a zone inside or above another customer’s zone, but allows one inside your own', async () => {
      const zone = await createZone(api, owner);
      const child = await api.request('POST', '/zones', { token: other.apiKey, body: { name: `shop.${zone.name}` } });
      expect(child.status).toBe(409);
      expect(errorOf(child).message).toContain('another customer hosts a zone above it');

      const deep = await createZone(api, other, { name: `a.b.${uniqueZoneName('parent')}` });
      const parent = await api.request('POST', '/zones', { token: owner.apiKey, body: { name: deep.name.split('.').slice(2).join('.') } });
      expect(parent.status).toBe(409);
      expect(errorOf(parent).message).toContain('another customer hosts a zone inside it');

      const own = await api.request('POST', '/zones', { token: owner.apiKey, body: { name: `shop.${zone.name}` } });
      expect(own.status).toBe(201);
    });

    it('enforces the plan’s zone limit in the same transaction (quota_exceeded with limit and usage)', async () => {
      const account = await signUpOwner(api);
      for (let i = 0; i < 5; i++) await createZone(api, account);
      const response = await api.request('POST', '/zones', { token: account.apiKey, body: { name: uniqueZoneName() } });
      expect(response.status).toBe(403);
      expect(errorOf(response)).toMatchObject({ code: 'quota_exceeded', details: { resource: 'zones', limit: 5, usage: 5 } });
      await setPlan(api, account, 'pro');
      expect((await api.request('POST', '/zones', { token: account.apiKey, body: { name: uniqueZoneName() } })).status).toBe(201);
    });

    it('concurrent creations never pass the zone limit (on PostgreSQL they race for real)', async () => {
      const account = await signUpOwner(api);
      for (let i = 0; i < 4; i++) await createZone(api, account);
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => api.request('POST', '/zones', { token: account.apiKey, body: { name: uniqueZoneName('race') } })),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 403, 403, 403]);
      expect((await api.request('GET', '/zones', { token: account.apiKey })).body.meta.total).toBe(5);
    });
  });

  describe('GET /zones', () => {
    it('lists the caller’s zones sorted by name, filters by part of the name and pages', async () => {
      const account = await signUpOwner(api);
      const suffix = uniqueZoneName('list');
      const names = ['charlie', 'alpha', 'bravo'].map((label) => `${label}-${suffix}`);
      for (const name of names) await createZone(api, account, { name });
      await createZone(api, other);

      const all = await api.request('GET', '/zones', { token: account.apiKey });
      expect(all.status).toBe(200);
      expect(all.body.data.map((zone: any) => zone.name)).toEqual([...names].sort());
      expect(all.body.meta).toEqual({ total: 3, limit: 10, offset: 0 });

      const page = await api.request('GET', '/zones?limit=1&offset=1', { token: account.apiKey });
      expect(page.body.data.map((zone: any) => zone.name)).toEqual([names[2]]);
      expect(page.body.meta).toEqual({ total: 3, limit: 1, offset: 1 });

      const filtered = await api.request('GET', '/zones?name=BRAVO', { token: account.apiKey });
      expect(filtered.body.data.map((zone: any) => zone.name)).toEqual([names[2]]);
      const underscore = await api.request('GET', '/zones?name=_', { token: account.apiKey });
      expect(underscore.body.meta.total).toBe(0);
    });

    it.each(['limit=0', 'limit=101', 'limit=-1', 'offset=-1', 'limit=abc'])('refuses ?%s', async (query) => {
      const response = await api.request('GET', `/zones?${query}`, { token: owner.apiKey });
      expect(response.status).toBe(422);
      expect(errorOf(response).code).toBe('validation_failed');
    });

    it('gives 404 for another customer’s zone, an unknown id and a malformed id', async () => {
      const zone = await createZone(api, other);
      for (const id of [zone.id, '6f1c1a52-0000-4000-8000-000000000000', 'not-a-uuid']) {
        for (const [method, body] of [
          ['GET', undefined],
          ['PUT', { ttl: 600 }],
          ['DELETE', undefined],
        ] as const) {
          const response = await api.request(method, `/zones/${id}`, { token: owner.apiKey, body });
          expect(response.status, `${method} ${id}`).toBe(404);
          expect(errorOf(response).code).toBe('not_found');
        }
      }
      const mine = await api.request('GET', `/zones/${zone.id}`, { token: other.apiKey });
      expect(mine.status).toBe(200);
    });
  });

  describe('scopes and key restrictions', () => {
    it('needs zones:read to read and zones:write to change', async () => {
      const zone = await createZone(api, owner);
      const reader = await createApiKey(api, owner, { scopes: ['zones:read'] });
      const recordsOnly = await createApiKey(api, owner, { scopes: ['records:*'] });
      expect((await api.request('GET', '/zones', { token: reader.key })).status).toBe(200);
      expect((await api.request('GET', `/zones/${zone.id}`, { token: reader.key })).status).toBe(200);
      for (const [method, path, body] of [
        ['POST', '/zones', { name: uniqueZoneName() }],
        ['PUT', `/zones/${zone.id}`, { ttl: 600 }],
        ['DELETE', `/zones/${zone.id}`, undefined],
      ] as const) {
        const response = await api.request(method, path, { token: reader.key, body });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(errorOf(response)).toMatchObject({ code: 'forbidden', details: { scope: 'Missing scope zones:write' } });
      }
      const refused = await api.request('GET', '/zones', { token: recordsOnly.key });
      expect(refused.status).toBe(403);
      expect(errorOf(refused).details).toEqual({ scope: 'Missing scope zones:read' });
    });

    it('a key limited to some zones sees and touches only those', async () => {
      const [allowed, hidden] = [await createZone(api, owner), await createZone(api, owner)];
      const key = await createApiKey(api, owner, { scopes: ['zones:*', 'records:*'], restrictions: { allowed_zones: [allowed.name] } });
      const list = await api.request('GET', '/zones?limit=100', { token: key.key });
      expect(list.body.data.map((zone: any) => zone.name)).toEqual([allowed.name]);
      expect((await api.request('GET', `/zones/${allowed.id}`, { token: key.key })).status).toBe(200);
      expect((await api.request('GET', `/zones/${hidden.id}`, { token: key.key })).status).toBe(404);
      expect((await api.request('GET', `/zones/${hidden.id}/records`, { token: key.key })).status).toBe(404);
      expect(
        (await api.request('POST', `/zones/${hidden.id}/records`, { token: key.key, body: { type: 'A', name: 'www', content: '192.0.2.1' } })).status,
      ).toBe(404);
    });
  });

  describe('PUT /zones/{id}', () => {
    it('changes the TTL of the zone, its SOA and apex NS with a new serial', async () => {
      const zone = await createZone(api, owner);
      const response = await api.request('PUT', `/zones/${zone.id}`, { token: owner.apiKey, body: { ttl: 900 } });
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ ttl: 900, serial: zone.serial + 1 });
      const records = await api.request('GET', `/zones/${zone.id}/records`, { token: owner.apiKey });
      expect(records.body.data.map((set: any) => set.ttl)).toEqual([900, 900]);
      expect(records.body.data[1].content[0]).toContain(` ${zone.serial + 1} `);
    });

    it('disables and enables the zone without a new serial', async () => {
      const zone = await createZone(api, owner);
      const disabled = await api.request('PUT', `/zones/${zone.id}`, { token: owner.apiKey, body: { status: 'disabled' } });
      expect(disabled.body.data).toMatchObject({ status: 'disabled', serial: zone.serial });
      const active = await api.request('PUT', `/zones/${zone.id}`, { token: owner.apiKey, body: { status: 'active' } });
      expect(active.body.data.status).toBe('active');
      const events = await api.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.targetId, zone.id), eq(auditEvents.action, 'zone.updated')));
      expect(events.map((event) => event.summary.status)).toEqual([
        { from: 'active', to: 'disabled' },
        { from: 'disabled', to: 'active' },
      ]);
    });

    it('refuses a bad TTL or status and writes nothing', async () => {
      const zone = await createZone(api, owner);
      for (const body of [{ ttl: 10 }, { status: 'deleting' }, { status: 'paused' }]) {
        const response = await api.request('PUT', `/zones/${zone.id}`, { token: owner.apiKey, body });
        expect(response.status).toBe(422);
      }
      expect((await api.request('GET', `/zones/${zone.id}`, { token: owner.apiKey })).body.data).toMatchObject({
        ttl: 3600,
        status: 'active',
        serial: zone.serial,
      });
    });
  });

  describe('DELETE /zones/{id}', () => {
    it('answers 202 with status deleting; the job removes records and zone changes, writes the audit event, then 404', async () => {
      const zone = await createZone(api, owner);
      await api.request('POST', `/zones/${zone.id}/records`, { token: owner.apiKey, body: { type: 'A', name: 'www', content: '192.0.2.1' } });
      // A DNSSEC key of the zone (its contents do not matter here: only that the job removes it).
      await api.database.db
        .insert(cryptokeys)
        .values({ zoneId: zone.id, keytype: 'ksk', algorithm: 'ED25519', flags: 257, keyTag: 4242, publicKey: 'AAAA', privateKey: 'sealed' });
      const response = await api.request('DELETE', `/zones/${zone.id}`, { token: owner.apiKey });
      expect(response.status).toBe(202);
      expect(response.body.data.status).toBe('deleting');
      expect((await api.request('GET', `/zones/${zone.id}`, { token: owner.apiKey })).body.data.status).toBe('deleting');
      const write = await api.request('POST', `/zones/${zone.id}/records`, { token: owner.apiKey, body: { type: 'A', name: 'x', content: '192.0.2.2' } });
      expect(write.status).toBe(409);

      await api.app.jobs.runUntilIdle();
      expect((await api.request('GET', `/zones/${zone.id}`, { token: owner.apiKey })).status).toBe(404);
      expect(await api.database.db.select().from(rrsets).where(eq(rrsets.zoneId, zone.id))).toEqual([]);
      expect(await api.database.db.select().from(zoneChanges).where(eq(zoneChanges.zoneId, zone.id))).toEqual([]);
      expect(await api.database.db.select().from(cryptokeys).where(eq(cryptokeys.zoneId, zone.id))).toEqual([]);
      const actions = (await api.database.db.select().from(auditEvents).where(eq(auditEvents.targetId, zone.id))).map((event) => event.action);
      expect(actions).toEqual(expect.arrayContaining(['zone.deletion_requested', 'zone.deleted']));
      // The name is free again.
      expect((await api.request('POST', '/zones', { token: other.apiKey, body: { name: zone.name } })).status).toBe(201);
    });

    it('the deletion job survives a restart: queued before it, or half done when the node died', async () => {
      const queued = await createZone(api, owner);
      const halfDone = await createZone(api, owner);
      await api.request('PATCH', `/zones/${halfDone.id}/records`, {
        token: owner.apiKey,
        body: { changes: Array.from({ length: 20 }, (_, i) => ({ action: 'create', type: 'A', name: `host${i}`, content: '192.0.2.1' })) },
      });
      expect((await api.request('DELETE', `/zones/${queued.id}`, { token: owner.apiKey })).status).toBe(202);
      expect((await api.request('DELETE', `/zones/${halfDone.id}`, { token: owner.apiKey })).status).toBe(202);

      // The node stops before running the jobs...
      await api.app.close();
      const db = api.database.db;
      // ...and for one of them it had claimed the job and removed part of the records when it died.
      await db.execute(sql`DELETE FROM rrsets WHERE id IN (SELECT id FROM rrsets WHERE zone_id = ${halfDone.id} AND NOT managed LIMIT 10)`);
      await db.execute(sql`UPDATE jobs SET status = 'running', attempts = 1, locked_at = now() - interval '1 hour', locked_by = 'dead-node'
        WHERE name = 'zone.delete' AND payload->>'zone_id' = ${halfDone.id}`);

      const restarted = await buildApp({ config: api.config, database: api.database });
      try {
        await restarted.jobs.runUntilIdle();
        for (const zone of [queued, halfDone]) {
          expect(await db.select().from(zones).where(eq(zones.id, zone.id))).toEqual([]);
          expect(await db.select().from(rrsets).where(eq(rrsets.zoneId, zone.id))).toEqual([]);
        }
        const states = await db
          .select({ status: jobs.status })
          .from(jobs)
          .where(sql`${jobs.payload}->>'zone_id' in (${queued.id}, ${halfDone.id})`);
        expect(states.map((job) => job.status)).toEqual(['done', 'done']);
      } finally {
        await restarted.close();
      }
    });
  });
});
