import { describe, expect, it } from 'vitest';
import { apiTest } from '../../apiTest';
import { eq } from '@kaja/db/orm';
import { recoveryCodes, totpFactors } from '@kaja/db';
import { createStaff } from '../../services/accounts/staff';
import { createZone } from './zones/zoneTestKit';
import { addUser, createApiKey, enrolTotp, errorOf, signInStaff, signUpOwner, startTestApi, totpCode, type TestAccount, type TestApi } from '../../testing';

describe('two-step sign-in with an authenticator app (TOTP) and recovery codes', () => {
  let api: TestApi;
  apiTest.beforeAll(async ({ api: started }) => {
    api = started;
  });

  const signIn = (account: { email: string; password: string }, headers: Record<string, string> = {}) =>
    api.request('POST', '/auth/signin', { body: { email: account.email, password: account.password }, headers });
  const secondStep = (body: Record<string, unknown>) => api.request('POST', '/auth/signin/second-factor', { body });

  it('enrols with a secret for the QR code and a confirm code, and gives ten recovery codes once; the secret is sealed at rest', async () => {
    const owner = await signUpOwner(api);
    const begun = await api.request('POST', '/auth/totp', { token: owner.accessToken });
    expect(begun.status).toBe(200);
    const { secret, otpauth_uri } = begun.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_uri).toMatch(new RegExp(`^otpauth://totp/Kaja%20DNS:${encodeURIComponent(owner.email).replace(/\./g, '\\.')}\\?.*secret=${secret}`));

    const wrong = await api.request('POST', '/auth/totp/confirm', {
      token: owner.accessToken,
      body: { code: '000000' === totpCode(secret) ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(422);
    expect(errorOf(wrong).details.code).toContain('not right');
    expect((await api.request('GET', '/auth/two-factor', { token: owner.accessToken })).body.data).toMatchObject({ enabled: false, totp: { enabled: false } });

    const confirmed = await api.request('POST', '/auth/totp/confirm', { token: owner.accessToken, body: { code: totpCode(secret) } });
    expect(confirmed.status).toBe(200);
    const codes = confirmed.body.data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const status = (await api.request('GET', '/auth/two-factor', { token: owner.accessToken })).body.data;
    expect(status).toMatchObject({ enabled: true, required: false, required_by: null, totp: { enabled: true }, passkeys: 0, recovery_codes_left: 10 });

    const [row] = await api.database.db.select().from(totpFactors).where(eq(totpFactors.userId, owner.userId));
    expect(row!.secret).not.toContain(secret);
    expect(Buffer.from(row!.secret, 'base64').toString('latin1')).not.toContain(secret);
    const stored = await api.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, owner.userId));
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(JSON.stringify(stored)).not.toContain(code.replace('-', ''));

    const mail = await api.mail.waitFor((message) => message.to.includes(owner.email) && message.subject.includes('authenticator app added'));
    expect(mail.text).toContain('From address: 127.0.0.1');
    expect(mail.text).toContain(`${api.config.appUrl}/account/security`);

    // Set up once: starting again is refused until it is turned off.
    expect((await api.request('POST', '/auth/totp', { token: owner.accessToken })).status).toBe(409);
  });

  it('asks for a code after the password; a wrong code is refused, a right one gives the session, and the same code does not work twice', async () => {
    const owner = await signUpOwner(api);
    const { secret } = await enrolTotp(api, owner.accessToken);
    const first = await signIn(owner);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ second_factor_required: true, methods: ['totp', 'recovery_code'] });
    expect(first.body.data.access_token).toBeUndefined();
    expect(first.headers.get('set-cookie')).toBeNull();
    const signInToken = first.body.data.sign_in_token as string;

    // The sign-in token is no credential.
    expect((await api.request('GET', '/auth/session', { token: signInToken })).status).toBe(401);

    const wrongCode = totpCode(secret, Date.now() - 3_600_000);
    const wrong = await secondStep({ sign_in_token: signInToken, code: wrongCode });
    expect(wrong.status).toBe(422);
    expect(errorOf(wrong).details.code).toContain('not right');

    // The code that confirmed the app was of this time step: the next step's code (the app's clock may run ahead) signs in.
    const now = totpCode(secret, Date.now() + 30_000);
    const done = await secondStep({ sign_in_token: signInToken, code: now });
    expect(done.status).toBe(200);
    expect(done.body.data.access_token).toMatch(/^kst_/);
    expect((await api.request('GET', '/auth/session', { token: done.body.data.access_token })).status).toBe(200);

    // The sign-in token is used up; a new sign-in with the same code (replayed within its step) is refused.
    expect((await secondStep({ sign_in_token: signInToken, code: now })).status).toBe(401);
    const again = await signIn(owner);
    const replay = await secondStep({ sign_in_token: again.body.data.sign_in_token, code: now });
    expect(replay.status).toBe(422);
    const sessions = (await api.request('GET', '/auth/sessions', { token: done.body.data.access_token })).body.data;
    expect(sessions.find((session: { current: boolean }) => session.current).method).toBe('password+totp');
  });

  it('takes each recovery code once, and ends the sign-in after five wrong factors', async () => {
    const owner = await signUpOwner(api);
    const { recoveryCodes: codes } = await enrolTotp(api, owner.accessToken);
    const step = (await signIn(owner)).body.data.sign_in_token;
    const used = await secondStep({ sign_in_token: step, recovery_code: codes![0]!.toUpperCase() });
    expect(used.status).toBe(200);
    const next = (await signIn(owner)).body.data.sign_in_token;
    const reused = await secondStep({ sign_in_token: next, recovery_code: codes![0] });
    expect(reused.status).toBe(422);
    expect(errorOf(reused).details.recovery_code).toContain('used already');
    expect((await api.request('GET', '/auth/two-factor', { token: used.body.data.access_token })).body.data.recovery_codes_left).toBe(9);

    for (let attempt = 2; attempt <= 5; attempt++) expect((await secondStep({ sign_in_token: next, recovery_code: 'aaaaa-aaaaa' })).status).toBe(422);
    const ended = await secondStep({ sign_in_token: next, recovery_code: codes![1] });
    expect(ended.status).toBe(401);
    expect(errorOf(ended).message).toContain('sign in with your password again');

    // Nothing but one factor at a time.
    const both = await secondStep({ sign_in_token: (await signIn(owner)).body.data.sign_in_token, code: '123456', recovery_code: codes![1] });
    expect(both.status).toBe(422);
  });

  it('counts wrong codes as failed sign-ins: past the limit the address waits (429)', async () => {
    const limited = await startTestApi({ rateLimits: { failedAuthentication: { limit: 1000, windowSeconds: 60 } } });
    try {
      const owner = await signUpOwner(limited);
      await enrolTotp(limited, owner.accessToken);
      let last = 0;
      for (let round = 0; round < 3 && last !== 429; round++) {
        const signin = await limited.request('POST', '/auth/signin', { body: { email: owner.email, password: owner.password } });
        last = signin.status;
        if (last === 429) break;
        const token = signin.body.data.sign_in_token;
        for (let attempt = 0; attempt < 5; attempt++) {
          last = (await limited.request('POST', '/auth/signin/second-factor', { body: { sign_in_token: token, code: '000001' } })).status;
          if (last === 429) break;
        }
      }
      expect(last).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('turns the app off only with a fresh factor; afterwards the password alone signs in', async () => {
    const owner = await signUpOwner(api);
    const { secret, recoveryCodes: codes } = await enrolTotp(api, owner.accessToken);
    expect((await api.request('POST', '/auth/totp/disable', { token: owner.accessToken, body: { factor: {} } })).status).toBe(422);
    const wrong = await api.request('POST', '/auth/totp/disable', {
      token: owner.accessToken,
      body: { factor: { code: totpCode(secret, Date.now() - 3_600_000) } },
    });
    expect(wrong.status).toBe(422);
    expect(errorOf(wrong).details['factor.code']).toBeTruthy();

    const fresh = await api.request('POST', '/auth/recovery-codes', { token: owner.accessToken, body: { factor: { recovery_code: codes![0] } } });
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.recovery_codes).toHaveLength(10);
    // The old codes no longer work.
    expect((await api.request('POST', '/auth/totp/disable', { token: owner.accessToken, body: { factor: { recovery_code: codes![1] } } })).status).toBe(422);

    const off = await api.request('POST', '/auth/totp/disable', {
      token: owner.accessToken,
      body: { factor: { recovery_code: fresh.body.data.recovery_codes[0] } },
    });
    expect(off.status).toBe(200);
    await api.mail.waitFor((message) => message.to.includes(owner.email) && message.subject.includes('authenticator app removed'));
    const signin = await signIn(owner);
    expect(signin.body.data.access_token).toMatch(/^kst_/);
    expect((await api.request('GET', '/auth/two-factor', { token: owner.accessToken })).body.data).toMatchObject({ enabled: false, recovery_codes_left: 0 });
  });
});

