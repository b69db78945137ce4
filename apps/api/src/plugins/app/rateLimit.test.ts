import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, errorOf, signUpOwner, startTestApi, type TestApi } from '../../testing';

describe('rate limits', () => {
  let api: TestApi;
  beforeAll(async () => {
    // Real plan rates (scale 1) and a small mail allowance so the limits are reached quickly.
    api = await startTestApi({ rateLimits: { mail: { limit: 3, windowSeconds: 900 }, anonymous: { read: 5, write: 30 }, planScale: 1 } });
  });
  afterAll(() => api.close());

  it('announces the policy and what is left on every response', async () => {
    const response = await api.request('GET', '/plans');
    expect(response.headers.get('ratelimit-policy')).toBe('"read";q=5;w=60');
    expect(response.headers.get('ratelimit')).toMatch(/^"read";r=4;t=\d+$/);
  });

  it('refuses anonymous reads above the limit with rate_limited and Retry-After', async () => {
    let last = await api.request('GET', '/regions');
    for (let call = 1; call < 6; call++) last = await api.request('GET', '/regions');
    expect(last.status).toBe(429);
    expect(errorOf(last).code).toBe('rate_limited');
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last.headers.get('ratelimit')).toMatch(/^"read";r=0;/);
  });

  it('limits account mail per client address, and support requests in a bucket of their own', async () => {
    const client = { 'x-forwarded-for': '198.51.100.7' };
    const limited = await startTestApi({
      env: { TRUST_PROXY: 'true' },
      rateLimits: { mail: { limit: 3, windowSeconds: 900 }, support: { limit: 2, windowSeconds: 3600 } },
    });
    try {
      // A normal onboarding: sign-up, a resent verification, a password reset. The account-mail bucket is then empty.
      const statuses = [];
      statuses.push(
        (
          await limited.request('POST', '/auth/signup', {
            headers: client,
            body: { email: 'new@example.test', password: 'long enough passphrase 9', full_name: 'N', company: 'N' },
          })
        ).status,
      );
      statuses.push((await limited.request('POST', '/auth/resend-verification?email=new@example.test', { headers: client })).status);
      statuses.push((await limited.request('POST', '/auth/request-password-reset', { headers: client, body: { email: 'new@example.test' } })).status);
      const fourth = await limited.request('POST', '/auth/request-password-reset', { headers: client, body: { email: 'new@example.test' } });
      expect([...statuses, fourth.status]).toEqual([202, 202, 202, 429]);
      expect(fourth.headers.get('ratelimit-policy')).toBe('"mail";q=3;w=900');

      // Support still answers, with its own limit, and using it up does not touch account mail elsewhere.
      const body = { name: 'V', email: 'v@example.test', subject: 'Hi', message: 'Hello', source: 'test' };
      const support = [];
      for (let call = 0; call < 3; call++) support.push(await limited.request('POST', '/support', { headers: client, body }));
      expect(support.map((response) => response.status)).toEqual([201, 201, 429]);
      expect(support[0]!.headers.get('ratelimit-policy')).toBe('"support";q=2;w=3600');
      const elsewhere = { 'x-forwarded-for': '198.51.100.8' };
      for (let call = 0; call < 2; call++) await limited.request('POST', '/support', { headers: elsewhere, body });
      expect((await limited.request('POST', '/auth/request-password-reset', { headers: elsewhere, body: { email: 'new@example.test' } })).status).toBe(202);
    } finally {
      await limited.close();
    }
  });

  it('takes the account mail limit from ACCOUNT_MAIL_LIMIT, in the same 15-minute window', async () => {
    const limited = await startTestApi({ env: { ACCOUNT_MAIL_LIMIT: '2' } });
    try {
      const reset = () => limited.request('POST', '/auth/request-password-reset', { body: { email: 'someone@example.test' } });
      const statuses = [(await reset()).status, (await reset()).status];
      const third = await reset();
      expect([...statuses, third.status]).toEqual([202, 202, 429]);
      expect(third.headers.get('ratelimit-policy')).toBe('"mail";q=2;w=900');
    } finally {
      await limited.close();
    }
  });

  it('authenticated calls are limited per customer at the plan’s rate', async () => {
    const limited = await startTestApi({ rateLimits: { planScale: 1 } });
    try {
      const owner = await signUpOwner(limited);
      const response = await limited.request('GET', '/users', { token: owner.apiKey });
      expect(response.headers.get('ratelimit-policy')).toBe('"read";q=300;w=60');
      const write = await limited.request('PUT', `/customers/${owner.customerId}`, { token: owner.apiKey, body: { name: 'Renamed' } });
      expect(write.headers.get('ratelimit-policy')).toBe('"write";q=60;w=60');

      // A bulk call counts once, however many sets it changes.
      const remaining = (response: { headers: Headers }) => Number(/;r=(\d+);/.exec(response.headers.get('ratelimit') ?? '')?.[1]);
      const zone = await limited.request('POST', '/zones', { token: owner.apiKey, body: { name: `bulk-${Date.now().toString(36)}.com` } });
      const changes = Array.from({ length: 50 }, (_, i) => ({ action: 'create', type: 'A', name: `host${i}`, content: '192.0.2.1' }));
      const bulk = await limited.request('PATCH', `/zones/${zone.body.data.id}/records`, { token: owner.apiKey, body: { changes } });
      expect(bulk.status).toBe(200);
      expect(remaining(bulk)).toBe(remaining(zone) - 1);
    } finally {
      await limited.close();
    }
  });
});

