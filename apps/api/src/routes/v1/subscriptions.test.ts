import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpOwner, startTestApi, type TestApi } from '../../testing';

describe('GET /v1/subscriptions/current', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('a new customer is on a Nano trial; only a session may ask', async () => {
    const owner = await signUpOwner(api);
    const response = await api.request('GET', '/subscriptions/current', { token: owner.accessToken });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ plan_id: 'nano', status: 'trialing', plan: { name: 'Nano', limits: { zones: 5, records: 200 } } });
    expect(new Date(response.body.data.trial_ends_at).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
    expect((await api.request('GET', '/subscriptions/current', { token: owner.apiKey })).status).toBe(401);
    expect((await api.request('GET', '/subscriptions/current')).status).toBe(401);
  });
});