describe('sessions', () => {
  let api: TestApi;
  apiTest.beforeAll(async ({ api: started }) => {
    api = started;
  });

  it('lists the open sessions with when, where and which browser; revokes one; another person’s session is not found', async () => {
    const phoneBrowser = 'Mozilla/5.0 (Android 15; Mobile; rv:144.0) Gecko/144.0 Firefox/144.0';
    const owner = await signUpOwner(api);
    const phone = await api.request('POST', '/auth/signin', {
      body: { email: owner.email, password: owner.password },
      headers: { 'user-agent': phoneBrowser },
    });
    const phoneToken = phone.body.data.access_token as string;
    const listed = await api.request('GET', '/auth/sessions', { token: owner.accessToken });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(2);
    const phoneSession = listed.body.data.find((session: { user_agent: string }) => session.user_agent === phoneBrowser);
    expect(phoneSession).toMatchObject({ current: false, ip: '127.0.0.1', method: 'password', client: 'Firefox 144 on Android' });
    expect(Date.parse(phoneSession.created_at)).toBeGreaterThan(0);
    expect(Date.parse(phoneSession.last_used_at)).toBeGreaterThan(0);
    expect(listed.body.data.find((session: { current: boolean }) => session.current).method).toBe('email_verification');

    const other = await signUpOwner(api);
    expect((await api.request('DELETE', `/auth/sessions/${phoneSession.id}`, { token: other.accessToken })).status).toBe(404);
    expect((await api.request('GET', '/auth/session', { token: phoneToken })).status).toBe(200);

    expect((await api.request('DELETE', `/auth/sessions/${phoneSession.id}`, { token: owner.accessToken })).status).toBe(200);
    expect((await api.request('GET', '/auth/session', { token: phoneToken })).status).toBe(401);
    expect((await api.request('GET', '/auth/sessions', { token: owner.accessToken })).body.data).toHaveLength(1);
    // Sessions are listed for sessions only, not for API keys.
    expect((await api.request('GET', '/auth/sessions', { token: owner.apiKey })).status).toBe(401);
  });

  it('signs out everywhere; API keys keep working', async () => {
    const owner = await signUpOwner(api);
    const second = (await api.request('POST', '/auth/signin', { body: { email: owner.email, password: owner.password } })).body.data.access_token;
    expect((await api.request('POST', '/auth/signout-everywhere', { token: owner.accessToken })).status).toBe(200);
    expect((await api.request('GET', '/auth/session', { token: second })).status).toBe(401);
    expect((await api.request('GET', '/auth/session', { token: owner.accessToken })).status).toBe(401);
    expect((await api.request('GET', '/zones', { token: owner.apiKey })).status).toBe(200);
  });
});

