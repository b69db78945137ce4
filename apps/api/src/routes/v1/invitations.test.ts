import { describe, expect, it } from 'vitest';
import { apiTest } from '../../apiTest';
import { count, eq, sql } from '@kaja/db/orm';
import { invitations, users } from '@kaja/db';
import { addUser, errorOf, mailedToken, signUpOwner, uniqueEmail, type TestAccount, type TestApi } from '../../testing';

describe('invitations', () => {
  let api: TestApi;
  let owner: TestAccount;
  let other: TestAccount;
  apiTest.beforeAll(async ({ api: started }) => {
    api = started;
    [owner, other] = [await signUpOwner(api, { company: 'Inviting Co' }), await signUpOwner(api, { company: 'Elsewhere' })];
  });

  const invite = async (email: string, role = 'member', token = owner.accessToken) =>
    api.request('POST', '/invitations-admin', { token, body: { email, role } });

  it('a new person accepts with the mailed link, sets a password and is signed in; the link works once', async () => {
    const email = uniqueEmail('invitee');
    const created = await invite(email);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ email, role: 'member', status: 'pending', customer_id: owner.customerId });
    const days = (Date.parse(created.body.data.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const token = await mailedToken(api, email, 'invited');
    const mail = api.mail.messages.find((message) => message.to.includes(email))!;
    expect(mail.subject).toBe('You are invited to Inviting Co on Kaja DNS');

    const look = await api.request('GET', `/invitations/${token}/accept`);
    expect(look.status).toBe(200);
    expect(look.body.data).toMatchObject({ password_required: true, user: null, invitation: { email, status: 'pending' } });

    const weak = await api.request('POST', `/invitations/${token}/accept`, { body: { full_name: 'Invitee', password: 'short' } });
    expect(errorOf(weak).details).toEqual({ password: 'Password must be at least 10 characters' });

    const accepted = await api.request('POST', `/invitations/${token}/accept`, { body: { full_name: 'Invitee', password: 'invitee password' } });
    expect(accepted.status).toBe(201);
    expect(accepted.body.data.user).toMatchObject({ email, role: 'member', customer_id: owner.customerId, email_verified: true });
    const session = await api.request('GET', '/auth/session', { token: accepted.body.data.access_token });
    expect(session.body.data.customer.id).toBe(owner.customerId);

    const again = await api.request('POST', `/invitations/${token}/accept`, { body: { full_name: 'Twice', password: 'invitee password' } });
    expect(again.status).toBe(404);
    expect((await api.request('GET', `/invitations/${token}/accept`)).status).toBe(404);
    const listed = await api.request('GET', `/invitations-admin/${created.body.data.id}`, { token: owner.accessToken });
    expect(listed.body.data.status).toBe('accepted');
  });

  it('an existing person joins when signed in with the invited address, leaving their old customer', async () => {
    const mover = await signUpOwner(api, { company: 'Solo' });
    const colleague = await addUser(api, mover, 'owner');
    await invite(mover.email, 'admin');
    const token = await mailedToken(api, mover.email, 'invited');

    const anonymous = await api.request('GET', `/invitations/${token}/accept`);
    expect(anonymous.status).toBe(401);
    const wrongPerson = await api.request('GET', `/invitations/${token}/accept`, { token: colleague.accessToken });
    expect(wrongPerson.status).toBe(401);

    const joined = await api.request('GET', `/invitations/${token}/accept`, { token: mover.accessToken });
    expect(joined.status).toBe(200);
    expect(joined.body.data).toMatchObject({ password_required: false, user: { email: mover.email, role: 'admin', customer_id: owner.customerId } });
    expect((await api.request('GET', '/users', { token: mover.apiKey })).status).toBe(401);

    // The customer left behind learns who left, not which customer they joined.
    const left = await api.request('GET', '/audit-events?action=user.left', { token: colleague.accessToken });
    expect(left.body.data).toHaveLength(1);
    expect(left.body.data[0].summary).toEqual({ email: mover.email, full_name: expect.any(String) });
    expect(JSON.stringify(left.body.data[0])).not.toContain(owner.customerId);
  });

  it('the last owner of another customer cannot leave it through an invitation', async () => {
    const solo = await signUpOwner(api, { company: 'Only Me' });
    await invite(solo.email);
    const token = await mailedToken(api, solo.email, 'invited');
    const refused = await api.request('GET', `/invitations/${token}/accept`, { token: solo.accessToken });
    expect(refused.status).toBe(409);
    const [unchanged] = await api.database.db.select().from(users).where(eq(users.id, solo.userId));
    expect(unchanged!.customerId).toBe(solo.customerId);
  });

  it('only pending invitations can be deleted; a deleted or expired link is dead', async () => {
    const email = uniqueEmail('withdrawn');
    const created = await invite(email);
    const token = await mailedToken(api, email, 'invited');
    const deleted = await api.request('DELETE', `/invitations-admin/${created.body.data.id}`, { token: owner.accessToken });
    expect([deleted.status, deleted.body.data.status]).toEqual([200, 'revoked']);
    const twice = await api.request('DELETE', `/invitations-admin/${created.body.data.id}`, { token: owner.accessToken });
    expect([twice.status, errorOf(twice).code]).toEqual([409, 'conflict']);
    expect((await api.request('GET', `/invitations/${token}/accept`)).status).toBe(404);

    const lateEmail = uniqueEmail('late');
    const late = await invite(lateEmail);
    const lateToken = await mailedToken(api, lateEmail, 'invited');
    await api.database.db
      .update(invitations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(invitations.id, late.body.data.id));
    expect((await api.request('GET', `/invitations/${lateToken}/accept`)).status).toBe(404);
    expect((await api.request('GET', `/invitations-admin/${late.body.data.id}`, { token: owner.accessToken })).body.data.status).toBe('expired');
  });

  it('refuses bad input, members, and other customers’ invitations without writing', async () => {
    const before = (await api.database.db.select({ value: count() }).from(invitations))[0]!.value;
    const missing = await api.request('POST', '/invitations-admin', { token: owner.accessToken, body: {} });
    expect(errorOf(missing).details).toEqual({ email: 'Email is required', role: 'Role is required' });
    const badEmail = await invite('not an email');
    expect(errorOf(badEmail).details).toEqual({ email: 'Email must be a valid email address' });
    const existingMember = await invite(owner.email);
    expect(existingMember.status).toBe(409);
    const member = await addUser(api, owner, 'member');
    expect((await invite(uniqueEmail(), 'member', member.accessToken)).status).toBe(403);
    const admin = await addUser(api, owner, 'admin');
    expect((await invite(uniqueEmail(), 'owner', admin.accessToken)).status).toBe(403);
    const after = (await api.database.db.select({ value: count() }).from(invitations))[0]!.value;
    expect(after).toBe(before);

    const theirs = await invite(uniqueEmail(), 'member', other.accessToken);
    expect((await api.request('GET', `/invitations-admin/${theirs.body.data.id}`, { token: owner.accessToken })).status).toBe(404);
    expect((await api.request('DELETE', `/invitations-admin/${theirs.body.data.id}`, { token: owner.accessToken })).status).toBe(404);
    const mine = await api.request('GET', '/invitations-admin?limit=100', { token: owner.accessToken });
    expect(mine.body.data.every((item: { customer_id: string }) => item.customer_id === owner.customerId)).toBe(true);
  });
});
