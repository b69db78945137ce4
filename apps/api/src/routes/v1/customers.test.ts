import { describe, expect } from 'vitest';
import { subscriptions, zones } from '@kaja/db';
import { eq } from '@kaja/db/orm';
import { apiTest } from '../../apiTest';
import { errorOf, signInStaff, signUpOwner, type TestAccount, type TestApi } from '../../testing';
import { createZone } from './zones/zoneTestKit';

const dayMs = 24 * 3600_000;

describe('customers in the operator console', () => {
  let api: TestApi;
  let staff: { accessToken: string };
  let owner: TestAccount;
  const asStaff = (method: string, path: string, body?: unknown) => api.request(method, path, { token: staff.accessToken, body });
  const subscriptionOf = async (customerId: string) => (await api.database.db.select().from(subscriptions).where(eq(subscriptions.customerId, customerId)))[0]!;

  apiTest.beforeAll(async ({ api: started, owner: account }) => {
    api = started;
    owner = account;
    staff = await signInStaff(api);
  });

  apiTest('staff find a customer by part of its name, a member’s e-mail address or its id, and filter by state', async () => {
    const found = await signUpOwner(api, { company: 'Findable Widgets OÜ' });
    const ids = async (query: string) => ((await asStaff('GET', `/customers?${query}`)).body.data as { id: string }[]).map((customer) => customer.id);
    expect(await ids('q=findable%20widg')).toEqual([found.customerId]);
    expect(await ids(`q=${encodeURIComponent(found.email.slice(0, 20).toUpperCase())}`)).toEqual([found.customerId]);
    expect(await ids(`q=${found.customerId}`)).toEqual([found.customerId]);
    // `%` is a character to find, not a wildcard.
    expect(await ids('q=%25')).toEqual([]);
    expect(await ids('q=findable&state=trialing')).toEqual([found.customerId]);
    expect(await ids('q=findable&state=active')).toEqual([]);
    expect((await asStaff('GET', '/customers?state=overdue')).status).toBe(422);
    const listed = (await asStaff('GET', `/customers?q=${found.customerId}`)).body.data[0];
    expect(listed.usage).toEqual({
      zones: { used: 0, limit: expect.any(Number) },
      records: { used: 0, limit: expect.any(Number) },
      queries_this_month: { used: 0, limit: expect.any(Number) },
    });
  });

  apiTest('the overview shows the members, the zones with their DNSSEC state and the invoices, read-only', async () => {
    const zone = await createZone(api, owner);
    const overview = await asStaff('GET', `/customers/${owner.customerId}/overview`);
    expect(overview.status).toBe(200);
    expect(overview.body.data).toMatchObject({
      customer: { id: owner.customerId, subscription: { status: 'trialing' } },
      members: [{ email: owner.email, role: 'owner' }],
      zones: [{ id: zone.id, name: zone.name, status: 'active', dnssec_state: 'off' }],
      zone_count: 1,
      invoices: [],
      invoice_count: 0,
    });
    expect(overview.body.data.usage.zones.used).toBe(1);
    expect((await asStaff('GET', '/customers/00000000-0000-4000-8000-000000000000/overview')).status).toBe(404);
  });

  apiTest('a suspension by staff makes the account read-only until staff lift it, and both are audited with the reason', async () => {
    const account = await signUpOwner(api);
    expect((await asStaff('POST', `/customers/${account.customerId}/suspend`, {})).status).toBe(422);
    const suspended = await asStaff('POST', `/customers/${account.customerId}/suspend`, { reason: 'Phishing zone reported' });
    expect(suspended.status).toBe(200);
    expect(suspended.body.data).toMatchObject({ status: 'suspended', suspension_reason: 'staff' });
    await api.mail.waitFor((mail) => mail.to.includes(account.email) && mail.subject === 'Your Kaja DNS account is suspended');

    const write = await api.request('POST', '/zones', { token: account.accessToken, body: { name: `suspended-${Date.now()}.example` } });
    expect(write.status).toBe(403);
    expect(errorOf(write)).toMatchObject({ code: 'account_read_only', details: { reason: 'suspended_by_staff' } });
    // Ordering a plan does not end it: only staff do.
    const order = await api.request('POST', '/subscriptions/checkout', { token: account.accessToken, body: { plan_id: 'pro' } });
    expect(order.status).toBe(409);
    expect(errorOf(order).message).toContain('Kaja DNS suspended the account');
    expect((await asStaff('POST', `/customers/${account.customerId}/suspend`, { reason: 'again' })).status).toBe(409);

    const lifted = await asStaff('POST', `/customers/${account.customerId}/unsuspend`, { reason: 'Zone removed' });
    expect(lifted.body.data).toMatchObject({ status: 'trialing', suspension_reason: null });
    expect((await asStaff('POST', `/customers/${account.customerId}/unsuspend`, { reason: 'again' })).status).toBe(409);

    const audit = await asStaff('GET', `/audit-events?customer_id=${account.customerId}&action=customer.*`);
    expect(audit.body.data.map((event: { action: string; summary: unknown }) => [event.action, event.summary])).toEqual([
      ['customer.unsuspended', { reason: 'Zone removed', to: 'trialing', zones_enabled: [] }],
      ['customer.suspended', { reason: 'Phishing zone reported', from: 'trialing' }],
    ]);
  });

  apiTest('lifting a suspension serves the zones it disabled again', async () => {
    const account = await signUpOwner(api);
    const zone = await createZone(api, account);
    await asStaff('POST', `/customers/${account.customerId}/suspend`, { reason: 'Abuse' });
    // What the life cycle does 30 days into a suspension.
    await api.database.db.update(zones).set({ status: 'disabled' }).where(eq(zones.id, zone.id));
    await api.database.db
      .update(subscriptions)
      .set({ disabledZoneIds: [zone.id] })
      .where(eq(subscriptions.customerId, account.customerId));
    const lifted = await asStaff('POST', `/customers/${account.customerId}/unsuspend`, { reason: 'Cleared' });
    expect(lifted.status).toBe(200);
    expect((await api.database.db.select().from(zones).where(eq(zones.id, zone.id)))[0]!.status).toBe('active');
  });

  apiTest('a trial is extended by 1 to 30 days; one that ended without a plan becomes a trial again', async () => {
    const account = await signUpOwner(api);
    const before = (await subscriptionOf(account.customerId)).trialEndsAt!;
    for (const days of [0, 31, 1.5]) expect((await asStaff('POST', `/customers/${account.customerId}/trial-extension`, { days })).status).toBe(422);
    const extended = await asStaff('POST', `/customers/${account.customerId}/trial-extension`, { days: 10 });
    expect(extended.status).toBe(200);
    expect(new Date(extended.body.data.trial_ends_at).getTime()).toBe(before.getTime() + 10 * dayMs);

    await api.database.db
      .update(subscriptions)
      .set({ status: 'suspended', suspensionReason: 'trial_ended', suspendedAt: new Date(), trialEndsAt: new Date(Date.now() - dayMs) })
      .where(eq(subscriptions.customerId, account.customerId));
    const reopened = await asStaff('POST', `/customers/${account.customerId}/trial-extension`, { days: 7 });
    expect(reopened.body.data).toMatchObject({ status: 'trialing', suspension_reason: null });
    expect(new Date(reopened.body.data.trial_ends_at).getTime()).toBeGreaterThan(Date.now() + 6 * dayMs);
    const audit = await asStaff('GET', `/audit-events?customer_id=${account.customerId}&action=subscription.trial_extended`);
    expect(audit.body.data.map((event: { summary: { days: number } }) => event.summary.days)).toEqual([7, 10]);
  });
});