describe('two factors required', () => {
  let api: TestApi;
  let owner: TestAccount;
  apiTest.beforeAll(async ({ api: started, owner: signedUp }) => {
    api = started;
    owner = signedUp;
  });

  const requireTwoFactor = (token: string, value: boolean) =>
    api.request('PUT', `/customers/${owner.customerId}`, { token, body: { require_two_factor: value } });

  it('an owner requires them for every member (once they have one themselves); a member without one can only enrol', async () => {
    const member = await addUser(api, owner, 'member');
    const admin = await addUser(api, owner, 'admin');
    const memberKey = await createApiKey(api, { ...owner, userId: member.userId, accessToken: member.accessToken }, { scopes: ['zones:read'] });

    const early = await requireTwoFactor(owner.accessToken, true);
    expect(early.status).toBe(422);
    expect(errorOf(early).details.require_two_factor).toContain('yourself first');
    const { secret } = await enrolTotp(api, owner.accessToken);
    expect((await requireTwoFactor(admin.accessToken, true)).status).toBe(403);
    const set = await requireTwoFactor(owner.accessToken, true);
    expect(set.status).toBe(200);
    expect(set.body.data.require_two_factor).toBe(true);

    // The member's open session now only enrols.
    const session = await api.request('GET', '/auth/session', { token: member.accessToken });
    expect(session.body.data.two_factor_enrolment_required).toBe(true);
    const refused = await api.request('GET', '/zones', { token: member.accessToken });
    expect(refused.status).toBe(403);
    expect(errorOf(refused).details).toMatchObject({ enrolment_required: true });
    expect((await api.request('GET', '/auth/two-factor', { token: member.accessToken })).body.data).toMatchObject({
      required: true,
      required_by: 'customer',
      enabled: false,
    });
    // API keys are not sign-ins: they work as before.
    expect((await api.request('GET', '/zones', { token: memberKey.key })).status).toBe(200);

    // A fresh sign-in with the password alone gives such a session too, and enrolling opens it.
    const signin = await api.request('POST', '/auth/signin', { body: { email: member.email, password: member.password } });
    const token = signin.body.data.access_token as string;
    expect((await api.request('GET', '/zones', { token })).status).toBe(403);
    const enrolled = await enrolTotp(api, token);
    expect(enrolled.recoveryCodes).toHaveLength(10);
    expect((await api.request('GET', '/zones', { token })).status).toBe(200);
    expect((await api.request('GET', '/auth/session', { token })).body.data.two_factor_enrolment_required).toBe(false);

    // The last factor stays while it is required.
    const keep = await api.request('POST', '/auth/totp/disable', { token, body: { factor: { code: totpCode(enrolled.secret, Date.now() + 30_000) } } });
    expect(keep.status).toBe(409);
    expect(errorOf(keep).message).toContain('requires two-step sign-in');

    expect((await requireTwoFactor(owner.accessToken, false)).status).toBe(200);
    expect(secret).toBeTruthy();
  });

  it('platform staff always need a second factor: without one, a staff session can only enrol', async () => {
    const staff = await signInStaff(api);
    expect((await api.request('GET', '/customers', { token: staff.accessToken })).status).toBe(200);
    const step = await api.request('POST', '/auth/signin', { body: { email: staff.email, password: staff.password } });
    expect(step.body.data.second_factor_required).toBe(true);

    const { email, password } = await createStaff(api.database.db, `new-staff-${Date.now()}@example.test`);
    const signin = await api.request('POST', '/auth/signin', { body: { email, password } });
    const token = signin.body.data.access_token as string;
    const refused = await api.request('GET', '/customers', { token });
    expect(refused.status).toBe(403);
    expect(errorOf(refused).details).toMatchObject({ enrolment_required: true });
    expect((await api.request('GET', '/auth/two-factor', { token })).body.data).toMatchObject({ required: true, required_by: 'staff' });
  });
});

