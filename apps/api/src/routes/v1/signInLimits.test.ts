import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, signUpOwner, startTestApi, uniqueEmail, type TestApi } from '../../testing';

describe('sign-in failures per client address', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('after 30 failures from one address in 15 minutes, any sign-in from it is rate_limited', async () => {
    const owner = await signUpOwner(api);
    for (let attempt = 0; attempt < 30; attempt++) {
      const response = await api.request('POST', '/auth/signin', { body: { email: uniqueEmail('guess'), password: 'guessing password' } });
      expect(response.status).toBe(401);
    }
    const blocked = await api.request('POST', '/auth/signin', { body: { email: owner.email, password: owner.password } });
    expect(blocked.status).toBe(429);
    expect(errorOf(blocked).code).toBe('rate_limited');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800);
  });
});
