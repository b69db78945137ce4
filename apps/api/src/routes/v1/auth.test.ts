import { describe, expect, it } from 'vitest';
import { apiTest } from '../../apiTest';
import { and, count, eq, sql } from '@kaja/db/orm';
import { auditEvents, customers, emailTokens, sessions, users } from '@kaja/db';
import { errorOf, mailedToken, signUpOwner, startTestApi, uniqueEmail, type TestApi } from '../../testing';

describe('/v1/auth', () => {
  let api: TestApi;
  apiTest.beforeAll(async ({ api: started }) => {
    api = started;
  });

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
      expect(data.default_api_key).toMatchObject({ name: 'Default', scopes: ['customers:*', 'zones:*', 'records:*', 'dnssec:*', 'webhooks:*'] });
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
      [
        { email: 'x@example.test', password: 'x@example.test', full_name: 'A', company: 'B' },
        { password: 'Password must not be the same as the email address' },
      ],
      [
        { email: ['x'], password: 1234567890, full_name: 'A', company: 'B' },
        { email: 'Email must be a string', password: 'Password must be a string' },
      ],
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
      expect(audit.map((event) => event.action)).toEqual(
        expect.arrayContaining(['user.signed_up', 'user.email_verified', 'user.signed_in', 'user.signed_out']),
      );
    });

    it('signout everywhere ends every session of the user, the calling one too, and leaves API keys working', async () => {
      const owner = await signUpOwner(api);
      const signIn = async () =>
        (await api.request('POST', '/auth/signin', { body: { email: owner.email, password: owner.password } })).body.data.access_token as string;
      const [laptop, phone] = [await signIn(), await signIn()];
      const other = await signUpOwner(api);
      const everywhere = await api.request('POST', '/auth/signout-everywhere', { token: laptop, body: {} });
      expect(everywhere.status).toBe(200);
      expect(everywhere.headers.get('set-cookie')).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
      for (const token of [laptop, phone, owner.accessToken]) expect((await api.request('GET', '/auth/session', { token })).status).toBe(401);
      expect((await api.request('GET', '/auth/session', { token: other.accessToken })).status).toBe(200);
      expect((await api.request('GET', '/users', { token: owner.apiKey })).status).toBe(200);
      const audit = await api.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.targetId, owner.userId), eq(auditEvents.action, 'user.signed_out_everywhere')));
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
      for (const [method, path] of [
        ['GET', '/auth/session'],
        ['POST', '/auth/signout'],
        ['POST', '/auth/signout-everywhere'],
        ['POST', '/auth/change-password'],
      ] as const) {
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
      const [row] = await api.database.db
        .select()
        .from(emailTokens)
        .where(and(eq(emailTokens.userId, owner.userId), eq(emailTokens.purpose, 'reset_password')));
      expect(JSON.stringify(row)).not.toContain(token);
      const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(59);
      expect(minutes).toBeLessThanOrEqual(60);
      await api.database.db
        .update(emailTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(emailTokens.id, row!.id));
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

    /** Requests `count` reset links for the address and returns their tokens, oldest first. */
    async function resetTokens(email: string, count: number) {
      for (let index = 0; index < count; index++) await api.request('POST', '/auth/request-password-reset', { body: { email } });
      const mails = () => api.mail.messages.filter((mail) => mail.to.includes(email) && mail.subject.includes('Reset'));
      while (mails().length < count) await api.mail.waitFor((mail) => mail.to.includes(email) && mail.subject.includes('Reset') && mails().length >= count);
      return mails().map((mail) => /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!);
    }

    it('using one reset link ends every other one, older or newer; changing the password ends them too', async () => {
      const owner = await signUpOwner(api);
      const [older, newer, newest] = await resetTokens(owner.email, 3);
      expect((await api.request('POST', '/auth/reset-password', { body: { token: newer, password: 'a brand new password' } })).status).toBe(200);
      for (const token of [older, newest]) {
        const stale = await api.request('POST', '/auth/reset-password', { body: { token, password: 'the attacker’s password' } });
        expect(errorOf(stale).details).toEqual({ token: 'Token is invalid, already used or expired' });
      }

      const other = await signUpOwner(api);
      const [pending] = await resetTokens(other.email, 1);
      await api.request('POST', '/auth/change-password', {
        token: other.accessToken,
        body: { current_password: other.password, new_password: 'a different password' },
      });
      expect((await api.request('POST', '/auth/reset-password', { body: { token: pending, password: 'the attacker’s password' } })).status).toBe(422);
    });

    it('a reset keeps API keys working unless the same call asks to revoke them all', async () => {
      const kept = await signUpOwner(api);
      const [keepToken] = await resetTokens(kept.email, 1);
      expect((await api.request('POST', '/auth/reset-password', { body: { token: keepToken, password: 'a brand new password' } })).status).toBe(200);
      expect((await api.request('GET', '/zones', { token: kept.apiKey })).status).toBe(200);

      const revoked = await signUpOwner(api);
      const [revokeToken] = await resetTokens(revoked.email, 1);
      const reset = await api.request('POST', '/auth/reset-password', {
        body: { token: revokeToken, password: 'a brand new password', revoke_api_keys: true },
      });
      expect(reset.status).toBe(200);
      expect(reset.body.data.message).toContain('every API key revoked');
      const refused = await api.request('GET', '/zones', { token: revoked.apiKey });
      expect([refused.status, errorOf(refused).message]).toEqual([401, 'API key has been revoked']);
      const [event] = await api.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.targetId, revoked.userId), eq(auditEvents.action, 'user.password_reset')));
      expect(event!.summary).toEqual({ api_keys_revoked: [revoked.apiKeyId] });
      expect((await api.request('GET', '/zones', { token: kept.apiKey })).status).toBe(200);
    });

    it('reset requests and resent verifications answer before any database work, for registered and unknown addresses alike', async () => {
      const owner = await signUpOwner(api);
      const unverified = uniqueEmail('unverified');
      await api.request('POST', '/auth/signup', { body: { email: unverified, password: 'a long enough password', full_name: 'U', company: 'U' } });
      await mailedToken(api, unverified, 'Verify');
      const calls = [
        ['POST', '/auth/request-password-reset', { email: owner.email }],
        ['POST', '/auth/request-password-reset', { email: uniqueEmail('nobody') }],
        ['POST', `/auth/resend-verification?email=${encodeURIComponent(unverified)}`, undefined],
        ['POST', `/auth/resend-verification?email=${encodeURIComponent(uniqueEmail('nobody'))}`, undefined],
      ] as const;
      // While the users table is locked no lookup can finish: the answers must come anyway.
      let answers: Awaited<ReturnType<typeof api.request>>[] = [];
      await api.database.db.transaction(async (tx) => {
        await tx.execute(sql`LOCK TABLE users IN ACCESS EXCLUSIVE MODE`);
        answers = await Promise.all(calls.map(([method, path, body]) => api.request(method, path, { body })));
      });
      expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202, 202]);
      expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
      await api.mail.waitFor((mail) => mail.to.includes(owner.email) && mail.subject.includes('Reset'));
      await api.mail.waitFor(
        (mail) =>
          mail.to.includes(unverified) && mail.subject.includes('Verify') && api.mail.messages.filter((other) => other.to.includes(unverified)).length === 2,
      );
    });

    it('a password easy to guess is refused wherever one is set, with the estimator’s warning and suggestions', async () => {
      const owner = await signUpOwner(api, { full_name: 'Grace Hopper', company: 'Cobol Works' });
      const [resetToken] = await resetTokens(owner.email, 1);
      const invitee = uniqueEmail('invitee');
      await api.request('POST', '/invitations-admin', { token: owner.accessToken, body: { email: invitee, role: 'member' } });
      const invitationToken = await mailedToken(api, invitee, 'invited');
      const setters = {
        'sign-up': (password: string) => api.request('POST', '/auth/signup', { body: { email: uniqueEmail('weak'), password, full_name: 'W', company: 'W' } }),
        reset: (password: string) => api.request('POST', '/auth/reset-password', { body: { token: resetToken, password } }),
        change: (password: string) =>
          api.request('POST', '/auth/change-password', { token: owner.accessToken, body: { current_password: owner.password, new_password: password } }),
        invitation: (password: string) => api.request('POST', `/invitations/${invitationToken}/accept`, { body: { full_name: 'I', password } }),
        'new user': (password: string) =>
          api.request('POST', '/users', { token: owner.accessToken, body: { email: uniqueEmail('made'), full_name: 'M', role: 'member', password } }),
      };
      const before = await countRows(users);
      for (const [where, set] of Object.entries(setters)) {
        const field = where === 'change' ? 'new_password' : 'password';
        for (const weak of [' '.repeat(12), 'password1234', 'qwertyuiop12']) {
          const refused = await set(weak);
          expect(refused.status, `${where} ${JSON.stringify(weak)}`).toBe(422);
          const error = errorOf(refused);
          expect(error.code).toBe('validation_failed');
          expect(error.details[field]).toMatch(/^Password is too easy to guess/);
          expect(error.details[`${field}_strength`]).toMatchObject({ minimum_score: 3, suggestions: expect.any(Array) });
          expect((error.details[`${field}_strength`] as unknown as { score: number }).score).toBeLessThan(3);
        }
      }
      const spaces = errorOf(await setters['sign-up'](' '.repeat(12)));
      expect(spaces.details.password_strength).toMatchObject({
        warning: expect.stringContaining('Repeated characters'),
        suggestions: expect.arrayContaining(['Avoid repeated words and characters.']),
      });
      // The person's own name is an easy guess, though the estimator alone would take it.
      expect(errorOf(await setters.change('gracehopper1')).details.new_password).toMatch(/^Password is too easy to guess/);
      expect(await countRows(users)).toBe(before);
      // Nothing was used up: the links and the password still work with a strong password.
      expect((await setters.invitation('an unusual passphrase 77')).status).toBe(201);
      expect((await setters.reset('a brand new password')).status).toBe(200);
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
