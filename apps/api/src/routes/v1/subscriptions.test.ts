import { describe, expect, it } from 'vitest';
import { apiTest } from '../../apiTest';
import { uniqueZoneName } from './zones/zoneTestKit';
import { addUser, createApiKey, errorOf, signUpOwner, type TestAccount, type TestApi } from '../../testing';

const estonianAddress = { line1: 'Pärnu mnt 10', postal_code: '10148', city: 'Tallinn', country: 'EE' };

async function giveBillingAddress(api: TestApi, owner: TestAccount, extra: Record<string, unknown> = {}) {
  const response = await api.request('PUT', `/customers/${owner.customerId}`, {
    token: owner.accessToken,
    body: { billing_address: estonianAddress, ...extra },
  });
  expect(response.status).toBe(200);
  return response.body.data;
}

async function createZones(api: TestApi, owner: TestAccount, count: number) {
  for (let index = 0; index < count; index++) {
    const response = await api.request('POST', '/zones', { token: owner.apiKey, body: { name: uniqueZoneName(`z${index}`) } });
    expect(response.status).toBe(201);
  }
}

describe('subscriptions', () => {
  let api: TestApi;
  apiTest.beforeAll(async ({ api: started }) => {
    api = started;
  });

  it('a new customer is on a Nano trial; only a session may ask', async () => {
    const owner = await signUpOwner(api);
    const response = await api.request('GET', '/subscriptions/current', { token: owner.accessToken });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ plan_id: 'nano', status: 'trialing', plan: { name: 'Nano', limits: { zones: 5, records: 200 } } });
    expect(new Date(response.body.data.trial_ends_at).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
    expect((await api.request('GET', '/subscriptions/current', { token: owner.apiKey })).status).toBe(401);
    expect((await api.request('GET', '/subscriptions/current')).status).toBe(401);
  });

  it('the current subscription shows the billing state, the usage against the limits and the onboarding', async () => {
    const owner = await signUpOwner(api);
    await createZones(api, owner, 1);
    const zones = await api.request('GET', '/zones', { token: owner.apiKey });
    const zoneId = zones.body.data[0].id;
    expect(
      (await api.request('POST', `/zones/${zoneId}/records`, { token: owner.apiKey, body: { type: 'A', name: 'www', content: '192.0.2.1', ttl: 300 } })).status,
    ).toBe(201);
    const { data } = (await api.request('GET', '/subscriptions/current', { token: owner.accessToken })).body;
    expect(data).toMatchObject({
      billing_interval: null,
      current_period_start: null,
      current_period_end: null,
      cancel_at_period_end: false,
      usage: { zones: { used: 1, limit: 5 }, records: { used: 1, limit: 200 }, queries_this_month: { used: 0, limit: 2_000_000 } },
      onboarding: { completed: 2, total: 5 },
    });
    expect(data.onboarding.steps.filter((step: { done: boolean }) => step.done).map((step: { step: string }) => step.step)).toEqual([
      'create_zone',
      'add_records',
    ]);
  });

  it('checkout needs a billing address; started now, it ends the trial and issues an invoice from today', async () => {
    const owner = await signUpOwner(api);
    const refused = await api.request('POST', '/subscriptions/checkout', { token: owner.accessToken, body: { plan_id: 'pro' } });
    expect(refused.status).toBe(422);
    expect(errorOf(refused).details.billing_address).toMatch(/billing address/);

    await giveBillingAddress(api, owner);
    const response = await api.request('POST', '/subscriptions/checkout', { token: owner.accessToken, body: { plan_id: 'pro', start: 'now' } });
    expect(response.status).toBe(201);
    const { subscription, invoice } = response.body.data;
    expect(subscription).toMatchObject({ plan_id: 'pro', status: 'active', billing_interval: 'month', trial_ends_at: null, usage: { zones: { limit: 25 } } });
    const start = new Date(subscription.current_period_start);
    const end = new Date(subscription.current_period_end);
    expect(end.getUTCMonth()).toBe((start.getUTCMonth() + 1) % 12);
    expect(invoice).toMatchObject({ status: 'open', gross_cents: 1995, net_cents: 1609, vat_cents: 386, vat_rate: 24, currency: 'EUR' });
    expect(new Date(invoice.due_at).getTime() - new Date(invoice.issued_at).getTime()).toBe(14 * 24 * 3600_000);
    const mail = await api.mail.waitFor((message) => message.to.includes(owner.email) && message.subject.includes(invoice.number));
    expect(mail.text).toContain('19.95 EUR');

    const again = await api.request('POST', '/subscriptions/checkout', { token: owner.accessToken, body: { plan_id: 'pro' } });
    expect(again.status).toBe(409);
    expect(errorOf(again).message).toContain('change-plan');
    const audit = await api.request('GET', '/audit-events?limit=100', { token: owner.accessToken });
    expect(audit.body.data.map((event: { action: string }) => event.action)).toEqual(expect.arrayContaining(['subscription.checkout', 'invoice.issued']));
  });

  it('an annual checkout started now bills twelve months in advance', async () => {
    const owner = await signUpOwner(api);
    await giveBillingAddress(api, owner);
    const response = await api.request('POST', '/subscriptions/checkout', {
      token: owner.accessToken,
      body: { plan_id: 'nano', interval: 'year', start: 'now' },
    });
    expect(response.status).toBe(201);
    expect(response.body.data.subscription.billing_interval).toBe('year');
    expect(response.body.data.invoice).toMatchObject({ gross_cents: 5940, vat_rate: 24 });
    const { start, end } = response.body.data.invoice.period;
    expect(new Date(end).getUTCFullYear()).toBe(new Date(start).getUTCFullYear() + 1);
  });

  it('Scale cannot be checked out: the error points to sales; unknown plans and bad intervals are refused', async () => {
    const owner = await signUpOwner(api);
    await giveBillingAddress(api, owner);
    const scale = await api.request('POST', '/subscriptions/checkout', { token: owner.accessToken, body: { plan_id: 'scale' } });
    expect(scale.status).toBe(409);
    expect(errorOf(scale)).toMatchObject({ code: 'conflict', details: { contact: 'sales' } });
    expect(errorOf(scale).message).toMatch(/contact sales/);
    expect((await api.request('POST', '/subscriptions/checkout', { token: owner.accessToken, body: { plan_id: 'gold' } })).status).toBe(422);
    expect((await api.request('POST', '/subscriptions/checkout', { token: owner.accessToken, body: { plan_id: 'pro', interval: 'week' } })).status).toBe(422);
    expect((await api.request('POST', '/subscriptions/checkout', { token: owner.apiKey, body: { plan_id: 'pro' } })).status).toBe(401);
    const member = await addUser(api, owner, 'member');
    expect((await api.request('POST', '/subscriptions/checkout', { token: member.accessToken, body: { plan_id: 'pro' } })).status).toBe(403);
  });

  it('an upgrade applies at once and its prorated difference waits for the next invoice', async () => {
    const owner = await signUpOwner(api);
    await giveBillingAddress(api, owner);
    const { subscription } = (await api.request('POST', '/subscriptions/checkout', { token: owner.accessToken, body: { plan_id: 'nano', start: 'now' } })).body
      .data;
    const upgraded = await api.request('PUT', `/subscriptions/${subscription.id}/change-plan`, { token: owner.accessToken, body: { new_plan_id: 'pro' } });
    expect(upgraded.status).toBe(200);
    expect(upgraded.body.data).toMatchObject({ plan_id: 'pro', status: 'active', usage: { zones: { limit: 25 } } });
    const invoices = await api.request('GET', '/invoices', { token: owner.accessToken });
    expect(invoices.body.data).toHaveLength(1);
    const audit = await api.request('GET', '/audit-events?limit=100', { token: owner.accessToken });
    const change = audit.body.data.find((event: { action: string }) => event.action === 'subscription.plan_changed');
    expect(change.summary).toMatchObject({ from: 'nano', to: 'pro', direction: 'upgrade' });
    // Almost the whole month is left: almost the whole difference (15.00 EUR) is due.
    expect(change.summary.prorated_cents).toBeGreaterThan(1400);
    expect(change.summary.prorated_cents).toBeLessThanOrEqual(1500);
  });

  it('checkout of a dearer plan on a paid subscription is an upgrade: no invoice now, the interval kept', async () => {
    const owner = await signUpOwner(api);
    await giveBillingAddress(api, owner);
    await api.request('POST', '/subscriptions/checkout', { token: owner.accessToken, body: { plan_id: 'nano', start: 'now' } });
    const yearly = await api.request('POST', '/subscriptions/checkout', { token: owner.accessToken, body: { plan_id: 'pro', interval: 'year' } });
    expect(yearly.status).toBe(409);
    expect(errorOf(yearly).details).toHaveProperty('interval');
    const upgraded = await api.request('POST', '/subscriptions/checkout', { token: owner.accessToken, body: { plan_id: 'pro' } });
    expect(upgraded.status).toBe(201);
    expect(upgraded.body.data).toMatchObject({ subscription: { plan_id: 'pro', status: 'active', billing_interval: 'month' }, invoice: null });
    expect((await api.request('GET', '/invoices', { token: owner.accessToken })).body.meta.total).toBe(1);
  });

  it('a downgrade that current usage exceeds is refused with each limit and its usage', async () => {
    const owner = await signUpOwner(api);
    await giveBillingAddress(api, owner);
    const { subscription } = (await api.request('POST', '/subscriptions/checkout', { token: owner.accessToken, body: { plan_id: 'pro', start: 'now' } })).body
      .data;
    await createZones(api, owner, 6);
    const refused = await api.request('PUT', `/subscriptions/${subscription.id}/change-plan`, { token: owner.accessToken, body: { new_plan_id: 'nano' } });
    expect(refused.status).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: 'quota_exceeded', details: { zones: { limit: 5, usage: 6 } } });
    expect(errorOf(refused).details).not.toHaveProperty('records');
    expect((await api.request('GET', '/subscriptions/current', { token: owner.accessToken })).body.data.plan_id).toBe('pro');

    const zones = await api.request('GET', '/zones', { token: owner.apiKey });
    expect((await api.request('DELETE', `/zones/${zones.body.data[0].id}`, { token: owner.apiKey })).status).toBe(202);
    const allowed = await api.request('PUT', `/subscriptions/${subscription.id}/change-plan`, { token: owner.accessToken, body: { new_plan_id: 'nano' } });
    expect(allowed.status).toBe(200);
    expect(allowed.body.data.plan_id).toBe('nano');
  });

  it("another customer's subscription is not found; a trial changes plan through checkout", async () => {
    const owner = await signUpOwner(api);
    const other = await signUpOwner(api);
    const theirs = (await api.request('GET', '/subscriptions/current', { token: other.accessToken })).body.data;
    expect((await api.request('PUT', `/subscriptions/${theirs.id}/change-plan`, { token: owner.accessToken, body: { new_plan_id: 'pro' } })).status).toBe(404);
    expect((await api.request('DELETE', `/subscriptions/${theirs.id}`, { token: owner.accessToken })).status).toBe(404);
    const trial = await api.request('PUT', `/subscriptions/${theirs.id}/change-plan`, { token: other.accessToken, body: { new_plan_id: 'pro' } });
    expect(trial.status).toBe(409);
    expect(errorOf(trial).message).toContain('checkout');
  });

  it('changing and canceling a plan take a key with customers:write, not a zones key', async () => {
    const owner = await signUpOwner(api);
    await giveBillingAddress(api, owner);
    const { subscription } = (await api.request('POST', '/subscriptions/checkout', { token: owner.accessToken, body: { plan_id: 'nano', start: 'now' } })).body
      .data;
    const zonesKey = await createApiKey(api, owner, { scopes: ['zones:*', 'records:*'] });
    const refused = await api.request('PUT', `/subscriptions/${subscription.id}/change-plan`, { token: zonesKey.key, body: { new_plan_id: 'pro' } });
    expect(errorOf(refused)).toMatchObject({ code: 'forbidden', details: { scope: expect.stringContaining('customers:write') } });
    expect((await api.request('DELETE', `/subscriptions/${subscription.id}`, { token: zonesKey.key })).status).toBe(403);
    const upgraded = await api.request('PUT', `/subscriptions/${subscription.id}/change-plan`, { token: owner.apiKey, body: { new_plan_id: 'pro' } });
    expect(upgraded.status).toBe(200);
    expect((await api.request('DELETE', `/subscriptions/${subscription.id}`, { token: owner.apiKey })).body.data.cancel_at_period_end).toBe(true);
  });

  it('canceling keeps the plan until the end of the paid period', async () => {
    const owner = await signUpOwner(api);
    await giveBillingAddress(api, owner);
    const { subscription } = (await api.request('POST', '/subscriptions/checkout', { token: owner.accessToken, body: { plan_id: 'nano', start: 'now' } })).body
      .data;
    const canceled = await api.request('DELETE', `/subscriptions/${subscription.id}`, { token: owner.accessToken });
    expect(canceled.status).toBe(200);
    expect(canceled.body.data).toMatchObject({ status: 'active', cancel_at_period_end: true, current_period_end: subscription.current_period_end });
    expect((await api.request('DELETE', `/subscriptions/${subscription.id}`, { token: owner.accessToken })).status).toBe(409);
    // Zones can still be created and are served until the end of the period.
    await createZones(api, owner, 1);
  });

  it('onboarding steps are recorded once each, by the customer or by doing the thing', async () => {
    const owner = await signUpOwner(api);
    const marked = await api.request('POST', '/subscriptions/onboarding-step', { token: owner.accessToken, body: { step: 'update_nameservers' } });
    expect(marked.status).toBe(200);
    expect(marked.body.data.onboarding).toMatchObject({ completed: 1 });
    expect(
      (await api.request('POST', '/subscriptions/onboarding-step', { token: owner.accessToken, body: { step: 'update_nameservers' } })).body.data.onboarding
        .completed,
    ).toBe(1);
    expect((await api.request('POST', '/subscriptions/onboarding-step', { token: owner.accessToken, body: { step: 'fly' } })).status).toBe(422);
    expect(
      (await api.request('POST', '/invitations-admin', { token: owner.accessToken, body: { email: 'teammate@example.test', role: 'member' } })).status,
    ).toBe(201);
    await createZones(api, owner, 1);
    const [zone] = (await api.request('GET', '/zones', { token: owner.apiKey })).body.data;
    expect((await api.request('PATCH', `/zones/${zone.id}/dnssec/status`, { token: owner.apiKey, body: { enabled: true } })).status).toBeLessThan(300);
    const { onboarding } = (await api.request('GET', '/subscriptions/current', { token: owner.accessToken })).body.data;
    const done = onboarding.steps.filter((step: { done: boolean }) => step.done).map((step: { step: string }) => step.step);
    expect(done).toEqual(['create_zone', 'update_nameservers', 'enable_dnssec', 'invite_team']);
    const audit = await api.request('GET', '/audit-events?limit=100', { token: owner.accessToken });
    expect(audit.body.data.filter((event: { action: string }) => event.action === 'subscription.onboarding_step')).toHaveLength(4);
  });

  it('records added mark their onboarding step once, however many writes add them', async () => {
    const owner = await signUpOwner(api);
    await createZones(api, owner, 1);
    const [zone] = (await api.request('GET', '/zones', { token: owner.apiKey })).body.data;
    for (const name of ['www', 'mail', 'ftp']) {
      const created = await api.request('POST', `/zones/${zone.id}/records`, { token: owner.apiKey, body: { type: 'A', name, content: '192.0.2.1' } });
      expect(created.status).toBe(201);
    }
    const { onboarding } = (await api.request('GET', '/subscriptions/current', { token: owner.accessToken })).body.data;
    expect(onboarding.steps.find((step: { step: string }) => step.step === 'add_records')).toEqual({ step: 'add_records', done: true });
    const audit = await api.request('GET', '/audit-events?limit=100', { token: owner.accessToken });
    const marked = audit.body.data.filter((event: { action: string; summary: { step?: string } }) => event.action === 'subscription.onboarding_step');
    expect(marked.map((event: { summary: { step: string } }) => event.summary.step)).toEqual(['add_records', 'create_zone']);
  });
});
