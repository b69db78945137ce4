import { describe, expect, it } from 'vitest';
import { apiTest } from '../../apiTest';
import { count, eq } from '@kaja/db/orm';
import { apiKeys, sessions, users } from '@kaja/db';
import { addUser, createApiKey, errorOf, mailedToken, signInStaff, signUpOwner, uniqueEmail, type TestAccount, type TestApi } from '../../testing';

describe('/v1/users and /v1/customers', () => {
  let api: TestApi;
  let owner: TestAccount;
  let other: TestAccount;
  apiTest.beforeAll(async ({ api: started }) => {
    api = started;
    [owner, other] = [await signUpOwner(api, { company: 'Owner Co' }), await signUpOwner(api, { company: 'Other Co' })];
  });

  const userCount = async () => (await api.database.db.select({ value: count() }).from(users))[0]!.value;

  it('creates, lists, reads, updates and deletes users of the own customer', async () => {
    const email = uniqueEmail('new');
    const created = await api.request('POST', '/users', {
      token: owner.accessToken,
      body: { email, full_name: 'New Person', role: 'member', password: 'member password 1' },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ email, full_name: 'New Person', role: 'member', customer_id: owner.customerId, email_verified: false });
    const id = created.body.data.id;
    const token = await mailedToken(api, email, 'Verify');
    const verified = await api.request('POST', '/auth/verify-email', { body: { token } });
    expect(verified.body.data.user).toMatchObject({ id, email_verified: true });
    // Every person's first verification brings a default key, limited to what their role allows.
    expect(verified.body.data.default_api_key.scopes).toEqual(['customers:read', 'zones:*', 'records:*', 'dnssec:*']);

    const list = await api.request('GET', '/users?limit=1', { token: owner.apiKey });
    expect(list.body.meta).toEqual({ total: 2, limit: 1, offset: 0 });
    expect(list.body.data).toHaveLength(1);

    const updated = await api.request('PUT', `/users/${id}`, { token: owner.accessToken, body: { role: 'admin', full_name: 'Renamed' } });
    expect(updated.body.data).toMatchObject({ role: 'admin', full_name: 'Renamed' });
    expect((await api.request('GET', `/users/${id}`, { token: owner.accessToken })).body.data.role).toBe('admin');

    const deleted = await api.request('DELETE', `/users/${id}`, { token: owner.accessToken });
    expect(deleted.status).toBe(200);
    expect((await api.request('GET', `/users/${id}`, { token: owner.accessToken })).status).toBe(404);
  });

  it('refuses bad input without writing: missing fields, wrong types, duplicates, pagination bounds', async () => {
    const before = await userCount();
    const missing = await api.request('POST', '/users', { token: owner.accessToken, body: {} });
    expect(missing.status).toBe(422);
    expect(errorOf(missing).details).toMatchObject({ email: 'Email is required', role: 'Role is required', password: 'Password is required' });
    const wrongRole = await api.request('POST', '/users', {
      token: owner.accessToken,
      body: { email: uniqueEmail(), full_name: 'X', role: 'king', password: 'member password 1' },
    });
    expect(errorOf(wrongRole).details).toEqual({ role: 'Role must be one of owner, admin, member' });
    const duplicate = await api.request('POST', '/users', {
      token: owner.accessToken,
      body: { email: other.email, full_name: 'X', role: 'member', password: 'member password 1' },
    });
    expect(duplicate.status).toBe(409);
    expect(errorOf(duplicate).code).toBe('conflict');
    expect(await userCount()).toBe(before);

    for (const query of ['limit=101', 'limit=-1', 'offset=-1', 'limit=abc']) {
      const response = await api.request('GET', `/users?${query}`, { token: owner.accessToken });
      expect(response.status, query).toBe(422);
      expect(errorOf(response).code).toBe('validation_failed');
    }
    expect(errorOf(await api.request('GET', '/users?limit=101', { token: owner.accessToken })).details).toEqual({ limit: 'Limit must be at most 100' });
  });

  it("hides other customers' users and customers behind not_found", async () => {
    for (const [method, path] of [
      ['GET', `/users/${other.userId}`],
      ['PUT', `/users/${other.userId}`],
      ['DELETE', `/users/${other.userId}`],
      ['GET', `/customers/${other.customerId}`],
      ['PUT', `/customers/${other.customerId}`],
      ['DELETE', `/customers/${other.customerId}`],
      ['GET', '/users/not-a-uuid'],
    ] as const) {
      const response = await api.request(method, path, {
        token: owner.accessToken,
        body: method === 'PUT' ? { full_name: 'Hacked', name: 'Hacked' } : undefined,
      });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(errorOf(response).code).toBe('not_found');
    }
    const list = await api.request('GET', '/users?limit=100', { token: owner.accessToken });
    expect(list.body.data.every((user: { customer_id: string }) => user.customer_id === owner.customerId)).toBe(true);
    const [stillThere] = await api.database.db.select().from(users).where(eq(users.id, other.userId));
    expect(stillThere!.fullName).toBe('Test Owner');
  });

  it('lets members read but not manage; admins cannot touch owners; the last owner stays', async () => {
    const member = await addUser(api, owner, 'member');
    const admin = await addUser(api, owner, 'admin');
    expect((await api.request('GET', '/users', { token: member.accessToken })).status).toBe(200);
    const memberCreates = await api.request('POST', '/users', {
      token: member.accessToken,
      body: { email: uniqueEmail(), full_name: 'X', role: 'member', password: 'member password 1' },
    });
    expect(memberCreates.status).toBe(403);
    expect(errorOf(memberCreates).code).toBe('forbidden');
    const memberRenamesSelf = await api.request('PUT', `/users/${member.userId}`, { token: member.accessToken, body: { full_name: 'Me Myself' } });
    expect(memberRenamesSelf.status).toBe(200);
    const memberPromotesSelf = await api.request('PUT', `/users/${member.userId}`, { token: member.accessToken, body: { role: 'owner' } });
    expect(memberPromotesSelf.status).toBe(403);

    expect((await api.request('DELETE', `/users/${owner.userId}`, { token: admin.accessToken })).status).toBe(403);
    expect((await api.request('PUT', `/users/${owner.userId}`, { token: admin.accessToken, body: { role: 'member' } })).status).toBe(403);

    const lastOwnerDemoted = await api.request('PUT', `/users/${owner.userId}`, { token: owner.accessToken, body: { role: 'admin' } });
    expect(lastOwnerDemoted.status).toBe(409);
    const lastOwnerDeleted = await api.request('DELETE', `/users/${owner.userId}`, { token: owner.accessToken });
    expect(lastOwnerDeleted.status).toBe(409);
    expect(errorOf(lastOwnerDeleted).message).toBe('The last owner of a customer cannot be deleted');
  });

  it('deleting a user ends their sessions and keys', async () => {
    const admin = await addUser(api, owner, 'admin');
    const key = await createApiKey(api, { ...owner, userId: admin.userId, accessToken: admin.accessToken }, { scopes: ['zones:read'] });
    expect((await api.request('GET', '/auth/session', { token: admin.accessToken })).status).toBe(200);
    expect((await api.request('DELETE', `/users/${admin.userId}`, { token: owner.accessToken })).status).toBe(200);
    expect((await api.request('GET', '/auth/session', { token: admin.accessToken })).status).toBe(401);
    expect((await api.request('GET', '/users', { token: key.key })).status).toBe(401);
    expect(await api.database.db.select().from(sessions).where(eq(sessions.userId, admin.userId))).toEqual([]);
    expect(await api.database.db.select().from(apiKeys).where(eq(apiKeys.userId, admin.userId))).toEqual([]);
  });

  it('customers: own customer readable and updatable by managers, staff sees and creates all', async () => {
    const mine = await api.request('GET', '/customers', { token: owner.accessToken });
    expect(mine.body.meta.total).toBe(1);
    expect(mine.body.data[0]).toMatchObject({ id: owner.customerId, name: 'Owner Co', default_region: 'EU_GLOBAL', plan_id: 'nano' });

    const renamed = await api.request('PUT', `/customers/${owner.customerId}`, {
      token: owner.accessToken,
      body: { name: 'Owner Company', default_region: 'EU' },
    });
    expect(renamed.body.data).toMatchObject({ name: 'Owner Company', default_region: 'EU' });
    const badRegion = await api.request('PUT', `/customers/${owner.customerId}`, { token: owner.accessToken, body: { default_region: 'MARS' } });
    expect(errorOf(badRegion).details).toEqual({ default_region: 'Default region must be one of EU_GLOBAL, EU, GLOBAL' });

    expect((await api.request('POST', '/customers', { token: owner.accessToken, body: { name: 'Nope' } })).status).toBe(403);
    const staff = await signInStaff(api);
    const created = await api.request('POST', '/customers', { token: staff.accessToken, body: { name: 'Made by staff' } });
    expect(created.status).toBe(201);
    expect(created.body.data.subscription).toMatchObject({ plan_id: 'nano', status: 'trialing' });
    const all = await api.request('GET', '/customers?limit=100', { token: staff.accessToken });
    expect(all.body.meta.total).toBeGreaterThanOrEqual(4);
    expect((await api.request('GET', `/customers/${other.customerId}`, { token: staff.accessToken })).status).toBe(200);
    const otherUsers = await api.request('GET', `/users?customer_id=${other.customerId}`, { token: staff.accessToken });
    expect(otherUsers.body.data.map((user: { id: string }) => user.id)).toEqual([other.userId]);
  });

  it('an owner deletes the whole customer once its zones are gone; its people can no longer sign in', async () => {
    const doomed = await signUpOwner(api, { company: 'Doomed' });
    const member = await addUser(api, doomed, 'member');
    expect((await api.request('DELETE', `/customers/${doomed.customerId}`, { token: member.accessToken })).status).toBe(403);
    const zone = await api.request('POST', '/zones', { token: doomed.accessToken, body: { name: `doomed-${Date.now()}.com` } });
    expect(zone.status).toBe(201);
    const withZone = await api.request('DELETE', `/customers/${doomed.customerId}`, { token: doomed.accessToken });
    expect([withZone.status, errorOf(withZone).code]).toEqual([409, 'conflict']);
    expect((await api.request('DELETE', `/zones/${zone.body.data.id}`, { token: doomed.accessToken })).status).toBe(202);
    await api.app.jobs.runUntilIdle();
    expect((await api.request('DELETE', `/customers/${doomed.customerId}`, { token: doomed.accessToken })).status).toBe(200);
    expect((await api.request('GET', '/auth/session', { token: doomed.accessToken })).status).toBe(401);
    expect((await api.request('POST', '/auth/signin', { body: { email: doomed.email, password: doomed.password } })).status).toBe(401);
  });
});