describe('refused credentials', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ rateLimits: { failedAuthentication: { limit: 5, windowSeconds: 60 } } });
  });
  afterAll(() => api.close());

  it('are counted per client address: bogus, revoked and session-only refusals alike, then answered 429', async () => {
    const owner = await signUpOwner(api);
    const revoked = await createApiKey(api, owner, { name: 'old', scopes: ['zones:read'] });
    expect((await api.request('DELETE', `/users/${owner.userId}/apikeys/${revoked.id}`, { token: owner.accessToken })).status).toBe(200);

    const statuses = [];
    for (let call = 0; call < 3; call++) statuses.push((await api.request('GET', '/zones', { token: `kak_bogus${call}` })).status);
    statuses.push((await api.request('GET', '/zones', { token: revoked.key })).status);
    // An API key where only a session will do is a refused credential too.
    statuses.push((await api.request('GET', '/auth/session', { token: owner.apiKey })).status);
    statuses.push((await api.request('GET', '/zones', { token: 'kak_bogus-after-the-limit' })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);

    const refused = await api.request('GET', '/zones', { token: 'kak_bogus-again' });
    expect(refused.status).toBe(429);
    expect(errorOf(refused)).toMatchObject({ code: 'rate_limited', message: expect.stringContaining('refused credentials') });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit-policy')).toBe('"failed-authentication";q=5;w=60');
    expect((await api.request('GET', '/zones', { token: revoked.key })).status).toBe(429);
    // Calls without a credential go on under the anonymous limits.
    expect((await api.request('GET', '/plans')).status).toBe(200);
  });

  it('never deny a good credential from an address that floods bogus ones (an office NAT, a CI egress)', async () => {
    const shared = await startTestApi({ rateLimits: { failedAuthentication: { limit: 30, windowSeconds: 60 } } });
    try {
      const owner = await signUpOwner(shared);
      const key = await createApiKey(shared, owner, { name: 'ci', scopes: ['zones:read'] });
      const bogus = [];
      for (let call = 0; call < 35; call++) bogus.push((await shared.request('GET', '/zones', { token: `kak_guess${call}` })).status);
      expect(bogus.slice(0, 30).every((status) => status === 401)).toBe(true);
      expect(bogus.slice(30).every((status) => status === 429)).toBe(true);

      // The same address: API keys and access tokens that verify are served, while the bogus stream stays throttled.
      expect((await shared.request('GET', '/zones', { token: key.key })).status).toBe(200);
      expect((await shared.request('GET', '/zones', { token: owner.apiKey })).status).toBe(200);
      expect((await shared.request('GET', '/zones', { token: owner.accessToken })).status).toBe(200);
      expect((await shared.request('GET', '/zones', { token: 'kak_guess-more' })).status).toBe(429);
      expect((await shared.request('GET', '/zones', { token: 'kst_guess-more' })).status).toBe(429);
    } finally {
      await shared.close();
    }
  });

  it('leave callers whose credentials are accepted uncounted', async () => {
    const fresh = await startTestApi({ rateLimits: { failedAuthentication: { limit: 2, windowSeconds: 60 } } });
    try {
      const owner = await signUpOwner(fresh);
      const statuses = [];
      for (let call = 0; call < 5; call++) statuses.push((await fresh.request('GET', '/zones', { token: owner.apiKey })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
    } finally {
      await fresh.close();
    }
  });
});
