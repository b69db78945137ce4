import { afterEach, describe, expect, it } from 'vitest';
import { createZone } from '../../routes/v1/zones/zoneTestKit';
import { createApiKey, errorOf, runBillingLifeCycle, signInStaff, signUpOwner, startTestApi, type TestAccount, type TestApi } from '../../testing';

const dayMs = 24 * 3600_000;

/** A test API whose billing clock a test moves forward by days. */
async function startClockedApi() {
  let offsetMs = 0;
  const api = await startTestApi({ clock: () => new Date(Date.now() + offsetMs) });
  return {
    api,
    /** Sets the clock `days` after the real now and runs the life-cycle job as the runner would. */
    async at(days: number) {
      offsetMs = days * dayMs;
      await runBillingLifeCycle(api);
    },
  };
}

const subjects = (api: TestApi, owner: TestAccount) => api.mail.messages.filter((mail) => mail.to.includes(owner.email)).map((mail) => mail.subject);

async function waitForMail(api: TestApi, owner: TestAccount, subject: string | RegExp) {
  return api.mail.waitFor(
    (mail) => mail.to.includes(owner.email) && (typeof subject === 'string' ? mail.subject.includes(subject) : subject.test(mail.subject)),
  );
}

const current = async (api: TestApi, owner: TestAccount) => (await api.request('GET', '/subscriptions/current', { token: owner.accessToken })).body.data;
const zoneStatus = async (api: TestApi, owner: TestAccount, zoneId: string) =>
  (await api.request('GET', `/zones/${zoneId}`, { token: owner.apiKey })).body.data.status;
const address = { billing_address: { line1: 'Ahtri 12', postal_code: '10151', city: 'Tallinn', country: 'EE' } };

