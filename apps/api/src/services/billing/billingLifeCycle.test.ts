import { afterEach, describe, expect, it } from 'vitest';
import { addInterval } from '@kaja/catalog';
import { createZone } from '../../routes/v1/zones/zoneTestKit';
import { createApiKey, errorOf, runBillingLifeCycle, signInStaff, signUpOwner, startTestApi, type TestAccount, type TestApi } from '../../testing';

const dayMs = 24 * 3600_000;
const longDate = (date: Date) => date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

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
    /** Sets the clock alone, as between two passes of the job. */
    set(days: number) {
      offsetMs = days * dayMs;
    },
  };
}

/** Days from now to the first day whose month of subscription lasts 30 days or fewer (0 in November). */
function daysToShortMonth(): number {
  for (let days = 0; ; days++) {
    // Its next hour too: the subscription starts a moment after this is asked.
    const short = [0, 3600_000].every((later) => {
      const day = new Date(Date.now() + days * dayMs + later);
      return addInterval(day, 'month').getTime() - day.getTime() <= 30 * dayMs;
    });
    if (short) return days;
  }
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
    // The second month's invoice is issued while the first is past due only when the first month
    // ends before the suspension on day 30: the story starts on the first day whose month is that short.
    const start = daysToShortMonth();
    clocked.set(start);
    const owner = await signUpOwner(api);
    const zone = await createZone(api, owner);
    expect((await api.request('PUT', `/customers/${owner.customerId}`, { token: owner.accessToken, body: address })).status).toBe(200);
    const { invoice } = (await api.request('POST', '/subscriptions/checkout', { token: owner.accessToken, body: { plan_id: 'nano', start: 'now' } })).body.data;

    await clocked.at(start + 11.1);
    await waitForMail(api, owner, `${invoice.number} is due on`);
    expect((await current(api, owner)).status).toBe('active');

    await clocked.at(start + 14.1);
    await waitForMail(api, owner, `${invoice.number} is overdue`);
    expect((await current(api, owner)).status).toBe('past_due');
    // Past due warns; it does not stop anything yet.
    expect((await api.request('POST', '/zones', { token: owner.apiKey, body: { name: `past-due-${Date.now()}.com` } })).status).toBe(201);

    await clocked.at(start + 23.1);
    await waitForMail(api, owner, 'suspension on');

    await clocked.at(start + 30.1);
    await waitForMail(api, owner, 'account suspended');
    expect(await current(api, owner)).toMatchObject({ status: 'suspended', suspension_reason: 'unpaid' });
    const refused = await api.request('POST', `/zones/${zone.id}/records`, { token: owner.apiKey, body: { type: 'A', name: 'www', content: '192.0.2.1' } });
    expect(refused.status).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: 'account_read_only', details: { reason: 'unpaid_invoice' } });
    expect(await zoneStatus(api, owner, zone.id)).toBe('active');

    await clocked.at(start + 60.2);
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
    const { subscription, invoice } = (
      await api.request('POST', '/subscriptions/checkout', { token: owner.accessToken, body: { plan_id: 'nano', start: 'now' } })
    ).body.data;
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
    const { subscription, invoice } = (
      await api.request('POST', '/subscriptions/checkout', { token: owner.accessToken, body: { plan_id: 'nano', start: 'now' } })
    ).body.data;
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

  it('a plan ordered during the trial keeps the trial to its end; the first invoice is issued then, for the period starting then', async () => {
    const clocked = await startClockedApi();
    api = clocked.api;
    const owner = await signUpOwner(api);
    const trial = await current(api, owner);
    const trialEnd = new Date(trial.trial_ends_at);
    expect((await api.request('PUT', `/customers/${owner.customerId}`, { token: owner.accessToken, body: address })).status).toBe(200);

    await clocked.at(10);
    const ordered = await api.request('POST', '/subscriptions/checkout', { token: owner.accessToken, body: { plan_id: 'pro' } });
    expect(ordered.status).toBe(201);
    const expectedEnd = new Date(trialEnd);
    expectedEnd.setUTCMonth(expectedEnd.getUTCMonth() + 1);
    expect(ordered.body.data).toMatchObject({
      invoice: null,
      subscription: {
        status: 'trialing',
        plan_id: 'pro',
        billing_interval: 'month',
        trial_ends_at: trial.trial_ends_at,
        current_period_start: trial.trial_ends_at,
        current_period_end: expectedEnd.toISOString(),
        usage: { zones: { limit: 25 } },
      },
    });
    const confirmation = await waitForMail(api, owner, 'Pro ordered');
    expect(confirmation.text).toContain(`Your trial continues until ${longDate(trialEnd)}`);
    expect(confirmation.text).toContain(`the first invoice, for ${longDate(trialEnd)} – ${longDate(new Date(expectedEnd.getTime() - 1))}, is issued then`);
    expect((await api.request('GET', '/invoices', { token: owner.accessToken })).body.data).toHaveLength(0);

    // The week before: the reminder says the plan continues, not that the account becomes read-only.
    await clocked.at(24);
    const reminder = await waitForMail(api, owner, 'trial ends in a week');
    expect(reminder.text).toContain('The plan you ordered continues then');
    expect((await current(api, owner)).status).toBe('trialing');
    expect((await api.request('GET', '/invoices', { token: owner.accessToken })).body.data).toHaveLength(0);

    await clocked.at(30.1);
    expect(await current(api, owner)).toMatchObject({
      status: 'active',
      plan_id: 'pro',
      suspension_reason: null,
      current_period_start: trial.trial_ends_at,
      current_period_end: expectedEnd.toISOString(),
    });
    const invoices = (await api.request('GET', '/invoices', { token: owner.accessToken })).body.data;
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      gross_cents: 1995,
      issued_at: trial.trial_ends_at,
      period: { start: trial.trial_ends_at, end: expectedEnd.toISOString() },
      lines: [{ description: 'Kaja DNS Pro, monthly subscription' }],
    });
    await waitForMail(api, owner, invoices[0].number);
    expect(subjects(api, owner).some((subject) => subject.includes('trial has ended'))).toBe(false);
    expect((await api.request('POST', '/zones', { token: owner.apiKey, body: { name: `after-trial-${Date.now()}.com` } })).status).toBe(201);
    // The next pass issues nothing more until the period ends.
    await clocked.at(30.2);
    expect((await api.request('GET', '/invoices', { token: owner.accessToken })).body.data).toHaveLength(1);
  });

  it('during the trial a plan change changes the order without a charge, and canceling drops it: nothing is billed', async () => {
    const clocked = await startClockedApi();
    api = clocked.api;
    const owner = await signUpOwner(api);
    await createZone(api, owner);
    expect((await api.request('PUT', `/customers/${owner.customerId}`, { token: owner.accessToken, body: address })).status).toBe(200);
    const ordered = (await api.request('POST', '/subscriptions/checkout', { token: owner.accessToken, body: { plan_id: 'pro', interval: 'year' } })).body.data
      .subscription;
    const changed = await api.request('PUT', `/subscriptions/${ordered.id}/change-plan`, { token: owner.accessToken, body: { new_plan_id: 'nano' } });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ status: 'trialing', plan_id: 'nano', billing_interval: 'year', current_period_end: ordered.current_period_end });
    const audit = await api.request('GET', '/audit-events?limit=100', { token: owner.accessToken });
    expect(audit.body.data.find((event: { action: string }) => event.action === 'subscription.plan_changed').summary).toMatchObject({
      direction: 'order',
      prorated_cents: 0,
    });

    // Canceling before the trial ends, then ordering again, withdraws the cancellation.
    expect((await api.request('DELETE', `/subscriptions/${ordered.id}`, { token: owner.accessToken })).body.data).toMatchObject({
      status: 'trialing',
      cancel_at_period_end: true,
    });
    const again = await api.request('POST', '/subscriptions/checkout', { token: owner.accessToken, body: { plan_id: 'nano', interval: 'month' } });
    expect(again.body.data).toMatchObject({ invoice: null, subscription: { status: 'trialing', cancel_at_period_end: false, billing_interval: 'month' } });

    // Canceled for good: the trial ends, nothing is invoiced and the zones stop.
    expect((await api.request('DELETE', `/subscriptions/${ordered.id}`, { token: owner.accessToken })).status).toBe(200);
    await clocked.at(30.1);
    expect(await current(api, owner)).toMatchObject({ status: 'canceled' });
    expect((await api.request('GET', '/invoices', { token: owner.accessToken })).body.data).toHaveLength(0);
  });

  it('start: now ends the trial and invoices from today; an order after the trial has lapsed by the clock starts at once', async () => {
    const clocked = await startClockedApi();
    api = clocked.api;
    const owner = await signUpOwner(api);
    expect((await api.request('PUT', `/customers/${owner.customerId}`, { token: owner.accessToken, body: address })).status).toBe(200);
    await clocked.at(5);
    const now = await api.request('POST', '/subscriptions/checkout', { token: owner.accessToken, body: { plan_id: 'nano', start: 'now' } });
    expect(now.body.data.subscription).toMatchObject({ status: 'active', trial_ends_at: null });
    expect(new Date(now.body.data.invoice.period.start).getTime()).toBe(new Date(now.body.data.subscription.current_period_start).getTime());
    expect(Math.abs(new Date(now.body.data.invoice.issued_at).getTime() - (Date.now() + 5 * dayMs))).toBeLessThan(60_000);

    // Another account whose trial is over by the clock, before the hourly pass took the step.
    const late = await signUpOwner(api);
    expect((await api.request('PUT', `/customers/${late.customerId}`, { token: late.accessToken, body: address })).status).toBe(200);
    clocked.set(30.1);
    expect((await current(api, late)).status).toBe('trialing');
    const ordered = await api.request('POST', '/subscriptions/checkout', { token: late.accessToken, body: { plan_id: 'nano' } });
    expect(ordered.body.data.subscription.status).toBe('active');
    expect(ordered.body.data.invoice).toMatchObject({ gross_cents: 495 });
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