describe('security mail', () => {
  let api: TestApi;
  let owner: TestAccount;
  apiTest.beforeAll(async ({ api: started }) => {
    api = started;
    // Not the file's owner: the suite above makes that one's team require two factors.
    owner = await signUpOwner(api);
  });

  const mailTo = (email: string, subject: string) =>
    api.mail.waitFor((message) => message.to.includes(email) && message.subject === `Kaja DNS security: ${subject}`);
  const saysWhereAndHow = (text: string, userAgent: string) => {
    expect(text).toMatch(/When: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
    expect(text).toContain('From address: 127.0.0.1');
    expect(text).toContain(`Browser or program: ${userAgent}`);
    expect(text).toContain(`${api.config.appUrl}/account/security`);
    expect(text).toContain(`${api.config.appUrl}/auth/forgot-password`);
  };

  it('mails a sign-in from a new device, not one from a known device', async () => {
    const ua = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:144.0) Gecko/20100101 Firefox/144.0' };
    await api.request('POST', '/auth/signin', { body: { email: owner.email, password: owner.password }, headers: ua });
    const mail = await mailTo(owner.email, 'sign-in from a new device');
    saysWhereAndHow(mail.text, 'Firefox 144 on Linux');
    await api.request('POST', '/auth/signin', { body: { email: owner.email, password: owner.password }, headers: ua });
    await api.app.settled();
    expect(api.mail.messages.filter((message) => message.to.includes(owner.email) && message.subject.includes('new device'))).toHaveLength(1);
  });

  it('mails a password change, an API key created, DNSSEC turned off and a member added', async () => {
    const ua = { 'user-agent': 'Settings Browser/2' };
    const changed = await api.request('POST', '/auth/change-password', {
      token: owner.accessToken,
      headers: ua,
      body: { current_password: owner.password, new_password: 'an even better passphrase' },
    });
    expect(changed.status).toBe(200);
    saysWhereAndHow((await mailTo(owner.email, 'password changed')).text, 'Settings Browser/2');

    const key = await api.request('POST', `/users/${owner.userId}/apikeys`, {
      token: owner.accessToken,
      headers: ua,
      body: { name: 'deploy bot', scopes: ['zones:read'] },
    });
    expect(key.status).toBe(201);
    const keyMail = await mailTo(owner.email, 'API key created');
    expect(keyMail.text).toContain('“deploy bot” (zones:read)');
    saysWhereAndHow(keyMail.text, 'Settings Browser/2');

    const zone = await createZone(api, owner);
    const zoneName = zone.name;
    expect((await api.request('PATCH', `/zones/${zone.id}/dnssec/status`, { token: owner.apiKey, body: { enabled: true } })).status).toBe(200);
    expect((await api.request('PATCH', `/zones/${zone.id}/dnssec/status`, { token: owner.apiKey, headers: ua, body: { enabled: false } })).status).toBe(200);
    const dnssecMail = await mailTo(owner.email, `DNSSEC turned off for ${zoneName}`);
    expect(dnssecMail.text).toContain('DS record');
    saysWhereAndHow(dnssecMail.text, 'Settings Browser/2');

    const created = await api.request('POST', '/users', {
      token: owner.apiKey,
      headers: ua,
      body: { email: `new-member-${Date.now()}@example.test`, full_name: 'New Member', role: 'member', password: 'member password 123' },
    });
    expect(created.status).toBe(201);
    const memberMail = await mailTo(owner.email, 'team member added');
    expect(memberMail.text).toContain(`${created.body.data.email} was added to your team as member`);
    saysWhereAndHow(memberMail.text, 'Settings Browser/2');
  });
});
