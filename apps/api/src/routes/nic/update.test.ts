import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, signUpOwner, startTestApi, type TestAccount, type TestApi } from '../../testing';

// The dyndns2 update call as routers and ddclient make it: basic auth with an API key as the
// password, answers in plain text. The API trusts X-Forwarded-For here, as behind a load balancer,
// so a test can come from an IPv6 address.
describe('GET /nic/update (dyndns2)', () => {
  let api: TestApi;
  let owner: TestAccount;
  let zone: { id: string; name: string };
  const rateLimit = 6;

  beforeAll(async () => {
    api = await startTestApi({ env: { TRUST_PROXY: 'true' }, rateLimits: { dyndns: { limit: rateLimit, windowSeconds: 600 } } });
    owner = await signUpOwner(api);
    const created = await api.request('POST', '/zones', { token: owner.apiKey, body: { name: 'dyndns-test.com' } });
    expect(created.status).toBe(201);
    zone = created.body.data;
  });
  afterAll(() => api?.close());

  /** A key that may change only the A and AAAA sets of `host` (relative to the zone). */
  const hostKey = async (host: string, extra: Record<string, unknown> = {}) =>
    (
      await createApiKey(api, owner, {
        scopes: ['records:write'],
        restrictions: {
          record_policies: [
            { zone: zone.name, name: host, type: 'A', allow: true },
            { zone: zone.name, name: host, type: 'AAAA', allow: true },
          ],
          ...extra,
        },
      })
    ).key;

  const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

  async function update(query: Record<string, string>, headers: Record<string, string> = {}) {
    const response = await fetch(`${api.origin}/nic/update?${new URLSearchParams(query).toString()}`, { headers });
    return { status: response.status, headers: response.headers, text: await response.text() };
  }

  async function set(name: string, type: string) {
    const response = await api.request('GET', `/zones/${zone.id}/records?name=${name}&type=${type}`, { token: owner.apiKey });
    const found = response.body.data[0] as { ttl: number; content: string[] } | undefined;
    return found && { ttl: found.ttl, content: found.content };
  }
  const serial = async () => (await api.request('GET', `/zones/${zone.id}`, { token: owner.apiKey })).body.data.serial as number;

  it('publishes the address as the host’s only A record (good), then answers nochg without a new serial', async () => {
    const key = await hostKey('home');
    const before = await serial();
    // The router's form: the host name as the user name, no hostname parameter.
    const good = await update({ myip: '203.0.113.7' }, { authorization: basic(`home.${zone.name}`, key) });
    expect([good.status, good.text]).toEqual([200, 'good 203.0.113.7\n']);
    expect(good.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await set('home', 'A')).toEqual({ ttl: 60, content: ['203.0.113.7'] });
    expect(await serial()).toBe(before + 1);

    const history = await api.request('GET', `/zones/${zone.id}/history?limit=1`, { token: owner.apiKey });
    expect(history.body.data[0]).toMatchObject({
      serial: before + 1,
      source: 'api',
      actor: { type: 'api_key' },
      added: [{ name: `home.${zone.name}`, type: 'A', content: '203.0.113.7' }],
    });

    const again = await update({ hostname: `home.${zone.name}`, myip: '203.0.113.7' }, { authorization: basic('router', key) });
    expect([again.status, again.text]).toEqual([200, 'nochg 203.0.113.7\n']);
    expect(await serial()).toBe(before + 1);
  });

  it('replaces every value of an existing set and keeps the TTL the customer chose', async () => {
    const added = await api.request('POST', `/zones/${zone.id}/records`, {
      token: owner.apiKey,
      body: { name: 'office', type: 'A', ttl: 300, content: ['192.0.2.1', '192.0.2.2'] },
    });
    expect(added.status).toBe(201);
    const key = await hostKey('office');
    const good = await update({ hostname: `office.${zone.name}`, myip: '192.0.2.3' }, { authorization: basic('any', key) });
    expect(good.text).toBe('good 192.0.2.3\n');
    expect(await set('office', 'A')).toEqual({ ttl: 300, content: ['192.0.2.3'] });
  });

  it('refuses a missing, unknown or insufficient credential with badauth and a basic-auth challenge', async () => {
    const none = await update({ hostname: `home.${zone.name}`, myip: '203.0.113.8' });
    expect([none.status, none.text]).toEqual([401, 'badauth\n']);
    expect(none.headers.get('www-authenticate')).toMatch(/^Basic realm=/);

    const unknown = await update({ hostname: `home.${zone.name}`, myip: '203.0.113.8' }, { authorization: basic('home', 'kak_not-a-key') });
    expect([unknown.status, unknown.text]).toEqual([401, 'badauth\n']);

    const readOnly = (await createApiKey(api, owner, { scopes: ['records:read'] })).key;
    const withoutScope = await update({ hostname: `home.${zone.name}`, myip: '203.0.113.8' }, { authorization: basic('home', readOnly) });
    expect([withoutScope.status, withoutScope.text]).toEqual([401, 'badauth\n']);

    // A session is a person's sign-in, not a key for a router.
    const session = await update({ hostname: `home.${zone.name}`, myip: '203.0.113.8' }, { authorization: `Bearer ${owner.accessToken}` });
    expect([session.status, session.text]).toEqual([401, 'badauth\n']);

    // The key's client networks hold here as for /v1.
    const elsewhere = await hostKey('home', { allowed_cidrs: ['198.51.100.0/24'] });
    const outside = await update({ hostname: `home.${zone.name}`, myip: '203.0.113.8' }, { authorization: basic('home', elsewhere) });
    expect([outside.status, outside.text]).toEqual([401, 'badauth\n']);
    expect(await set('home', 'A')).toEqual({ ttl: 60, content: ['203.0.113.7'] });
  });

  it('answers nohost for names outside the customer’s zones and names the key may not change, notfqdn for non-names', async () => {
    const other = await signUpOwner(api);
    const foreign = await api.request('POST', '/zones', { token: other.apiKey, body: { name: 'someone-else.com' } });
    expect(foreign.status).toBe(201);
    const key = await hostKey('home');

    const anotherCustomers = await update({ hostname: 'home.someone-else.com', myip: '203.0.113.9' }, { authorization: basic('home', key) });
    expect(anotherCustomers.text).toBe('nohost\n');
    const nowhere = await update({ hostname: 'home.not-hosted.com', myip: '203.0.113.9' }, { authorization: basic('home', key) });
    expect(nowhere.text).toBe('nohost\n');
    // The key is limited to home's A and AAAA: another name of the same zone is refused.
    const otherName = await update({ hostname: `garage.${zone.name}`, myip: '203.0.113.9' }, { authorization: basic('home', key) });
    expect(otherName.text).toBe('nohost\n');
    expect(await set('garage', 'A')).toBeUndefined();
    // A key limited to another zone.
    const otherZoneKey = (await createApiKey(api, owner, { scopes: ['records:write'], restrictions: { allowed_zones: ['someone-else.com'] } })).key;
    const outsideZones = await update({ hostname: `home.${zone.name}`, myip: '203.0.113.9' }, { authorization: basic('home', otherZoneKey) });
    expect(outsideZones.text).toBe('nohost\n');
    expect(await set('home', 'A')).toEqual({ ttl: 60, content: ['203.0.113.7'] });

    const notAName = await update({ hostname: 'not a name', myip: '203.0.113.9' }, { authorization: basic('home', key) });
    expect(notAName.text).toBe('notfqdn\n');
    // A login that is an e-mail address is no host name.
    const noHost = await update({ myip: '203.0.113.9' }, { authorization: basic('ada@example.com', key) });
    expect(noHost.text).toBe('notfqdn\n');
  });

  it('sets AAAA from myipv6, both families from myip=<ipv4>,<ipv6>, and leaves a family not given alone', async () => {
    const key = await hostKey('nas');
    const v6 = await update({ hostname: `nas.${zone.name}`, myipv6: '2001:DB8:0:0::7' }, { authorization: basic('nas', key) });
    expect(v6.text).toBe('good 2001:db8::7\n');
    expect(await set('nas', 'AAAA')).toEqual({ ttl: 60, content: ['2001:db8::7'] });
    expect(await set('nas', 'A')).toBeUndefined();

    const before = await serial();
    const both = await update({ hostname: `nas.${zone.name}`, myip: '198.51.100.4,2001:db8::8' }, { authorization: basic('nas', key) });
    expect(both.text).toBe('good 198.51.100.4 2001:db8::8\n');
    expect(await serial()).toBe(before + 1);
    expect(await set('nas', 'A')).toEqual({ ttl: 60, content: ['198.51.100.4'] });
    expect(await set('nas', 'AAAA')).toEqual({ ttl: 60, content: ['2001:db8::8'] });

    const bad = await update({ hostname: `nas.${zone.name}`, myip: '198.51.100.999' }, { authorization: basic('nas', key) });
    expect([bad.status, bad.text]).toEqual([400, 'myip: 198.51.100.999 is not an IPv4 or IPv6 address\n']);
    const notV6 = await update({ hostname: `nas.${zone.name}`, myipv6: '198.51.100.5' }, { authorization: basic('nas', key) });
    expect([notV6.status, notV6.text]).toEqual([400, 'myipv6: 198.51.100.5 is not an IPv6 address\n']);
    expect(await set('nas', 'A')).toEqual({ ttl: 60, content: ['198.51.100.4'] });
  });

  it('uses the client’s address when no address is given: IPv4 to A, IPv6 to AAAA', async () => {
    const key = await hostKey('laptop');
    const v4 = await update({ hostname: `laptop.${zone.name}` }, { authorization: basic('laptop', key) });
    expect(v4.text).toBe('good 127.0.0.1\n');
    expect(await set('laptop', 'A')).toEqual({ ttl: 60, content: ['127.0.0.1'] });

    const v6 = await update({ hostname: `laptop.${zone.name}` }, { authorization: `Bearer ${key}`, 'x-forwarded-for': '2001:db8:42::1' });
    expect(v6.text).toBe('good 2001:db8:42::1\n');
    expect(await set('laptop', 'AAAA')).toEqual({ ttl: 60, content: ['2001:db8:42::1'] });
    expect(await set('laptop', 'A')).toEqual({ ttl: 60, content: ['127.0.0.1'] });
  });

  it('answers one line per host name, and dnserr where a record rule refuses the change', async () => {
    const cname = await api.request('POST', `/zones/${zone.id}/records`, {
      token: owner.apiKey,
      body: { name: 'alias', type: 'CNAME', content: `home.${zone.name}.` },
    });
    expect(cname.status).toBe(201);
    const hosts = [`one.${zone.name}`, `alias.${zone.name}`, `two.${zone.name}`].join(',');
    const answered = await update({ hostname: hosts, myip: '192.0.2.50' }, { authorization: basic('any', owner.apiKey) });
    expect(answered.text).toBe('good 192.0.2.50\ndnserr\ngood 192.0.2.50\n');
    expect(await set('alias', 'A')).toBeUndefined();
    expect(await set('two', 'A')).toEqual({ ttl: 60, content: ['192.0.2.50'] });

    const many = Array.from({ length: 21 }, (_, index) => `h${index}.${zone.name}`).join(',');
    expect((await update({ hostname: many, myip: '192.0.2.51' }, { authorization: basic('any', owner.apiKey) })).text).toBe('numhost\n');
  });

  it('answers abuse with Retry-After once a key has made its updates of the window, nochg ones included', async () => {
    const key = await hostKey('busy');
    const answers: string[] = [];
    for (let attempt = 0; attempt < rateLimit; attempt++) {
      answers.push((await update({ hostname: `busy.${zone.name}`, myip: `192.0.2.${100 + attempt}` }, { authorization: basic('busy', key) })).text);
    }
    expect(answers).toEqual(Array.from({ length: rateLimit }, (_, attempt) => `good 192.0.2.${100 + attempt}\n`));
    const refused = await update({ hostname: `busy.${zone.name}`, myip: '192.0.2.200' }, { authorization: basic('busy', key) });
    expect([refused.status, refused.text]).toEqual([200, 'abuse\n']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit-policy')).toBe(`"dyndns";q=${rateLimit};w=600`);
    expect(await set('busy', 'A')).toEqual({ ttl: 60, content: [`192.0.2.${100 + rateLimit - 1}`] });

    // The limit is the key's: another key of the customer still updates.
    const other = await hostKey('busy');
    expect((await update({ hostname: `busy.${zone.name}`, myip: '192.0.2.201' }, { authorization: basic('busy', other) })).text).toBe('good 192.0.2.201\n');
  });
});

describe('GET /nic/update: refused credentials', () => {
  let api: TestApi;
  let owner: TestAccount;
  const limit = 3;

  beforeAll(async () => {
    api = await startTestApi({ rateLimits: { failedAuthentication: { limit, windowSeconds: 600 } } });
    owner = await signUpOwner(api);
  });
  afterAll(() => api?.close());

  it('count with those of /v1 per client address; over the limit a guess hears abuse, a good key is still served', async () => {
    const update = async (key: string) => {
      const response = await fetch(`${api.origin}/nic/update?hostname=home.guesses.com&myip=192.0.2.1`, {
        headers: { authorization: `Basic ${Buffer.from(`home:${key}`).toString('base64')}` },
      });
      return `${response.status} ${(await response.text()).trim()}`;
    };
    expect((await api.request('GET', '/zones', { token: 'kak_guess-1' })).status).toBe(401);
    expect((await api.request('GET', '/zones', { token: 'kak_guess-2' })).status).toBe(401);
    expect(await update('kak_guess-3')).toBe('401 badauth');
    expect(await update('kak_guess-4')).toBe('200 abuse');
    expect((await api.request('GET', '/zones', { token: 'kak_guess-5' })).status).toBe(429);
    // The customer's own key verifies: it is served (no such zone here, so nohost).
    expect(await update(owner.apiKey)).toBe('200 nohost');
  });
});
