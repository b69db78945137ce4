import { describe, expect, it } from 'vitest';
import { apiTest } from '../../apiTest';
import { count, eq, sql } from '@kaja/db/orm';
import { apiKeys } from '@kaja/db';
import { addUser, createApiKey, errorOf, signUpOwner, type TestAccount, type TestApi } from '../../testing';
import { policiesAllow } from '@kaja/zone-writes';

describe('/v1/users/{userId}/apikeys', () => {
  let api: TestApi;
  let owner: TestAccount;
  let other: TestAccount;
  apiTest.beforeAll(async ({ api: started, owner: signedUp }) => {
    api = started;
    owner = signedUp;
    other = await signUpOwner(api);
  });

  const keyCount = async () => (await api.database.db.select({ value: count() }).from(apiKeys))[0]!.value;
  const path = (account: { userId: string }) => `/users/${account.userId}/apikeys`;

  it('creates a key: the secret once, a hash and a visible prefix stored, scopes stored comma-delimited', async () => {
    const created = await api.request('POST', path(owner), {
      token: owner.accessToken,
      body: { name: 'CI deploy', scopes: '["zones:read","records:*"]', expires_at: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(created.status).toBe(201);
    const key = created.body.data;
    expect(key.key).toMatch(/^kak_/);
    expect(key.prefix).toBe(key.key.slice(0, 12));
    expect(key.scopes).toEqual(['zones:read', 'records:*']);
    const [row] = await api.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.scopes).toBe('zones:read,records:*');
    expect(row!.secretHash).not.toContain(key.key);
    expect(JSON.stringify(row)).not.toContain(key.key);

    const listed = await api.request('GET', path(owner), { token: owner.accessToken });
    expect(listed.body.meta.total).toBe(2);
    expect(JSON.stringify(listed.body)).not.toContain(key.key);
    const one = await api.request('GET', `${path(owner)}/${key.id}`, { token: owner.accessToken });
    expect(one.body.data).not.toHaveProperty('key');
    expect(one.body.data.name).toBe('CI deploy');

    expect((await api.request('GET', `/customers/${owner.customerId}`, { token: key.key })).status).toBe(403);
    expect((await api.request('GET', `/users/${owner.userId}/apikeys`, { token: key.key })).status).toBe(403);
  });

  it.each([
    [{ scopes: ['zones:read'] }, { name: 'Name is required' }],
    [{ name: 'x' }, { scopes: 'Scopes is required' }],
    [{ name: 'x', scopes: [] }, { scopes: 'Scopes must have at least 1 item' }],
    [{ name: 'x', scopes: ['zones:fly'] }, { scopes: expect.stringContaining('Unknown scope: zones:fly') }],
    [{ name: 'x', scopes: '["zones:read"' }, { scopes: 'Scopes must be a list or a JSON-encoded list of scopes' }],
    [{ name: 'x', scopes: 5 }, { scopes: 'Scopes has an invalid type' }],
    [{ name: 'x', scopes: ['zones:read'], expires_at: '2001-01-01T00:00:00Z' }, { expires_at: 'Expires at must be in the future' }],
    [{ name: 'x', scopes: ['zones:read'], expires_at: 'tomorrow' }, { expires_at: 'Expires at must be an ISO 8601 date and time' }],
    [
      { name: 'x', scopes: ['zones:read'], restrictions: { allowed_cidrs: ['10.0.0.0/33'] } },
      { 'restrictions.allowed_cidrs.0': '10.0.0.0/33 is not an IPv4 or IPv6 address range (CIDR)' },
    ],
    [
      { name: 'x', scopes: ['zones:read'], restrictions: { allowed_zones: ['bad..zone'] } },
      { 'restrictions.allowed_zones.0': 'bad..zone is not a valid zone name' },
    ],
    [
      { name: 'x', scopes: ['zones:read'], restrictions: { record_policies: [{ name: '_acme-challenge', type: 'TXT' }] } },
      { 'restrictions.record_policies.0.allow': 'Allow is required' },
    ],
    [{ name: 'x', scopes: ['zones:read'], restrictions: { max_age_seconds: 5 } }, { 'restrictions.max_age_seconds': 'Max age seconds must be at least 60' }],
  ])('rejects %j with validation_failed and writes nothing', async (body, details) => {
    const before = await keyCount();
    const response = await api.request('POST', path(owner), { token: owner.accessToken, body });
    expect(response.status).toBe(422);
    expect(errorOf(response)).toMatchObject({ code: 'validation_failed', details });
    expect(await keyCount()).toBe(before);
  });

  it("another customer's user or key is not_found; members cannot manage others' keys", async () => {
    expect((await api.request('POST', path(other), { token: owner.accessToken, body: { name: 'x', scopes: ['zones:read'] } })).status).toBe(404);
    expect((await api.request('GET', path(other), { token: owner.accessToken })).status).toBe(404);
    expect((await api.request('GET', `${path(owner)}/${other.apiKeyId}`, { token: owner.accessToken })).status).toBe(404);
    expect((await api.request('DELETE', `${path(owner)}/${other.apiKeyId}`, { token: owner.accessToken })).status).toBe(404);
    const member = await addUser(api, owner, 'member');
    expect((await api.request('GET', path(owner), { token: member.accessToken })).status).toBe(403);
    const own = await api.request('POST', path(member), { token: member.accessToken, body: { name: 'mine', scopes: ['records:write'] } });
    expect(own.status).toBe(201);
    const managed = await api.request('GET', path(member), { token: owner.accessToken });
    expect(managed.body.data.map((key: { id: string }) => key.id)).toContain(own.body.data.id);
  });

  it('a key never does more than its user: a member cannot store a key with scopes beyond the member role', async () => {
    const member = await addUser(api, owner, 'member');
    const before = await keyCount();
    const refused = await api.request('POST', path(member), { token: member.accessToken, body: { name: 'too wide', scopes: ['customers:*', 'zones:*'] } });
    expect(refused.status).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: 'forbidden', details: { scopes: 'The member role does not allow customers:*' } });
    // Nor through an owner: the key belongs to the member, so the member role bounds it.
    const byOwner = await api.request('POST', path(member), { token: owner.accessToken, body: { name: 'too wide', scopes: ['customers:write'] } });
    expect(errorOf(byOwner)).toMatchObject({ code: 'forbidden', details: { scopes: 'The member role does not allow customers:write' } });
    expect(await keyCount()).toBe(before);
    const key = await createApiKey(api, { ...owner, userId: member.userId, accessToken: member.accessToken }, { scopes: ['customers:read', 'zones:*'] });
    expect((await api.request('GET', `/customers/${owner.customerId}`, { token: key.key })).status).toBe(200);
  });

  it('a key cannot create a key with scopes it lacks', async () => {
    const narrow = await createApiKey(api, owner, { scopes: ['customers:*', 'zones:read'] });
    const wider = await api.request('POST', path(owner), { token: narrow.key, body: { name: 'wider', scopes: ['zones:*'] } });
    expect(wider.status).toBe(403);
    const same = await api.request('POST', path(owner), { token: narrow.key, body: { name: 'same', scopes: ['zones:read', 'customers:read'] } });
    expect(same.status).toBe(201);
    // Reading keys is customers:read; creating, rotating and revoking them with a key is customers:write.
    const reader = await createApiKey(api, owner, { scopes: ['customers:read'] });
    expect((await api.request('GET', path(owner), { token: reader.key })).status).toBe(200);
    for (const [method, target] of [
      ['POST', path(owner)],
      ['POST', `${path(owner)}/${same.body.data.id}/rotate`],
      ['DELETE', `${path(owner)}/${same.body.data.id}`],
    ] as const) {
      const refused = await api.request(method, target, {
        token: reader.key,
        body: method === 'POST' && target === path(owner) ? { name: 'x', scopes: ['customers:read'] } : undefined,
      });
      expect([refused.status, errorOf(refused).code], `${method} ${target}`).toEqual([403, 'forbidden']);
    }
  });

  it('revoking works at once; revoked and expired keys are unauthorized; last use is recorded', async () => {
    const key = await createApiKey(api, owner, { scopes: ['customers:read'] });
    expect((await api.request('GET', '/users', { token: key.key })).status).toBe(200);
    const used = await api.request('GET', `${path(owner)}/${key.id}`, { token: owner.accessToken });
    expect(used.body.data.last_used_at).not.toBeNull();
    const revoked = await api.request('DELETE', `${path(owner)}/${key.id}`, { token: owner.accessToken });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.revoked_at).not.toBeNull();
    const after = await api.request('GET', '/users', { token: key.key });
    expect([after.status, errorOf(after).message]).toEqual([401, 'API key has been revoked']);

    const expiring = await createApiKey(api, owner, { scopes: ['customers:read'], expires_at: new Date(Date.now() + 60_000).toISOString() });
    await api.database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, expiring.id));
    const expired = await api.request('GET', '/users', { token: expiring.key });
    expect([expired.status, errorOf(expired).message]).toEqual([401, 'API key has expired']);
  });

  it('rotation issues a new secret with the same settings and revokes the old at once', async () => {
    const key = await createApiKey(api, owner, { scopes: ['customers:read'], restrictions: { allowed_zones: ['Example.COM.'] } });
    const rotated = await api.request('POST', `${path(owner)}/${key.id}/rotate`, { token: owner.accessToken });
    expect(rotated.status).toBe(201);
    expect(rotated.body.data).toMatchObject({ replaces: key.id, scopes: ['customers:read'], restrictions: { allowed_zones: ['example.com'] } });
    expect(rotated.body.data.key).not.toBe(key.key);
    expect((await api.request('GET', '/users', { token: key.key })).status).toBe(401);
    expect((await api.request('GET', '/users', { token: rotated.body.data.key })).status).toBe(200);
    expect((await api.request('POST', `${path(owner)}/${key.id}/rotate`, { token: owner.accessToken })).status).toBe(404);
  });

  it('client address ranges, maximum age and maximum unused period are enforced on every call', async () => {
    const elsewhere = await createApiKey(api, owner, { scopes: ['customers:read'], restrictions: { allowed_cidrs: ['192.0.2.0/24', '2001:db8::/32'] } });
    const refused = await api.request('GET', '/users', { token: elsewhere.key });
    expect(refused.status).toBe(403);
    const loopback = await createApiKey(api, owner, { scopes: ['customers:read'], restrictions: { allowed_cidrs: ['127.0.0.0/8', '::1/128'] } });
    expect((await api.request('GET', '/users', { token: loopback.key })).status).toBe(200);

    const aged = await createApiKey(api, owner, { scopes: ['customers:read'], restrictions: { max_age_seconds: 3600 } });
    expect((await api.request('GET', '/users', { token: aged.key })).status).toBe(200);
    await api.database.db
      .update(apiKeys)
      .set({ createdAt: sql`now() - interval '2 hours'` })
      .where(eq(apiKeys.id, aged.id));
    expect(errorOf(await api.request('GET', '/users', { token: aged.key })).message).toBe('API key has passed its maximum age');

    const idle = await createApiKey(api, owner, { scopes: ['customers:read'], restrictions: { max_unused_seconds: 600 } });
    await api.database.db
      .update(apiKeys)
      .set({ createdAt: sql`now() - interval '1 hour'`, lastUsedAt: sql`now() - interval '20 minutes'` })
      .where(eq(apiKeys.id, idle.id));
    expect(errorOf(await api.request('GET', '/users', { token: idle.key })).message).toBe('API key was unused for longer than its maximum unused period');
  });

  it('stores record write policies for the record endpoints', async () => {
    const acme = await createApiKey(api, owner, {
      scopes: ['records:write'],
      restrictions: {
        allowed_zones: ['example.com'],
        record_policies: [
          { name: '*', type: '*', allow: false },
          { zone: 'example.com', name: '_acme-challenge', type: 'txt', allow: true },
        ],
      },
    });
    const [row] = await api.database.db.select().from(apiKeys).where(eq(apiKeys.id, acme.id));
    expect(row!.recordPolicies).toEqual([
      { zone: null, name: '*', type: '*', allow: false },
      { zone: 'example.com', name: '_acme-challenge', type: 'TXT', allow: true },
    ]);
    expect(policiesAllow(row!.recordPolicies, { zone: 'example.com', name: '_acme-challenge', type: 'TXT' })).toBe(true);
    expect(policiesAllow(row!.recordPolicies, { zone: 'example.com', name: 'www', type: 'A' })).toBe(false);
  });
});
