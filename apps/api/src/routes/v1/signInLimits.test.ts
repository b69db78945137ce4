import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, mailedToken, signUpOwner, startTestApi, uniqueEmail, type TestApi } from '../../testing';

describe('sign-in failures', () => {
  let api: TestApi;
  beforeAll(async () => {
    // Trusting X-Forwarded-For lets the test sign in from several client addresses.
    api = await startTestApi({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => api.close());

  const from = (address: string) => ({ 'x-forwarded-for': address });
  const signIn = (email: string, password: string, address: string) =>
    api.request('POST', '/auth/signin', { headers: from(address), body: { email, password } });

  it('after 30 failures from one address in 15 minutes, any sign-in from it is rate_limited', async () => {
    const owner = await signUpOwner(api);
    for (let attempt = 0; attempt < 30; attempt++) {
      const response = await signIn(uniqueEmail('guess'), 'guessing password', '192.0.2.30');
      expect(response.status).toBe(401);
    }
    const blocked = await signIn(owner.email, owner.password, '192.0.2.30');
    expect(blocked.status).toBe(429);
    expect(errorOf(blocked).code).toBe('rate_limited');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800);
  });

  it('ten failures for an account stop that address only: the owner still signs in from theirs', async () => {
    const owner = await signUpOwner(api);
    for (let attempt = 0; attempt < 10; attempt++) expect((await signIn(owner.email, `wrong guess ${attempt}`, '192.0.2.10')).status).toBe(401);
    const guesser = await signIn(owner.email, owner.password, '192.0.2.10');
    expect(guesser.status).toBe(429);
    expect(errorOf(guesser).code).toBe('rate_limited');
    const own = await signIn(owner.email, owner.password, '198.51.100.1');
    expect(own.status).toBe(200);
    expect(own.body.data.access_token).toMatch(/^kst_/);
    // The owner's success forgives nothing from the guessing address.
    expect((await signIn(owner.email, 'one more guess', '192.0.2.10')).status).toBe(429);
  });

  it('guessing from many addresses turns the right password into a mailed sign-in link, never a lock-out', async () => {
    const owner = await signUpOwner(api);
    for (const address of ['192.0.2.1', '192.0.2.2']) {
      for (let attempt = 0; attempt < 10; attempt++) expect((await signIn(owner.email, `wrong guess ${attempt}`, address)).status).toBe(401);
    }
    // A wrong password is still just wrong; the right one, from anywhere, gets a link by mail and no session.
    expect((await signIn(owner.email, 'another wrong guess', '203.0.113.9')).status).toBe(401);
    const right = await signIn(owner.email, owner.password, '198.51.100.2');
    expect(right.status).toBe(403);
    expect(errorOf(right).details).toEqual({ email: 'Sign-in link sent: open it to finish signing in', sign_in_link_sent: true });
    expect(right.body.data).toBeUndefined();
    const token = await mailedToken(api, owner.email, 'sign-in link');

    const linked = await api.request('POST', '/auth/sign-in-link', { headers: from('198.51.100.2'), body: { token } });
    expect(linked.status).toBe(200);
    expect(linked.headers.get('cache-control')).toBe('no-store');
    expect(linked.body.data.user.email).toBe(owner.email);
    expect((await api.request('GET', '/auth/session', { token: linked.body.data.access_token })).status).toBe(200);
    const again = await api.request('POST', '/auth/sign-in-link', { body: { token } });
    expect(errorOf(again).details).toEqual({ token: 'Token is invalid, already used or expired' });
    const events = await api.request('GET', '/audit-events?action=user.signed_in', { token: owner.accessToken });
    expect(events.body.data[0].summary).toMatchObject({ via: 'mailed_link' });
  });
});
