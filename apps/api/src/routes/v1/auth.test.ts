import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from '@kaja/db/orm';
import { auditEvents, customers, emailTokens, sessions, users } from '@kaja/db';
import { errorOf, mailedToken, signUpOwner, startTestApi, uniqueEmail, type TestApi } from '../../testing';

describe('/v1/auth', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  const countRows = async (table: typeof users | typeof customers) => (await api.database.db.select({ value: count() }).from(table))[0]!.value;

  describe('signup and verification', () => {
    it('creates the customer and owner, mails a link, and verification returns a token and the default key once', async () => {
      const email = uniqueEmail('signup');
      const signup = await api.request('POST', '/auth/signup', {
        body: { email: email.toUpperCase(), password: 'a long enough password', full_name: 'Ada Owner', company: 'Ada Ltd' },
      });
      expect(signup.status).toBe(202);
      expect(signup.body.status).toBe('success');

      const signinEarly = await api.request('POST', '/auth/signin', { body: { email, password: 'a long enough password' } });
      expect(signinEarly.status).toBe(403);
      expect(errorOf(signinEarly).details).toEqual({ email: 'Email address is not verified' });

      const token = await mailedToken(api, email, 'Verify');
      const verified = await api.request('GET', `/auth/verify-email?token=${token}`);
      expect(verified.status).toBe(200);
      const data = verified.body.data;
      expect(data.access_token).toMatch(/^kst_/);
      expect(data.user).toMatchObject({ email, full_name: 'Ada Owner', role: 'owner', email_verified: true });
      expect(data.default_api_key).toMatchObject({ name: 'Default', scopes: ['customers:*', 'zones:*', 'records:*', 'dnssec:*'] });
      expect(data.default_api_key.key).toMatch(/^kak_/);
      expect(verified.headers.get('set-cookie')).toMatch(/kaja_session=kst_[^;]+;.*HttpOnly/i);
      expect(verified.headers.get('set-cookie')).toMatch(/SameSite=Lax/i);
      expect(verified.headers.get('set-cookie')).not.toMatch(/;\s*Secure/i);

      const again = await api.request('POST', '/auth/verify-email', { body: { token } });
      expect(again.status).toBe(422);
      expect(errorOf(again).details).toEqual({ token: 'Token is invalid, already used or expired' });

      const session = await api.request('GET', '/auth/session', { token: data.access_token });
      expect(session.status).toBe(200);
      expect(session.body.data.user.email).toBe(email);
      expect(session.body.data.customer).toMatchObject({ name: 'Ada Ltd', plan_id: 'nano', subscription: { status: 'trialing', plan_id: 'nano' } });

      const keyWorks = await api.request('GET', `/customers/${data.user.customer_id}`, { token: data.default_api_key.key });
      expect(keyWorks.status).toBe(200);
    });

    it('answers a taken email exactly like a new one and tells the owner by mail', async () => {
      const owner = await signUpOwner(api);
      const before = await countRows(users);
      const response = await api.request('POST', '/auth/signup', {
        body: { email: owner.email, password: 'another long password', full_name: 'Mallory', company: 'Other' },
      });
      expect(response.status).toBe(202);
      expect(response.body.data.message).toBe('Check your inbox: we sent you a link to verify your email address.');
      expect(await countRows(users)).toBe(before);
      await api.mail.waitFor((mail) => mail.to.includes(owner.email) && mail.subject.includes('Sign-up attempt'));
    });

    it.each([
      [{}, { email: 'Email is required', password: 'Password is required', full_name: 'Full name is required', company: 'Company is required' }],
      [{ email: 'x@example.test', password: 'short', full_name: 'A', company: 'B' }, { password: 'Password must be at least 10 characters' }],
      [{ email: 'x@example.test', password: 'p'.repeat(257), full_name: 'A', company: 'B' }, { password: 'Password must be at most 256 characters' }],
      [{ email: 'x@example.test', password: 'x@example.test', full_name: 'A', company: 'B' }, { password: 'Password must not be the same as the email address' }],
      [{ email: ['x'], password: 1234567890, full_name: 'A', company: 'B' }, { email: 'Email must be a string', password: 'Password must be a string' }],
    ])('rejects bad signup %j without writing anything', async (body, details) => {
      const [usersBefore, customersBefore] = [await countRows(users), await countRows(customers)];
      const response = await api.request('POST', '/auth/signup', { body });
      expect(response.status).toBe(422);
      expect(errorOf(response)).toMatchObject({ code: 'validation_failed', details });
      expect([await countRows(users), await countRows(customers)]).toEqual([usersBefore, customersBefore]);
    });

    it('resend-verification answers the same for unknown, unverified and verified addresses', async () => {
      const email = uniqueEmail('resend');
      await api.request('POST', '/auth/signup', { body: { email, password: 'a long enough password', full_name: 'R', company: 'R' } });
      const answers = await Promise.all(
        [email, uniqueEmail('nobody')].map((address) => api.request('POST', `/auth/resend-verification?email=${encodeURIComponent(address)}`)),
      );
      expect(answers.map((answer) => [answer.status, answer.body])).toEqual([answers[0]!, answers[0]!].map((answer) => [answer.status, answer.body]));
      expect(answers[0]!.status).toBe(202);
      await expect.poll(() => api.mail.messages.filter((mail) => mail.to.includes(email) && mail.subject.includes('Verify')).length).toBe(2);
      const missing = await api.request('POST', '/auth/resend-verification');
      expect(errorOf(missing).details).toEqual({ email: 'Email is required' });
    });
  });

  describe('signin, session and signout', () => {
    it('signs in with the right password, sets the cookie, and signout revokes it', async () => {
      const owner = await signUpOwner(api);
      const signin = await api.request('POST', '/auth/signin', { body: { email: owner.email, password: owner.password } });
      expect(signin.status).toBe(200);
      const token = signin.body.data.access_token;
      expect(signin.body.data.user.email).toBe(owner.email);
      const cookie = signin.headers.get('set-cookie')!.split(';')[0]!;

      const byCookie = await api.request('GET', '/auth/session', { headers: { cookie } });
      expect(byCookie.status).toBe(200);

      const signout = await api.request('POST', '/auth/signout', { token, body: {} });
      expect(signout.status).toBe(200);
      const after = await api.request('GET', '/auth/session', { token });
      expect(after.status).toBe(401);
      expect(errorOf(after).code).toBe('unauthorized');
      const audit = await api.database.db.select().from(auditEvents).where(eq(auditEvents.targetId, owner.userId));
      expect(audit.map((event) => event.action)).toEqual(expect.arrayContaining(['user.signed_up', 'user.email_verified', 'user.signed_in', 'user.signed_out']));
    });

    it('signout everywhere ends every session of the user, the calling one too, and leaves API keys working', async () => {
      const owner = await signUpOwner(api);
      const signIn = async () => (await api.request('POST', '/auth/signin', { body: { email: owner.email, password: owner.password } })).body.data.access_token as string;
      const [laptop, phone] = [await signIn(), await signIn()];
      const other = await signUpOwner(api);
      const everywhere = await api.request('POST', '/auth/signout-everywhere', { token: laptop, body: {} });
      expect(everywhere.status).toBe(200);
      expect(everywhere.headers.get('set-cookie')).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
      for (const token of [laptop, phone, owner.accessToken]) expect((await api.request('GET', '/auth/session', { token })).status).toBe(401);
      expect((await api.request('GET', '/auth/session', { token: other.accessToken })).status).toBe(200);
      expect((await api.request('GET', '/users', { token: owner.apiKey })).status).toBe(200);
      const audit = await api.database.db.select().from(auditEvents).where(and(eq(auditEvents.targetId, owner.userId), eq(auditEvents.action, 'user.signed_out_everywhere')));
      expect(audit).toHaveLength(1);
    });

    it('refuses wrong credentials with unauthorized, the same for unknown accounts', async () => {
      const owner = await signUpOwner(api);
      const wrong = await api.request('POST', '/auth/signin', { body: { email: owner.email, password: 'not the password' } });
      const unknown = await api.request('POST', '/auth/signin', { body: { email: uniqueEmail('ghost'), password: 'not the password' } });
      expect([wrong.status, unknown.status]).toEqual([401, 401]);
      expect(errorOf(wrong)).toEqual(errorOf(unknown));
    });

    it('session-only endpoints refuse API keys', async () => {
      const owner = await signUpOwner(api);
      for (const [method, path] of [['GET', '/auth/session'], ['POST', '/auth/signout'], ['POST', '/auth/signout-everywhere'], ['POST', '/auth/change-password']] as const) {
        const response = await api.request(method, path, { token: owner.apiKey, body: method === 'POST' ? {} : undefined });
        expect(response.status, path).toBe(401);
      }
    });

    it('refuses missing, malformed and unknown credentials', async () => {
      expect((await api.request('GET', '/auth/session')).status).toBe(401);
      expect(errorOf(await api.request('GET', '/auth/session', { headers: { authorization: 'Basic abc' } })).code).toBe('unauthorized');
      expect((await api.request('GET', '/auth/session', { token: 'kst_unknown' })).status).toBe(401);
      expect((await api.request('GET', '/users', { token: 'kak_unknown' })).status).toBe(401);
    });

    it('limits sign-in failures per account: after 10, even the right password gets rate_limited', async () => {
      const owner = await signUpOwner(api);
      for (let attempt = 0; attempt < 10; attempt++) {
        const response = await api.request('POST', '/auth/signin', { body: { email: owner.email, password: `wrong password ${attempt}` } });
        expect(response.status).toBe(401);
      }
      const blocked = await api.request('POST', '/auth/signin', { body: { email: owner.email, password: owner.password } });
      expect(blocked.status).toBe(429);
      expect(errorOf(blocked).code).toBe('rate_limited');
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });

  describe('what is stored', () => {
    it('keeps the password as an argon2id hash and the access token only as a hash with an expiry', async () => {
      const owner = await signUpOwner(api);
      const [user] = await api.database.db.select().from(users).where(eq(users.id, owner.userId));
      expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(user!.passwordHash).not.toContain(owner.password);
      const rows = await api.database.db.select().from(sessions).where(eq(sessions.userId, owner.userId));
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(owner.accessToken);
      const lifetimeDays = (rows[0]!.expiresAt.getTime() - Date.now()) / 86_400_000;
      expect(lifetimeDays).toBeGreaterThan(13.9);
      expect(lifetimeDays).toBeLessThanOrEqual(14);
    });

    it('a password reset token expires after one hour', async () => {
      const owner = await signUpOwner(api);
      await api.request('POST', '/auth/request-password-reset', { body: { email: owner.email } });
      const token = await mailedToken(api, owner.email, 'Reset');
      const [row] = await api.database.db.select().from(emailTokens).where(and(eq(emailTokens.userId, owner.userId), eq(emailTokens.purpose, 'reset_password')));
      expect(JSON.stringify(row)).not.toContain(token);
      const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(59);
      expect(minutes).toBeLessThanOrEqual(60);
      await api.database.db.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailTokens.id, row!.id));
      const late = await api.request('POST', '/auth/reset-password', { body: { token, password: 'a brand new password' } });
      expect(errorOf(late).details).toEqual({ token: 'Token is invalid, already used or expired' });
    });

    it('marks the session cookie Secure when the API is served over https', async () => {
      const https = await startTestApi({ env: { API_BASE_URL: 'https://api.kaja.test/v1' } });
      try {
        const owner = await signUpOwner(https);
        const signin = await https.request('POST', '/auth/signin', { body: { email: owner.email, password: owner.password } });
        expect(signin.headers.get('set-cookie')).toMatch(/kaja_session=kst_[^;]+;.*;\s*Secure/i);
      } finally {
        await https.close();
      }
    });
  });

  describe('passwords', () => {
    it('resets the password with a mailed single-use token and ends every session', async () => {
      const owner = await signUpOwner(api);
      const request = await api.request('POST', '/auth/request-password-reset', { body: { email: owner.email } });
      const unknown = await api.request('POST', '/auth/request-password-reset', { body: { email: uniqueEmail('nobody') } });
      expect(request.status).toBe(202);
      expect([unknown.status, unknown.body]).toEqual([request.status, request.body]);

      const token = await mailedToken(api, owner.email, 'Reset');
      const weak = await api.request('POST', '/auth/reset-password', { body: { token, password: 'short' } });
      expect(errorOf(weak).details).toEqual({ password: 'Password must be at least 10 characters' });

      const reset = await api.request('POST', '/auth/reset-password', { body: { token, password: 'a brand new password' } });
      expect(reset.status).toBe(200);
      expect((await api.request('GET', '/auth/session', { token: owner.accessToken })).status).toBe(401);
      const reuse = await api.request('POST', '/auth/reset-password', { body: { token, password: 'yet another password' } });
      expect(errorOf(reuse).details).toEqual({ token: 'Token is invalid, already used or expired' });

      expect((await api.request('POST', '/auth/signin', { body: { email: owner.email, password: owner.password } })).status).toBe(401);
      expect((await api.request('POST', '/auth/signin', { body: { email: owner.email, password: 'a brand new password' } })).status).toBe(200);
    });

    it('changes the password with the current one and ends the other sessions only', async () => {
      const owner = await signUpOwner(api);
      const other = (await api.request('POST', '/auth/signin', { body: { email: owner.email, password: owner.password } })).body.data.access_token;
      const wrong = await api.request('POST', '/auth/change-password', {
        token: owner.accessToken,
        body: { current_password: 'not it at all', new_password: 'a different password' },
      });
      expect(wrong.status).toBe(422);
      expect(errorOf(wrong).details).toEqual({ current_password: 'Current password is incorrect' });

      const changed = await api.request('POST', '/auth/change-password', {
        token: owner.accessToken,
        body: { current_password: owner.password, new_password: 'a different password' },
      });
      expect(changed.status).toBe(200);
      expect((await api.request('GET', '/auth/session', { token: owner.accessToken })).status).toBe(200);
      expect((await api.request('GET', '/auth/session', { token: other })).status).toBe(401);
      const rows = await api.database.db.select().from(sessions).where(eq(sessions.userId, owner.userId));
      expect(rows.filter((row) => row.revokedAt === null)).toHaveLength(1);
    });
  });
});
