import { describe, expect, it } from 'vitest';
import { apiTest } from '../../../apiTest';
import { asc, desc, eq } from '@kaja/db/orm';
import { rrsets, zoneChanges, zones } from '@kaja/db';
import { observeStatements } from '@kaja/db/statementTimes';
import { createApiKey, errorOf, type TestAccount, type TestApi } from '../../../testing';
import { createZone, customerWithZone, setPlan } from './zoneTestKit';

describe('/v1/zones/{id}/records', () => {
  let api: TestApi;
  let owner: TestAccount;
  apiTest.beforeAll(async ({ api: started, owner: signedUp }) => {
    api = started;
    owner = signedUp;
    await setPlan(api, owner, 'scale');
  });

  const post = (zoneId: string, body: unknown, token = owner.apiKey) => api.request('POST', `/zones/${zoneId}/records`, { token, body });
  const list = async (zoneId: string, query = '') =>
    (await api.request('GET', `/zones/${zoneId}/records?limit=100${query}`, { token: owner.apiKey })).body.data;
  const customerSets = async (zoneId: string) =>
    (await list(zoneId)).filter((set: any) => !set.managed).map((set: any) => [set.name, set.type, set.ttl, set.content]);
  const serialOf = async (zoneId: string) => (await api.request('GET', `/zones/${zoneId}`, { token: owner.apiKey })).body.data.serial as number;

  describe('POST', () => {
    it('takes concurrent writes to one zone each with its own serial and journal entry, in order, a refused one alone', async () => {
      const zone = await createZone(api, owner);
      expect((await post(zone.id, { type: 'A', name: 'www', content: '192.0.2.1' })).status).toBe(201);
      const [first] = await api.database.db.select().from(zoneChanges).where(eq(zoneChanges.zoneId, zone.id)).orderBy(desc(zoneChanges.id)).limit(1);
      // Sent together, they arrive while one another's transactions run: some share one (decision 067).
      const bodies = Array.from({ length: 12 }, (_, i) =>
        i === 5 ? { type: 'CNAME', name: 'www', content: 'x.example.net.' } : { type: 'A', name: `host-${i}`, content: `192.0.2.${10 + i}` },
      );
      const responses = await Promise.all(bodies.map((body) => post(zone.id, body)));
      expect(responses.map((response) => response.status)).toEqual(bodies.map((_, i) => (i === 5 ? 422 : 201)));
      expect(errorOf(responses[5]!).details).toEqual({ type: expect.stringContaining('already has A records') });

      // The journal a DNS node follows: one entry per write that landed, each from the serial the one before left.
      const journal = await api.database.db.select().from(zoneChanges).where(eq(zoneChanges.zoneId, zone.id)).orderBy(asc(zoneChanges.id));
      const written = journal.slice(journal.findIndex((entry) => entry.id === first!.id) + 1);
      expect(written).toHaveLength(11);
      let serial = first!.serial;
      for (const entry of written) {
        expect(entry.previousSerial).toBe(serial);
        serial = entry.serial;
      }
      expect(await serialOf(zone.id)).toBe(serial);
      // Applied in order, the entries give the zone's records.
      const applied = written.flatMap((entry) => entry.added.filter((record) => record.type === 'A').map((record) => `${record.name} ${record.content}`));
      const stored = (await customerSets(zone.id))
        .filter(([name]: string[]) => name !== `www.${zone.name}`)
        .map(([name, , , content]: any[]) => `${name} ${content[0]}`);
      expect(applied.sort()).toEqual(stored.sort());
      expect(applied).toHaveLength(11);
    });

    it('accepts @, empty, relative and full names with or without the dot, and content as a string or a list', async () => {
      const zone = await createZone(api, owner);
      const apex = await post(zone.id, { type: 'A', name: '@', content: '192.0.2.1', ttl: 300 });
      expect(apex.status).toBe(201);
      expect(apex.body.data).toMatchObject({ name: zone.name, type: 'A', ttl: 300, content: ['192.0.2.1'], managed: false });
      expect(Object.keys(apex.body.data).sort()).toEqual(['content', 'created_at', 'id', 'managed', 'name', 'ttl', 'type', 'updated_at']);
      expect((await post(zone.id, { type: 'A', name: '', content: ['192.0.2.2', '192.0.2.3'] })).body.data.content).toEqual([
        '192.0.2.1',
        '192.0.2.2',
        '192.0.2.3',
      ]);
      expect((await post(zone.id, { type: 'AAAA', name: 'www', content: '2001:DB8:0:0::1' })).body.data).toMatchObject({
        name: `www.${zone.name}`,
        content: ['2001:db8::1'],
        ttl: 3600,
      });
      expect((await post(zone.id, { type: 'TXT', name: `txt.${zone.name}`, content: 'hello world' })).body.data.name).toBe(`txt.${zone.name}`);
      expect((await post(zone.id, { type: 'TXT', name: `Dot.${zone.name}.`, content: 'x' })).body.data.name).toBe(`dot.${zone.name}`);
    });

    it('adds to the set (200), keeps its TTL unless given, and takes a value already there only once', async () => {
      const zone = await createZone(api, owner);
      const first = await post(zone.id, { type: 'MX', name: '@', content: '10 mail.example.net.', ttl: 600 });
      expect(first.status).toBe(201);
      const second = await post(zone.id, { type: 'MX', name: '@', content: ['20 backup.example.net.', '10 MAIL.example.net.'] });
      expect(second.status).toBe(200);
      expect(second.body.data).toMatchObject({ id: first.body.data.id, ttl: 600, content: ['10 mail.example.net.', '20 backup.example.net.'] });
      expect((await post(zone.id, { type: 'MX', content: '30 third.example.net.', ttl: 900 })).body.data.ttl).toBe(900);
    });

    it('answers "Record type is required" in the error envelope', async () => {
      const zone = await createZone(api, owner);
      const response = await post(zone.id, { name: 'www', content: '192.0.2.1' });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({
        status: 'error',
        error: { code: 'validation_failed', message: 'Record type is required', details: { type: 'Record type is required' } },
      });
    });

    // Each type: a valid value and its canonical form, and an invalid value.
    it.each([
      ['A', '192.0.2.10', '192.0.2.10', '192.0.2.010'],
      ['A', '198.51.100.7', '198.51.100.7', '256.1.1.1'],
      ['AAAA', '2001:0db8::0001', '2001:db8::1', '2001:db8::g'],
      ['CNAME', 'target.example.net.', 'target.example.net.', 'bad..name'],
      ['MX', '10 mail.example.net.', '10 mail.example.net.', '10 192.0.2.1'],
      ['MX', '10 mail', '10 mail.{zone}.', '10 192.0.2.1'],
      ['MX', '0 .', '0 .', 'mail.example.net'],
      ['TXT', '"v=spf1 -all"', '"v=spf1 -all"', '"unterminated'],
      ['NS', 'ns1.example.net.', 'ns1.example.net.', '192.0.2.1'],
      ['SRV', '10 5 5060 sip.example.net.', '10 5 5060 sip.example.net.', '10 5 70000 sip.example.net.'],
      ['CAA', '0 issue "letsencrypt.org"', '0 issue "letsencrypt.org"', '0 badtag "x"'],
      ['PTR', 'host.example.net.', 'host.example.net.', '192.0.2.1 x'],
      ['HTTPS', '1 . alpn=h2,h3', '1 . alpn=h2,h3', '1 . nosuchkey=1'],
      ['SVCB', '1 svc.example.net. port=8443', '1 svc.example.net. port=8443', '1 svc.example.net. port=99999'],
      ['TLSA', `3 1 1 ${'ab'.repeat(32)}`, `3 1 1 ${'ab'.repeat(32)}`, `3 1 1 ${'ab'.repeat(31)}`],
      ['SSHFP', `4 2 ${'CD'.repeat(32)}`, `4 2 ${'cd'.repeat(32)}`, `4 2 ${'cd'.repeat(20)}`],
      ['NAPTR', '100 10 "S" "SIP+D2U" "" _sip._udp.example.net.', '100 10 "S" "SIP+D2U" "" _sip._udp.example.net.', '100 10 "S" "SIP+D2U"'],
    ])('%s: accepts %j (stored as %j) and refuses %j', async (type, valid, canonical, bad) => {
      const zone = await createZone(api, owner);
      const name = type === 'NS' ? 'sub' : 'host';
      const accepted = await post(zone.id, { type, name, content: valid });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
      expect(accepted.body.data.content).toEqual([canonical.replace('{zone}', zone.name)]);
      const refused = await post(zone.id, { type, name: 'other', content: bad });
      expect(refused.status).toBe(422);
      expect(Object.keys(errorOf(refused).details)).toEqual(['content']);
    });

    it('ALIAS (also as ANAME) at the apex, DS at a delegation', async () => {
      const zone = await createZone(api, owner);
      const alias = await post(zone.id, { type: 'ANAME', name: '@', content: 'lb.example.net.' });
      expect(alias.body.data).toMatchObject({ type: 'ALIAS', content: ['lb.example.net.'] });
      await post(zone.id, { type: 'NS', name: 'child', content: ['ns1.example.net', 'ns2.example.net'] });
      const ds = await post(zone.id, { type: 'DS', name: 'child', content: `12345 13 2 ${'AB'.repeat(32)}` });
      expect(ds.status).toBe(201);
      expect(ds.body.data.content).toEqual([`12345 13 2 ${'ab'.repeat(32)}`]);
    });

    it('refuses bad ALIAS and DS contents', async () => {
      const zone = await createZone(api, owner);
      const alias = await post(zone.id, { type: 'ALIAS', name: '@', content: '192.0.2.1' });
      expect(alias.status).toBe(422);
      expect(Object.keys(errorOf(alias).details)).toEqual(['content']);
      await post(zone.id, { type: 'NS', name: 'child', content: 'ns1.example.net.' });
      const ds = await post(zone.id, { type: 'DS', name: 'child', content: `12345 13 2 ${'ab'.repeat(31)}` });
      expect(ds.status).toBe(422);
      expect(Object.keys(errorOf(ds).details)).toEqual(['content']);
    });

    // One test per RRset rule, with the rejected example.
    it.each([
      ['CNAME at the root', [], { type: 'CNAME', name: '@', content: 'other.example.net' }, { content: 'CNAME cannot be at the root of a domain' }],
      [
        'CNAME beside other types',
        [{ type: 'A', name: 'www', content: '192.0.2.1' }],
        { type: 'CNAME', name: 'www', content: 'x.example.net' },
        { type: expect.stringContaining('already has A records') },
      ],
      [
        'other types beside a CNAME',
        [{ type: 'CNAME', name: 'www', content: 'x.example.net' }],
        { type: 'TXT', name: 'www', content: 'x' },
        { type: expect.stringContaining('has a CNAME record') },
      ],
      [
        'two CNAME values',
        [],
        { type: 'CNAME', name: 'www', content: ['a.example.net', 'b.example.net'] },
        { content: expect.stringContaining('exactly one record') },
      ],
      ['ALIAS below the root', [], { type: 'ALIAS', name: 'www', content: 'lb.example.net' }, { type: expect.stringContaining('only be at the root') }],
      [
        'ALIAS beside A',
        [{ type: 'A', name: '@', content: '192.0.2.1' }],
        { type: 'ALIAS', name: '@', content: 'lb.example.net' },
        { type: expect.stringContaining('ALIAS cannot be beside A') },
      ],
      [
        'DS without a delegation',
        [],
        { type: 'DS', name: 'child', content: `1 13 2 ${'ab'.repeat(32)}` },
        { type: expect.stringContaining('delegation point') },
      ],
      [
        'records below a delegation',
        [{ type: 'NS', name: 'child', content: 'ns1.example.net' }],
        { type: 'TXT', name: 'x.child', content: 'hidden' },
        { name: expect.stringContaining('below the delegation') },
      ],
      [
        'NS beside other types',
        [{ type: 'TXT', name: 'child', content: 'x' }],
        { type: 'NS', name: 'child', content: 'ns1.example.net' },
        { type: expect.stringContaining('cannot be delegated') },
      ],
      ['apex NS', [], { type: 'NS', name: '@', content: 'ns1.example.net' }, { type: 'NS records at the root of a domain are managed by the platform' }],
      ['SOA', [], { type: 'SOA', name: '@', content: 'a. b. 1 2 3 4 5' }, { type: 'SOA records are managed by the platform' }],
      ['TTL below 60', [], { type: 'A', name: 'x', content: '192.0.2.1', ttl: 59 }, { ttl: 'TTL must be between 60 and 604800 seconds' }],
      ['TTL above a week', [], { type: 'A', name: 'x', content: '192.0.2.1', ttl: 604801 }, { ttl: 'TTL must be between 60 and 604800 seconds' }],
      ['duplicate values', [], { type: 'A', name: 'x', content: ['192.0.2.1', '192.0.2.1'] }, { content: 'Duplicate content 192.0.2.1' }],
      [
        'more than 100 values',
        [],
        { type: 'A', name: 'x', content: Array.from({ length: 101 }, (_, i) => `10.0.${i >> 8}.${i & 255}`) },
        { content: 'A set holds at most 100 records, not 101' },
      ],
      [
        'more than 64 KiB in a set',
        [],
        { type: 'TXT', name: 'x', content: Array.from({ length: 100 }, (_, i) => `${i} ${'x'.repeat(700)}`) },
        { content: 'The records of a set can hold at most 64 KiB of data together' },
      ],
      [
        'MX at a CNAME',
        [{ type: 'CNAME', name: 'mail', content: 'x.example.net' }],
        { type: 'MX', name: '@', content: '10 mail' },
        { content: expect.stringContaining('is a CNAME') },
      ],
      [
        'a CNAME where an MX points',
        [{ type: 'MX', name: '@', content: '10 mail' }],
        { type: 'CNAME', name: 'mail', content: 'x.example.net.' },
        { type: expect.stringContaining('is the target of MX records') },
      ],
      [
        'a delegation hiding records below it',
        [{ type: 'TXT', name: 'x.child', content: 'below' }],
        { type: 'NS', name: 'child', content: 'ns1.example.net.' },
        { name: expect.stringContaining('would hide TXT records') },
      ],
      [
        'removing a delegation that still has a DS',
        [
          { type: 'NS', name: 'child', content: 'ns1.example.net.' },
          { type: 'DS', name: 'child', content: `1 13 2 ${'ab'.repeat(32)}` },
        ],
        { delete: 'child/NS' },
        { type: expect.stringContaining('DS records') },
      ],
      [
        'a name outside the zone',
        [],
        { type: 'A', name: 'www.example.org.', content: '192.0.2.1' },
        { name: expect.stringContaining('is not inside the zone') },
      ],
      ['an unknown type', [], { type: 'BOGUS', name: 'x', content: '1' }, { type: 'Unknown record type BOGUS' }],
      ['no content', [], { type: 'A', name: 'x' }, { content: 'Content is required' }],
    ])('refuses %s', async (_rule, setup: any[], body: any, details) => {
      const zone = await createZone(api, owner);
      for (const set of setup) expect((await post(zone.id, set)).status).toBe(201);
      const serial = await serialOf(zone.id);
      const response = body.delete
        ? await api.request('DELETE', `/zones/${zone.id}/records/by-name/${body.delete}`, { token: owner.apiKey })
        : await post(zone.id, body);
      expect(response.status).toBe(422);
      expect(errorOf(response)).toMatchObject({ code: 'validation_failed', details });
      expect(await serialOf(zone.id)).toBe(serial);
    });
  });

  describe('GET', () => {
    it('lists sets in DNS canonical order then by type, with filters and pages', async () => {
      const zone = await createZone(api, owner);
      for (const [type, name, content] of [
        ['TXT', 'z', 'z'],
        ['A', 'a', '192.0.2.1'],
        ['AAAA', 'a', '2001:db8::1'],
        ['A', 'b.a', '192.0.2.2'],
        ['A', '*', '192.0.2.3'],
        ['MX', '@', '10 mail.example.net'],
        ['A', 'a-b', '192.0.2.4'],
        ['TXT', '_dmarc', 'v=DMARC1; p=none'],
      ])
        expect((await post(zone.id, { type, name, content })).status).toBe(201);
      const order = (await list(zone.id)).map((set: any) => `${set.name.replace(`.${zone.name}`, '').replace(zone.name, '@')} ${set.type}`);
      expect(order).toEqual(['@ NS', '@ SOA', '@ MX', '* A', '_dmarc TXT', 'a A', 'a AAAA', 'b.a A', 'a-b A', 'z TXT']);

      expect((await list(zone.id, '&name=a')).map((set: any) => set.type)).toEqual(['A', 'AAAA']);
      expect((await list(zone.id, '&type=a')).map((set: any) => set.name)).toEqual([
        `*.${zone.name}`,
        `a.${zone.name}`,
        `b.a.${zone.name}`,
        `a-b.${zone.name}`,
      ]);
      const page = await api.request('GET', `/zones/${zone.id}/records?limit=2&offset=2`, { token: owner.apiKey });
      expect(page.body.meta).toEqual({ total: 10, limit: 2, offset: 2 });
      expect(page.body.data.map((set: any) => set.type)).toEqual(['MX', 'A']);
      for (const query of ['limit=1001', 'limit=0', 'offset=-5', 'type=NOPE', 'name=bad..name']) {
        expect((await api.request('GET', `/zones/${zone.id}/records?${query}`, { token: owner.apiKey })).status, query).toBe(422);
      }
    });

    it('finds sets by part of the name, by several types and by part of a value, all filters together', async () => {
      const zone = await createZone(api, owner);
      const changes = [
        ...Array.from({ length: 12 }, (_, i) => ({ action: 'create', type: 'A', name: `host${i + 120}`, content: [`198.51.100.${i + 1}`] })),
        { action: 'create', type: 'A', name: 'host12', content: ['192.0.2.12'] },
        { action: 'create', type: 'AAAA', name: 'host12', content: ['2001:db8::12'] },
        { action: 'create', type: 'A', name: 'xhost1x2', content: ['192.0.2.99'] },
        { action: 'create', type: 'TXT', name: '_dmarc', content: ['v=DMARC1; p=reject; pct=100%'] },
        { action: 'create', type: 'TXT', name: 'admarc', content: ['100 percent'] },
        { action: 'create', type: 'CNAME', name: 'docs', content: ['pages.Example.NET.'] },
        { action: 'create', type: 'MX', name: '@', content: ['10 mail.example.net.'] },
      ];
      expect((await api.request('PATCH', `/zones/${zone.id}/records`, { token: owner.apiKey, body: { changes } })).status).toBe(200);
      const search = async (query: string) => {
        const response = await api.request('GET', `/zones/${zone.id}/records?limit=1000&${query}`, { token: owner.apiKey });
        expect(response.status, query).toBe(200);
        expect(response.body.meta.total, query).toBe(response.body.data.length);
        return response.body.data.map((set: any) => `${set.name.replace(zone.name, '@').replace(`.@`, '')} ${set.type}`);
      };
      const hosts12x = Array.from({ length: 10 }, (_, i) => `host${120 + i} A`);

      // A part of the name, relative or full, in any case; with a final dot the name is full.
      expect(await search('name_contains=host12')).toEqual(['host12 A', 'host12 AAAA', ...hosts12x]);
      expect(await search('name_contains=HOST12')).toEqual(await search('name_contains=host12'));
      expect(await search(`name_contains=host121.${zone.name}.`)).toEqual(['host121 A']);
      expect(await search('name_contains=%40')).toEqual(['@ NS', '@ SOA', '@ MX']);
      expect((await search(`name_contains=${zone.name}`)).length).toBe(changes.length + 2);
      // LIKE's wildcards are the characters themselves: `_` is no single character, `%` no run of them.
      expect(await search('name_contains=_dmarc')).toEqual(['_dmarc TXT']);
      expect(await search('name_contains=host1_2')).toEqual([]);
      expect(await search('name_contains=host%25')).toEqual([]);
      expect(await search('name_contains=%5C')).toEqual([]);

      // One type or several, any case; with the name, both must match.
      expect(await search('type=aaaa,TXT')).toEqual(['_dmarc TXT', 'admarc TXT', 'host12 AAAA']);
      expect(await search('type=A&name_contains=host12')).toEqual(['host12 A', ...hosts12x]);
      expect(await search('type=A,%20A,,aaaa&name=host12')).toEqual(['host12 A', 'host12 AAAA']);

      // A part of any value in its presentation form: an address, a target, a text; the IPv6 address in any spelling.
      expect(await search('content_contains=192.0.2.12')).toEqual(['host12 A']);
      expect(await search('content_contains=198.51.100.1')).toEqual(['host120 A', 'host129 A', 'host130 A', 'host131 A']);
      expect(await search('content_contains=2001:0DB8:0000::0012')).toEqual(['host12 AAAA']);
      expect(await search('content_contains=example.net')).toEqual(['@ MX', 'docs CNAME']);
      expect(await search('content_contains=100%25')).toEqual(['_dmarc TXT']);
      expect(await search('content_contains=p_reject')).toEqual([]);
      expect(await search('content_contains=192.0.2.12&type=AAAA')).toEqual([]);

      // The total counts every match, the page holds some.
      const page = await api.request('GET', `/zones/${zone.id}/records?name_contains=host&limit=5&offset=10`, { token: owner.apiKey });
      expect(page.body.meta).toEqual({ total: 15, limit: 5, offset: 10 });
      expect(page.body.data.map((set: any) => set.name)).toEqual(
        ['host128', 'host129', 'host130', 'host131', 'xhost1x2'].map((name) => `${name}.${zone.name}`),
      );

      for (const [query, field] of [
        ['type=A,NOPE', 'type'],
        ['type=,', 'type'],
        [`type=${Array.from({ length: 21 }, (_, i) => `TYPE${i + 1}`).join(',')}`, 'type'],
        ['name_contains=', 'name_contains'],
        [`name_contains=${'a'.repeat(256)}`, 'name_contains'],
        [`content_contains=${'a'.repeat(513)}`, 'content_contains'],
        ['content_contains=a%0Ab', 'content_contains'],
      ]) {
        const response = await api.request('GET', `/zones/${zone.id}/records?${query}`, { token: owner.apiKey });
        expect(response.status, query).toBe(422);
        expect(Object.keys(errorOf(response).details ?? {}), query).toContain(field);
      }
    });

    it('gets, replaces and deletes one set by id; the platform’s sets cannot be changed', async () => {
      const zone = await createZone(api, owner);
      const created = (await post(zone.id, { type: 'A', name: 'www', content: ['192.0.2.1', '192.0.2.2'] })).body.data;
      const one = await api.request('GET', `/zones/${zone.id}/records/${created.id}`, { token: owner.apiKey });
      expect(one.body.data).toEqual(created);

      const replaced = await api.request('PUT', `/zones/${zone.id}/records/${created.id}`, {
        token: owner.apiKey,
        body: { ttl: 120, content: '198.51.100.1' },
      });
      expect(replaced.status).toBe(200);
      expect(replaced.body.data).toMatchObject({ id: created.id, ttl: 120, content: ['198.51.100.1'] });
      const bad = await api.request('PUT', `/zones/${zone.id}/records/${created.id}`, { token: owner.apiKey, body: { content: 'nope' } });
      expect(bad.status).toBe(422);

      for (const set of (await list(zone.id)).filter((set: any) => set.managed)) {
        const put = await api.request('PUT', `/zones/${zone.id}/records/${set.id}`, { token: owner.apiKey, body: { content: set.content } });
        expect(put.status).toBe(422);
        expect((await api.request('DELETE', `/zones/${zone.id}/records/${set.id}`, { token: owner.apiKey })).status).toBe(422);
      }

      const deleted = await api.request('DELETE', `/zones/${zone.id}/records/${created.id}`, { token: owner.apiKey });
      expect(deleted.status).toBe(200);
      expect(deleted.body.data.content).toEqual(['198.51.100.1']);
      expect((await api.request('GET', `/zones/${zone.id}/records/${created.id}`, { token: owner.apiKey })).status).toBe(404);
      expect((await api.request('DELETE', `/zones/${zone.id}/records/${created.id}`, { token: owner.apiKey })).status).toBe(404);
    });
  });

  describe('DELETE by-name', () => {
    it('removes one value, then the set with its last value, or the whole set', async () => {
      const zone = await createZone(api, owner);
      await post(zone.id, { type: 'TXT', name: '_acme-challenge', content: ['token-one', 'token-two'] });
      const path = `/zones/${zone.id}/records/by-name/_acme-challenge/txt`;
      const one = await api.request('DELETE', `${path}?content=${encodeURIComponent('"token-one"')}`, { token: owner.apiKey });
      expect(one.status).toBe(200);
      expect(one.body.data).toMatchObject({ removed: ['"token-one"'], rrset: { content: ['"token-two"'] } });
      const missing = await api.request('DELETE', `${path}?content=absent`, { token: owner.apiKey });
      expect(missing.status).toBe(404);
      const last = await api.request('DELETE', `${path}?content=token-two`, { token: owner.apiKey });
      expect(last.body.data).toEqual({ removed: ['"token-two"'], rrset: null });
      expect((await api.request('DELETE', path, { token: owner.apiKey })).status).toBe(404);

      await post(zone.id, { type: 'A', name: '@', content: ['192.0.2.1', '192.0.2.2'] });
      const whole = await api.request('DELETE', `/zones/${zone.id}/records/by-name/${zone.name}./A`, { token: owner.apiKey });
      expect(whole.body.data).toEqual({ removed: ['192.0.2.1', '192.0.2.2'], rrset: null });
      expect((await api.request('DELETE', `/zones/${zone.id}/records/by-name/@/NS`, { token: owner.apiKey })).status).toBe(422);
    });

    it('adds and removes a DS at a delegation whose name servers have glue under it', async () => {
      const zone = await createZone(api, owner);
      const created = await api.request('PATCH', `/zones/${zone.id}/records`, {
        token: owner.apiKey,
        body: {
          changes: [
            { action: 'create', type: 'NS', name: 'sub', content: [`ns1.sub.${zone.name}.`, `ns2.sub.${zone.name}.`] },
            { action: 'create', type: 'A', name: 'ns1.sub', content: '192.0.2.53' },
            { action: 'create', type: 'AAAA', name: 'ns2.sub', content: '2001:db8::53' },
          ],
        },
      });
      expect(created.status).toBe(200);
      const ds = '12345 13 2 4b1b1b4e4c8a9c2e2b9f1e2d3c4b5a69788796a5b4c3d2e1f0e1d2c3b4a59687';
      const added = await post(zone.id, { type: 'DS', name: 'sub', content: ds });
      expect(added.status).toBe(201);
      expect(added.body.data).toMatchObject({ name: `sub.${zone.name}`, type: 'DS', content: [ds] });
      const removed = await api.request('DELETE', `/zones/${zone.id}/records/by-name/sub/DS`, { token: owner.apiKey });
      expect(removed.status).toBe(200);
      expect(removed.body.data).toEqual({ removed: [ds], rrset: null });
      // The glue is still what the NS set needs: removing it is refused with the reason.
      const glue = await api.request('DELETE', `/zones/${zone.id}/records/by-name/ns1.sub/A`, { token: owner.apiKey });
      expect(glue.status).toBe(422);
      expect(glue.body.error.message).toContain('needs A or AAAA glue records');
    });

    it('takes owner names longer than 100 characters, and answers an over-long one in the envelope', async () => {
      const zone = await createZone(api, owner);
      const long = `${'a'.repeat(60)}.${'b'.repeat(60)}`;
      expect((await post(zone.id, { type: 'A', name: long, content: '192.0.2.1' })).status).toBe(201);
      const removed = await api.request('DELETE', `/zones/${zone.id}/records/by-name/${long}/A`, { token: owner.apiKey });
      expect(removed.status).toBe(200);
      expect(removed.body.data.removed).toEqual(['192.0.2.1']);
      const overLong = await api.request('DELETE', `/zones/${zone.id}/records/by-name/${'c'.repeat(1100)}/A`, { token: owner.apiKey });
      expect(overLong.status).toBe(404);
      expect(overLong.body).toMatchObject({ status: 'error', error: { code: 'not_found' } });
    });
  });

  describe('PATCH', () => {
    it('applies creates, replaces and deletes in one change with one new serial', async () => {
      const zone = await createZone(api, owner);
      await post(zone.id, { type: 'A', name: 'old', content: '192.0.2.1' });
      await post(zone.id, { type: 'A', name: 'keep', content: '192.0.2.1' });
      const serial = await serialOf(zone.id);
      const response = await api.request('PATCH', `/zones/${zone.id}/records`, {
        token: owner.apiKey,
        body: {
          changes: [
            { action: 'create', type: 'A', name: 'new', content: ['192.0.2.5'], ttl: 300 },
            { action: 'replace', type: 'A', name: 'keep', content: '192.0.2.9' },
            { action: 'delete', type: 'A', name: 'old' },
          ],
        },
      });
      expect(response.status).toBe(200);
      expect(response.body.data.serial).toBe(serial + 1);
      expect(response.body.data.changes.map((change: any) => change.action)).toEqual(['create', 'update', 'delete']);
      expect(await customerSets(zone.id)).toEqual([
        [`keep.${zone.name}`, 'A', 3600, ['192.0.2.9']],
        [`new.${zone.name}`, 'A', 300, ['192.0.2.5']],
      ]);
      const changes = await api.database.db.select().from(zoneChanges).where(eq(zoneChanges.zoneId, zone.id));
      expect(changes.at(-1)).toMatchObject({ previousSerial: serial, serial: serial + 1, source: 'api' });
    });

    it('is all or nothing: one bad change refuses every change, each problem under its index', async () => {
      const zone = await createZone(api, owner);
      await post(zone.id, { type: 'A', name: 'exists', content: '192.0.2.1' });
      const before = await api.database.db.select().from(rrsets).where(eq(rrsets.zoneId, zone.id));
      const serial = await serialOf(zone.id);
      const response = await api.request('PATCH', `/zones/${zone.id}/records`, {
        token: owner.apiKey,
        body: {
          changes: [
            { action: 'create', type: 'A', name: 'fine', content: '192.0.2.2' },
            { action: 'create', type: 'A', name: 'exists', content: '192.0.2.3' },
            { action: 'replace', type: 'CNAME', name: '@', content: 'x.example.net' },
            { action: 'delete', type: 'TXT', name: 'nothing' },
            { action: 'create', name: 'typeless', content: 'x' },
          ],
        },
      });
      expect(response.status).toBe(422);
      expect(errorOf(response).details).toEqual({
        'changes.1.name': `exists.${zone.name} already has a A set: use replace to change it`,
        'changes.3.name': `There is no TXT set at nothing.${zone.name} to delete`,
        'changes.4.type': 'Record type is required',
      });
      const ruleBroken = await api.request('PATCH', `/zones/${zone.id}/records`, {
        token: owner.apiKey,
        body: {
          changes: [
            { action: 'create', type: 'A', name: 'fine', content: '192.0.2.2' },
            { action: 'replace', type: 'CNAME', name: '@', content: 'x.example.net' },
          ],
        },
      });
      expect(errorOf(ruleBroken).details).toMatchObject({ 'changes.1.content': 'CNAME cannot be at the root of a domain' });
      expect(await api.database.db.select().from(rrsets).where(eq(rrsets.zoneId, zone.id))).toEqual(before);
      expect(await serialOf(zone.id)).toBe(serial);
    });

    it('applies with if_serial when the zone is still at that serial, and answers 409 serial_mismatch writing nothing once it moved', async () => {
      const zone = await createZone(api, owner);
      const planned = await serialOf(zone.id);
      const patch = (body: unknown) => api.request('PATCH', `/zones/${zone.id}/records`, { token: owner.apiKey, body });
      const applied = await patch({ if_serial: planned, changes: [{ action: 'create', type: 'A', name: 'www', content: '192.0.2.1' }] });
      expect(applied.status).toBe(200);
      expect(applied.body.data.serial).not.toBe(planned);
      const before = await customerSets(zone.id);
      const stale = await patch({ if_serial: planned, changes: [{ action: 'replace', type: 'A', name: 'www', content: '192.0.2.9' }] });
      expect(stale.status).toBe(409);
      expect(errorOf(stale)).toMatchObject({
        code: 'serial_mismatch',
        message: expect.stringContaining(`its serial is ${applied.body.data.serial}, not ${planned}`),
        details: { if_serial: planned, serial: applied.body.data.serial },
      });
      expect(await customerSets(zone.id)).toEqual(before);
      expect(await serialOf(zone.id)).toBe(applied.body.data.serial);
      expect((await patch({ if_serial: -1, changes: [{ action: 'delete', type: 'A', name: 'www' }] })).status).toBe(422);
      expect((await patch({ if_serial: 'x', changes: [{ action: 'delete', type: 'A', name: 'www' }] })).status).toBe(422);
    });

    it('takes 1,000 sets in one call', async () => {
      const zone = await createZone(api, owner);
      const changes = Array.from({ length: 1000 }, (_, i) => ({ action: 'create', type: 'A', name: `host-${i}`, content: [`10.0.${i >> 8}.${i & 255}`] }));
      const response = await api.request('PATCH', `/zones/${zone.id}/records`, { token: owner.apiKey, body: { changes } });
      expect(response.status).toBe(200);
      expect(response.body.data.changes).toHaveLength(1000);
      expect((await api.request('GET', `/zones/${zone.id}`, { token: owner.apiKey })).body.data.record_count).toBe(1000);
      const tooMany = await api.request('PATCH', `/zones/${zone.id}/records`, { token: owner.apiKey, body: { changes: [...changes, ...changes.slice(0, 1)] } });
      expect(tooMany.status).toBe(422);
    });
  });

  describe('secondary zones', () => {
    it('refuses every record write with 409 zone_is_secondary before reading its input, and writes nothing', async () => {
      const zone = await createZone(api, owner);
      const ns = (await list(zone.id)).find((set: any) => set.type === 'NS');
      // A zone's type is set when it is made (and kept so by a process that wrote to it, decision 083): this
      // one becomes secondary before any write; its primaries and transfers play no part here.
      await api.database.db.update(zones).set({ type: 'secondary' }).where(eq(zones.id, zone.id));
      const before = await api.database.db.select().from(rrsets).where(eq(rrsets.zoneId, zone.id));
      const serial = await serialOf(zone.id);
      const dns = { 'content-type': 'text/dns' };
      const writes: [string, string, unknown, Record<string, string>?][] = [
        ['POST', `/zones/${zone.id}/records`, { name: 'new', type: 'A', content: '192.0.2.2' }],
        ['POST', `/zones/${zone.id}/records`, { name: 'new', type: 'A', content: 'not an address' }],
        ['PUT', `/zones/${zone.id}/records/${ns.id}`, { content: 'ns.example.net.' }],
        ['PUT', `/zones/${zone.id}/records/${ns.id}`, { content: 'not a name!' }],
        ['DELETE', `/zones/${zone.id}/records/${ns.id}`, undefined],
        ['DELETE', `/zones/${zone.id}/records/by-name/@/NS`, undefined],
        ['DELETE', `/zones/${zone.id}/records/by-name/www/A?content=not-an-address`, undefined],
        ['PATCH', `/zones/${zone.id}/records`, { changes: [{ action: 'create', name: 'new', type: 'A', content: '192.0.2.2' }] }],
        ['PATCH', `/zones/${zone.id}/records`, { changes: [{ action: 'delete', name: 'www' }] }],
        ['POST', `/zones/${zone.id}/import`, 'new 300 IN A 192.0.2.2\n', dns],
        ['POST', `/zones/${zone.id}/import?dry_run=true`, 'new 300 IN A 192.0.2.2\n', dns],
        ['POST', `/zones/${zone.id}/restore`, { serial }],
      ];
      for (const [method, path, body, headers] of writes) {
        const response = await api.request(method, path, { token: owner.apiKey, body, ...(headers ? { headers } : {}) });
        expect(`${method} ${path} ${response.status} ${errorOf(response).code}`).toBe(`${method} ${path} 409 zone_is_secondary`);
      }
      expect(await api.database.db.select().from(rrsets).where(eq(rrsets.zoneId, zone.id))).toEqual(before);
      expect(await serialOf(zone.id)).toBe(serial);
    });
  });

  describe('plan limits', () => {
    it('counts records of all zones (not SOA and apex NS) and refuses growth past the limit with limit and usage', async () => {
      const { account, zone } = await customerWithZone(api, 'nano');
      const second = await createZone(api, account);
      const fill = (zoneId: string, count: number, prefix: string) =>
        api.request('PATCH', `/zones/${zoneId}/records`, {
          token: account.apiKey,
          body: { changes: Array.from({ length: count }, (_, i) => ({ action: 'create', type: 'A', name: `${prefix}${i}`, content: '192.0.2.1' })) },
        });
      expect((await fill(zone.id, 150, 'a')).status).toBe(200);
      expect((await fill(second.id, 49, 'b')).status).toBe(200);
      const last = await api.request('POST', `/zones/${second.id}/records`, {
        token: account.apiKey,
        body: { type: 'A', name: 'last', content: ['192.0.2.1'] },
      });
      expect(last.status).toBe(201);
      const over = await api.request('POST', `/zones/${second.id}/records`, { token: account.apiKey, body: { type: 'A', name: 'over', content: '192.0.2.1' } });
      expect(over.status).toBe(403);
      expect(errorOf(over)).toMatchObject({ code: 'quota_exceeded', details: { resource: 'records', limit: 200, usage: 200, requested: 1 } });
      const bulk = await fill(zone.id, 2, 'c');
      expect(errorOf(bulk).details).toMatchObject({ limit: 200, usage: 200, requested: 2 });
      // Replacing without growth and shrinking still work.
      const swap = await api.request('PATCH', `/zones/${zone.id}/records`, {
        token: account.apiKey,
        body: {
          changes: [
            { action: 'delete', type: 'A', name: 'a0' },
            { action: 'create', type: 'A', name: 'swapped', content: '192.0.2.1' },
          ],
        },
      });
      expect(swap.status).toBe(200);
    });

    it('concurrent writes to different zones never pass the record limit together', async () => {
      const { account, zone } = await customerWithZone(api, 'nano');
      const second = await createZone(api, account);
      const filled = await api.request('PATCH', `/zones/${zone.id}/records`, {
        token: account.apiKey,
        body: { changes: Array.from({ length: 198 }, (_, i) => ({ action: 'create', type: 'A', name: `a${i}`, content: '192.0.2.1' })) },
      });
      expect(filled.status).toBe(200);
      const answers = await Promise.all(
        [zone.id, second.id, zone.id, second.id].map((zoneId, i) =>
          api.request('POST', `/zones/${zoneId}/records`, { token: account.apiKey, body: { type: 'TXT', name: `race${i}`, content: 'x' } }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 403, 403]);
      const total = async (zoneId: string) => (await api.request('GET', `/zones/${zoneId}`, { token: account.apiKey })).body.data.record_count as number;
      expect((await total(zone.id)) + (await total(second.id))).toBe(200);
    });
  });

  describe('access', () => {
    it('another customer’s zone and records are 404', async () => {
      const { account: stranger, zone: foreign } = await customerWithZone(api);
      const set = (await post(foreign.id, { type: 'A', name: 'www', content: '192.0.2.1' }, stranger.apiKey)).body.data;
      const requests: [string, string, unknown?][] = [
        ['GET', `/zones/${foreign.id}/records`],
        ['GET', `/zones/${foreign.id}/records?name_contains=www&content_contains=192.0.2&type=A,AAAA`],
        ['POST', `/zones/${foreign.id}/records`, { type: 'A', name: 'x', content: '192.0.2.1' }],
        ['PATCH', `/zones/${foreign.id}/records`, { changes: [{ action: 'delete', type: 'A', name: 'www' }] }],
        ['GET', `/zones/${foreign.id}/records/${set.id}`],
        ['PUT', `/zones/${foreign.id}/records/${set.id}`, { content: '192.0.2.2' }],
        ['DELETE', `/zones/${foreign.id}/records/${set.id}`],
        ['DELETE', `/zones/${foreign.id}/records/by-name/www/A`],
      ];
      for (const [method, path, body] of requests) {
        const response = await api.request(method, path, { token: owner.apiKey, body });
        expect(response.status, `${method} ${path}`).toBe(404);
      }
      // A record id of another zone, under one's own zone, is not found either.
      const mine = await createZone(api, owner);
      expect((await api.request('GET', `/zones/${mine.id}/records/${set.id}`, { token: owner.apiKey })).status).toBe(404);
    });

    it('a write to a zone this process knows reads the zone once, in the statement that locks it', async () => {
      const zone = await createZone(api, owner);
      expect((await post(zone.id, { type: 'A', name: 'www', content: '192.0.2.1' })).status).toBe(201);
      const zoneReads: string[] = [];
      const stop = observeStatements((text) => {
        if (/from "zones"/i.test(text)) zoneReads.push(text);
      });
      try {
        expect((await post(zone.id, { type: 'A', name: 'mail', content: '192.0.2.2' })).status).toBe(201);
      } finally {
        stop();
      }
      expect(zoneReads).toHaveLength(1);
      expect(zoneReads[0]).toMatch(/for update/i);
    });

    it('a zone this process wrote to before is asked for again under the lock: a key for other zones, deleted, being deleted', async () => {
      const zone = await createZone(api, owner);
      const other = await createZone(api, owner);
      // The first write reads the zone; the next ones find its name known here (decision 083).
      expect((await post(zone.id, { type: 'A', name: 'www', content: '192.0.2.1' })).status).toBe(201);
      const elsewhere = await createApiKey(api, owner, { scopes: ['records:*'], restrictions: { allowed_zones: [other.name] } });
      expect((await post(zone.id, { type: 'A', name: 'x', content: '192.0.2.2' }, elsewhere.key)).status).toBe(404);
      expect((await api.request('DELETE', `/zones/${zone.id}/records/by-name/www/A`, { token: elsewhere.key })).status).toBe(404);

      await api.database.db.update(zones).set({ status: 'deleting' }).where(eq(zones.id, zone.id));
      const deleting = await post(zone.id, { type: 'A', name: 'x', content: '192.0.2.2' });
      expect(deleting.status).toBe(409);
      expect(errorOf(deleting).code).toBe('conflict');

      // Gone as another process would leave it: its row deleted, not through this process.
      await api.database.db.delete(zones).where(eq(zones.id, zone.id));
      for (const response of [
        await post(zone.id, { type: 'A', name: 'x', content: '192.0.2.2' }),
        await api.request('PATCH', `/zones/${zone.id}/records`, {
          token: owner.apiKey,
          body: { changes: [{ action: 'create', type: 'A', name: 'y', content: '192.0.2.3' }] },
        }),
        await api.request('DELETE', `/zones/${zone.id}/records/by-name/www/A`, { token: owner.apiKey }),
      ]) {
        expect(response.status).toBe(404);
        expect(errorOf(response).code).toBe('not_found');
      }
      expect(await api.database.db.select().from(rrsets).where(eq(rrsets.zoneId, zone.id))).toEqual([]);
    });

    it('records:read reads, records:write writes, zones scopes alone do neither', async () => {
      const zone = await createZone(api, owner);
      const reader = await createApiKey(api, owner, { scopes: ['records:read'] });
      const zonesOnly = await createApiKey(api, owner, { scopes: ['zones:*'] });
      expect((await api.request('GET', `/zones/${zone.id}/records`, { token: reader.key })).status).toBe(200);
      const write = await post(zone.id, { type: 'A', name: 'x', content: '192.0.2.1' }, reader.key);
      expect(write.status).toBe(403);
      expect(errorOf(write).details).toEqual({ scope: 'Missing scope records:write' });
      expect((await api.request('PATCH', `/zones/${zone.id}/records`, { token: reader.key, body: { changes: [] } })).status).toBe(403);
      expect((await api.request('GET', `/zones/${zone.id}/records`, { token: zonesOnly.key })).status).toBe(403);
    });

    it('a key with a write policy changes only the names and types it allows', async () => {
      const zone = await createZone(api, owner);
      const acme = await createApiKey(api, owner, {
        scopes: ['records:*'],
        restrictions: { record_policies: [{ zone: zone.name, name: '_acme-challenge', type: 'TXT', allow: true }] },
      });
      const allowed = await post(zone.id, { type: 'TXT', name: '_acme-challenge', content: 'token' }, acme.key);
      expect(allowed.status).toBe(201);
      const refused = await post(zone.id, { type: 'A', name: '_acme-challenge', content: '192.0.2.1' }, acme.key);
      expect(refused.status).toBe(403);
      expect(errorOf(refused).details).toEqual({ name: `This API key may not change A records at _acme-challenge.${zone.name}` });
      const bulk = await api.request('PATCH', `/zones/${zone.id}/records`, {
        token: acme.key,
        body: {
          changes: [
            { action: 'replace', type: 'TXT', name: '_acme-challenge', content: 'new' },
            { action: 'create', type: 'TXT', name: 'www', content: 'x' },
          ],
        },
      });
      expect(bulk.status).toBe(403);
      expect(Object.keys(errorOf(bulk).details)).toEqual(['changes.1.name']);
      expect((await api.request('DELETE', `/zones/${zone.id}/records/by-name/_acme-challenge/TXT`, { token: acme.key })).status).toBe(200);
    });
  });
});