describe('subscription life cycle', () => {
  let api: TestApi | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  it('a trial that ends without a plan makes the account read-only, keeps DNS for 30 days, then disables the zones', async () => {
    const clocked = await startClockedApi();
    api = clocked.api;
    const owner = await signUpOwner(api);
    const zone = await createZone(api, owner);
    const spareKey = await createApiKey(api, owner, { scopes: ['zones:read'] });

    await clocked.at(24);
    await waitForMail(api, owner, 'trial ends in a week');
    expect((await current(api, owner)).status).toBe('trialing');

    await clocked.at(30.1);
    await waitForMail(api, owner, 'trial has ended');
    expect(await current(api, owner)).toMatchObject({ status: 'suspended', suspension_reason: 'trial_ended' });
    const refused = await api.request('POST', '/zones', { token: owner.apiKey, body: { name: 'refused-after-trial.com' } });
    expect(refused.status).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: 'account_read_only', details: { reason: 'trial_ended' } });
    expect(errorOf(refused).message).toContain('trial has ended');
    expect(await zoneStatus(api, owner, zone.id)).toBe('active');
    // Taking access away is never held back.
    expect((await api.request('DELETE', `/users/${owner.userId}/apikeys/${spareKey.id}`, { token: owner.accessToken })).status).toBe(200);

    await clocked.at(53.2);
    await waitForMail(api, owner, /zones are disabled on/);
    expect(await zoneStatus(api, owner, zone.id)).toBe('active');

    await clocked.at(60.2);
    await waitForMail(api, owner, 'no longer served');
    expect(await zoneStatus(api, owner, zone.id)).toBe('disabled');
    await clocked.at(60.3);
    expect(subjects(api, owner).filter((subject) => subject.includes('no longer served'))).toHaveLength(1);

    // Ordering a plan puts everything right.
    expect((await api.request('PUT', `/customers/${owner.customerId}`, { token: owner.accessToken, body: address })).status).toBe(200);
    const checkout = await api.request('POST', '/subscriptions/checkout', { token: owner.accessToken, body: { plan_id: 'nano' } });
    expect(checkout.status).toBe(201);
    expect(checkout.body.data.subscription).toMatchObject({ status: 'active', suspension_reason: null });
    expect(await zoneStatus(api, owner, zone.id)).toBe('active');
    expect((await api.request('POST', '/zones', { token: owner.apiKey, body: { name: `allowed-${Date.now()}.com` } })).status).toBe(201);
    const audit = await api.request('GET', '/audit-events?limit=100', { token: owner.accessToken });
    expect(audit.body.data.map((event: { action: string }) => event.action)).toEqual(
      expect.arrayContaining(['subscription.trial_ended', 'subscription.zones_disabled', 'subscription.checkout']),
    );
  });

  it('an unpaid invoice makes the subscription past due after 14 days and suspended after 30; paying ends it', async () => {
    const clocked = await startClockedApi();
    api = clocked.api;
    const owner = await signUpOwner(api);
    const zone = await createZone(api, owner);
    expect((await api.request('PUT', `/customers/${owner.customerId}`, { token: owner.accessToken, body: address })).status).toBe(200);
    const { invoice } = (await api.request('POST', '/subscriptions/checkout', { token: owner.accessToken, body: { plan_id: 'nano' } })).body.data;

    await clocked.at(11.1);
    await waitForMail(api, owner, `${invoice.number} is due on`);
    expect((await current(api, owner)).status).toBe('active');

    await clocked.at(14.1);
    await waitForMail(api, owner, `${invoice.number} is overdue`);
    expect((await current(api, owner)).status).toBe('past_due');
    // Past due warns; it does not stop anything yet.
    expect((await api.request('POST', '/zones', { token: owner.apiKey, body: { name: `past-due-${Date.now()}.com` } })).status).toBe(201);

    await clocked.at(23.1);
    await waitForMail(api, owner, 'suspension on');

    await clocked.at(30.1);
    await waitForMail(api, owner, 'account suspended');
    expect(await current(api, owner)).toMatchObject({ status: 'suspended', suspension_reason: 'unpaid' });
    const refused = await api.request('POST', `/zones/${zone.id}/records`, { token: owner.apiKey, body: { type: 'A', name: 'www', content: '192.0.2.1' } });
    expect(refused.status).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: 'account_read_only', details: { reason: 'unpaid_invoice' } });
    expect(await zoneStatus(api, owner, zone.id)).toBe('active');

    await clocked.at(60.2);
    await waitForMail(api, owner, 'no longer served');
    expect(await zoneStatus(api, owner, zone.id)).toBe('disabled');

    // The renewal invoice of the second month is overdue too by now: both must be paid.
    const invoices = (await api.request('GET', '/invoices', { token: owner.accessToken })).body.data;
    expect(invoices).toHaveLength(2);
    expect(invoices[0].sequence).toBe(invoices[1].sequence + 1);
    const staff = await signInStaff(api);
    expect((await api.request('POST', `/invoices/${invoice.id}/pay`, { token: staff.accessToken, body: { reference: 'transfer 1' } })).status).toBe(200);
    expect((await current(api, owner)).status).toBe('suspended');
    expect((await api.request('POST', `/invoices/${invoices[0].id}/pay`, { token: staff.accessToken, body: { reference: 'transfer 2' } })).status).toBe(200);
    expect(await current(api, owner)).toMatchObject({ status: 'active', suspension_reason: null });
    expect(await zoneStatus(api, owner, zone.id)).toBe('active');
    expect(
      (await api.request('POST', `/zones/${zone.id}/records`, { token: owner.apiKey, body: { type: 'A', name: 'www', content: '192.0.2.1' } })).status,
    ).toBe(201);
  });

  it('a paid subscription renews with a new invoice that carries the prorated upgrade', async () => {
    const clocked = await startClockedApi();
    api = clocked.api;
    const owner = await signUpOwner(api);
    expect((await api.request('PUT', `/customers/${owner.customerId}`, { token: owner.accessToken, body: address })).status).toBe(200);
    const { subscription, invoice } = (await api.request('POST', '/subscriptions/checkout', { token: owner.accessToken, body: { plan_id: 'nano' } })).body.data;
    const staff = await signInStaff(api);
    await api.request('POST', `/invoices/${invoice.id}/pay`, { token: staff.accessToken, body: { reference: 'first' } });
    expect((await api.request('PUT', `/subscriptions/${subscription.id}/change-plan`, { token: owner.accessToken, body: { new_plan_id: 'pro' } })).status).toBe(
      200,
    );

    const periodEnd = new Date(subscription.current_period_end).getTime();
    await clocked.at((periodEnd - Date.now()) / dayMs + 0.01);
    const renewed = await current(api, owner);
    expect(renewed).toMatchObject({ status: 'active', current_period_start: subscription.current_period_end });
    const [next] = (await api.request('GET', '/invoices', { token: owner.accessToken })).body.data;
    expect(next.sequence).toBe(invoice.sequence + 1);
    expect(next.lines).toHaveLength(2);
    expect(next.lines[0].description).toBe('Kaja DNS Pro, monthly subscription');
    expect(next.lines[1].description).toMatch(/^Upgrade from Nano to Pro/);
    await waitForMail(api, owner, next.number);
  });

  it('a canceled subscription is served to the end of its period, then ends and its zones stop', async () => {
    const clocked = await startClockedApi();
    api = clocked.api;
    const owner = await signUpOwner(api);
    const zone = await createZone(api, owner);
    expect((await api.request('PUT', `/customers/${owner.customerId}`, { token: owner.accessToken, body: address })).status).toBe(200);
    const { subscription, invoice } = (await api.request('POST', '/subscriptions/checkout', { token: owner.accessToken, body: { plan_id: 'nano' } })).body.data;
    const staff = await signInStaff(api);
    await api.request('POST', `/invoices/${invoice.id}/pay`, { token: staff.accessToken, body: { reference: 'paid' } });
    expect((await api.request('DELETE', `/subscriptions/${subscription.id}`, { token: owner.accessToken })).status).toBe(200);

    const periodEndDays = (new Date(subscription.current_period_end).getTime() - Date.now()) / dayMs;
    await clocked.at(periodEndDays - 6);
    await waitForMail(api, owner, 'ends in a week');
    expect(await zoneStatus(api, owner, zone.id)).toBe('active');

    await clocked.at(periodEndDays + 0.01);
    await waitForMail(api, owner, 'subscription has ended');
    expect(await current(api, owner)).toMatchObject({ status: 'canceled' });
    expect(await zoneStatus(api, owner, zone.id)).toBe('disabled');
    const refused = await api.request('PUT', `/zones/${zone.id}`, { token: owner.apiKey, body: { ttl: 600 } });
    expect(errorOf(refused)).toMatchObject({ code: 'account_read_only', details: { reason: 'subscription_ended' } });
    // No invoice after the end.
    expect((await api.request('GET', '/invoices', { token: owner.accessToken })).body.data).toHaveLength(1);
  });

  it('a trial canceled by the customer ends with the trial: no read-only month, the zones stop then', async () => {
    const clocked = await startClockedApi();
    api = clocked.api;
    const owner = await signUpOwner(api);
    const zone = await createZone(api, owner);
    const trial = await current(api, owner);
    const canceled = await api.request('DELETE', `/subscriptions/${trial.id}`, { token: owner.accessToken });
    expect(canceled.body.data).toMatchObject({ status: 'trialing', cancel_at_period_end: true });

    await clocked.at(24);
    const reminder = await waitForMail(api, owner, 'trial ends in a week');
    expect(reminder.text).toContain('you canceled it');
    await clocked.at(30.1);
    expect(await current(api, owner)).toMatchObject({ status: 'canceled' });
    expect(await zoneStatus(api, owner, zone.id)).toBe('disabled');
    expect(subjects(api, owner).some((subject) => subject.includes('trial has ended'))).toBe(false);
  });
});
