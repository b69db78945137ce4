import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, createApiKey, signUpOwner, startTestApi, type TestAccount, type TestApi } from '../../testing';

describe('GET /v1/audit-events', () => {
  let api: TestApi;
  let owner: TestAccount;
  let other: TestAccount;
  beforeAll(async () => {
    api = await startTestApi();
    [owner, other] = [await signUpOwner(api), await signUpOwner(api)];
  });
  afterAll(() => api.close());

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
    expect(response.body.data.map((event: { action: string }) => event.action)).toEqual(
      expect.arrayContaining(['user.signed_up', 'user.email_verified']),
    );
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

  it('a failed change leaves no event', async () => {
    const before = (await api.request('GET', '/audit-events', { token: owner.accessToken })).body.meta.total;
    const refused = await api.request('DELETE', `/users/${owner.userId}`, { token: owner.accessToken });
    expect(refused.status).toBe(409);
    expect((await api.request('GET', '/audit-events', { token: owner.accessToken })).body.meta.total).toBe(before);
  });
});
