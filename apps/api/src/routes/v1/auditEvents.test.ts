import { describe, expect, it } from 'vitest';
import { apiTest } from '../../apiTest';
import { errorOf, createApiKey, mailedToken, signUpOwner, uniqueEmail, type TestAccount, type TestApi } from '../../testing';

describe('GET /v1/audit-events', () => {
  let api: TestApi;
  let owner: TestAccount;
  let other: TestAccount;
  apiTest.beforeAll(async ({ api: started, owner: signedUp }) => {
    api = started;
    owner = signedUp;
    other = await signUpOwner(api);
  });

  it('lists the customer’s changes newest first with actor, target, summary and IP', async () => {
    const key = await createApiKey(api, owner, { name: 'audited', scopes: ['customers:*'] });
    await api.request('PUT', `/customers/${owner.customerId}`, { token: key.key, body: { name: 'Changed by key' } });

    const response = await api.request('GET', '/audit-events', { token: owner.accessToken });
    expect(response.status).toBe(200);
    const [latest, created] = response.body.data;
    expect(latest).toMatchObject({
      action: 'customer.updated',
      actor: { type: 'api_key', api_key_id: key.id, user_id: owner.userId },
      target: { type: 'customer', id: owner.customerId },
      summary: { after: { name: 'Changed by key' } },
      ip: '127.0.0.1',
    });
    expect(created).toMatchObject({ action: 'api_key.created', actor: { type: 'user', user_id: owner.userId }, target: { type: 'api_key', id: key.id } });
    expect(response.body.data.map((event: { action: string }) => event.action)).toEqual(expect.arrayContaining(['user.signed_up', 'user.email_verified']));
  });

  it('filters by action (or action family) and target, and paginates', async () => {
    const byAction = await api.request('GET', '/audit-events?action=user.email_verified', { token: owner.accessToken });
    expect(byAction.body.data.map((event: { action: string }) => event.action)).toEqual(['user.email_verified']);
    const family = await api.request('GET', '/audit-events?action=user.*', { token: owner.accessToken });
    expect(family.body.data.length).toBeGreaterThanOrEqual(2);
    expect(family.body.data.every((event: { action: string }) => event.action.startsWith('user.'))).toBe(true);
    const byTarget = await api.request('GET', `/audit-events?target_type=user&target_id=${owner.userId}`, { token: owner.accessToken });
    expect(byTarget.body.data.every((event: { target: { id: string } }) => event.target.id === owner.userId)).toBe(true);
    const page = await api.request('GET', '/audit-events?limit=1&offset=1', { token: owner.accessToken });
    expect(page.body.data).toHaveLength(1);
    expect(page.body.meta).toMatchObject({ limit: 1, offset: 1 });
    expect(page.body.meta.total).toBeGreaterThan(2);
    expect(errorOf(await api.request('GET', '/audit-events?limit=500', { token: owner.accessToken })).code).toBe('validation_failed');
  });

  it('never shows another customer’s events, even when asked by customer_id', async () => {
    const response = await api.request('GET', `/audit-events?customer_id=${other.customerId}&limit=100`, { token: owner.accessToken });
    expect(response.body.data.every((event: { customer_id: string }) => event.customer_id === owner.customerId)).toBe(true);
    expect(JSON.stringify(response.body)).not.toContain(other.userId);
  });

  it('every kind of change writes its event: people, invitations, keys, zones, records and passwords', async () => {
    const account = await signUpOwner(api);
    const as = (method: string, path: string, body?: unknown, token = account.accessToken) => api.request(method, path, { token, body });
    const expectStatus = async (response: Promise<{ status: number; body: unknown }>, status: number) => {
      const answer = await response;
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      return answer.body as any;
    };

    const user = await expectStatus(
      as('POST', '/users', { email: uniqueEmail('audited'), full_name: 'Audited', role: 'member', password: 'member password 1' }),
      201,
    );
    await expectStatus(as('PUT', `/users/${user.data.id}`, { full_name: 'Renamed' }), 200);
    await expectStatus(as('DELETE', `/users/${user.data.id}`), 200);

    const withdrawn = await expectStatus(as('POST', '/invitations-admin', { email: uniqueEmail('withdrawn'), role: 'member' }), 201);
    await expectStatus(as('DELETE', `/invitations-admin/${withdrawn.data.id}`), 200);
    const inviteeEmail = uniqueEmail('invitee');
    await expectStatus(as('POST', '/invitations-admin', { email: inviteeEmail, role: 'member' }), 201);
    const invitation = await mailedToken(api, inviteeEmail, 'invited');
    await expectStatus(api.request('POST', `/invitations/${invitation}/accept`, { body: { full_name: 'Invitee', password: 'invitee password' } }), 201);

    const key = await createApiKey(api, account, { scopes: ['zones:read'] });
    const rotated = await expectStatus(as('POST', `/users/${account.userId}/apikeys/${key.id}/rotate`), 201);
    await expectStatus(as('DELETE', `/users/${account.userId}/apikeys/${rotated.data.id}`), 200);

    const zone = (await expectStatus(as('POST', '/zones', { name: `audited-${Date.now().toString(36)}.com` }, account.apiKey), 201)).data;
    const set = await expectStatus(as('POST', `/zones/${zone.id}/records`, { type: 'A', name: 'www', content: '192.0.2.1' }, account.apiKey), 201);
    await expectStatus(as('PUT', `/zones/${zone.id}/records/${set.data.id}`, { content: '192.0.2.2' }, account.apiKey), 200);
    await expectStatus(
      as('PATCH', `/zones/${zone.id}/records`, { changes: [{ action: 'create', type: 'TXT', name: 'bulk', content: 'x' }] }, account.apiKey),
      200,
    );
    await expectStatus(as('DELETE', `/zones/${zone.id}/records/by-name/bulk/TXT`, undefined, account.apiKey), 200);
    await expectStatus(
      api.request('POST', `/zones/${zone.id}/import`, { token: account.apiKey, headers: { 'content-type': 'text/dns' }, body: 'mail 300 IN A 192.0.2.25\n' }),
      200,
    );
    await expectStatus(as('POST', `/zones/${zone.id}/restore`, { serial: zone.serial }, account.apiKey), 200);
    await expectStatus(as('PUT', `/zones/${zone.id}`, { ttl: 600 }, account.apiKey), 200);
    await expectStatus(as('PUT', `/zones/${zone.id}`, { status: 'disabled' }, account.apiKey), 200);

    await expectStatus(as('POST', '/auth/change-password', { current_password: account.password, new_password: 'a changed password' }), 200);
    await expectStatus(api.request('POST', '/auth/request-password-reset', { body: { email: account.email } }), 202);
    const reset = await mailedToken(api, account.email, 'Reset');
    await expectStatus(api.request('POST', '/auth/reset-password', { body: { token: reset, password: 'a reset password' } }), 200);

    const events = (await expectStatus(as('GET', '/audit-events?limit=100', undefined, account.apiKey), 200)).data as {
      action: string;
      actor: { type: string };
      target: { type: string; id: string };
    }[];
    const actions = events.map((event) => event.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'user.created',
        'user.updated',
        'user.deleted',
        'invitation.created',
        'invitation.deleted',
        'invitation.accepted',
        'api_key.created',
        'api_key.rotated',
        'api_key.revoked',
        'zone.created',
        'records.added',
        'records.replaced',
        'records.bulk_changed',
        'records.deleted',
        'zone.imported',
        'zone.restored',
        'zone.ttl_changed',
        'zone.updated',
        'user.password_changed',
        'user.password_reset_requested',
        'user.password_reset',
      ]),
    );
    const recordEvents = events.filter((event) => event.action.startsWith('records.'));
    expect(recordEvents.every((event) => event.actor.type === 'api_key' && event.target.type === 'zone' && event.target.id === zone.id)).toBe(true);
    expect(events.find((event) => event.action === 'user.password_changed')!.target).toMatchObject({ type: 'user', id: account.userId });
  });

  it('a failed change leaves no event', async () => {
    const before = (await api.request('GET', '/audit-events', { token: owner.accessToken })).body.meta.total;
    const refused = await api.request('DELETE', `/users/${owner.userId}`, { token: owner.accessToken });
    expect(refused.status).toBe(409);
    expect((await api.request('GET', '/audit-events', { token: owner.accessToken })).body.meta.total).toBe(before);
  });
});
