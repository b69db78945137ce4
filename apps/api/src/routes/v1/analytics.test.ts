// The funnel is counted from the real steps: a real parent zone (Knot DNS serving `com.`) delegates the zones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob, funnelEvents, siteDailyCounts } from '@kaja/db';
import { eq } from '@kaja/db/orm';
import { startParentZone, type ParentZone } from '@kaja/test-support/parentZone';
import { delegationCheckJob } from '../../services/zones/delegationCheck';
import { trimSiteCounts } from '../../services/ops/analytics/siteCounts';
import { createZone } from './zones/zoneTestKit';
import { errorOf, runBillingLifeCycle, signInStaff, signUpOwner, startTestApi, type TestApi } from '../../testing';

const dayMs = 86_400_000;
const address = { billing_address: { line1: 'Ahtri 12', postal_code: '10151', city: 'Tallinn', country: 'EE' } };
const staffRoutes = ['/analytics/pages', '/analytics/conversion', '/analytics/funnel', '/analytics/funnel?period=week'];

/** What the site's listener sends: JSON as text, so the browser needs no preflight. */
const send = (api: TestApi, event: unknown, headers: Record<string, string> = {}) =>
  api.request('POST', '/analytics/events', {
    body: typeof event === 'string' ? event : JSON.stringify(event),
    headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
  });

describe('analytics', () => {
  let api: TestApi;
  let parent: ParentZone;
  let staff: { accessToken: string };
  let clockOffset = 0;
  const today = () => api.now().toISOString().slice(0, 10);

  beforeAll(async () => {
    parent = await startParentZone();
    api = await startTestApi({ env: { ...parent.env, ANALYTICS: 'on' }, clock: () => new Date(Date.now() + clockOffset) });
    staff = await signInStaff(api);
  });
  afterAll(async () => {
    await api?.close();
    await parent?.stop();
  });

  it('counts page views per page and external referrer, and sign-up button clicks against sign-ups, per day', async () => {
    const siteHost = new URL(api.config.siteUrl).host;
    expect((await send(api, { type: 'page_view', path: '/pricing', referrer: 'news.example.org' })).body).toEqual({
      status: 'success',
      data: { counted: true },
    });
    expect((await send(api, { type: 'page_view', path: '/pricing', referrer: null })).body.data.counted).toBe(true);
    // A link within the site is not a referral, whatever the listener sent.
    expect((await send(api, { type: 'page_view', path: '/', referrer: siteHost })).body.data.counted).toBe(true);
    expect((await send(api, { type: 'click', button: 'trial', path: '/' })).body.data.counted).toBe(true);
    await signUpOwner(api);

    const pages = await api.request('GET', '/analytics/pages?days=7', { token: staff.accessToken });
    expect(pages.status).toBe(200);
    expect(pages.body.data.days).toHaveLength(7);
    expect(pages.body.data.days.at(-1)).toEqual({ day: today(), views: 3 });
    expect(pages.body.data.pages).toEqual([
      { path: '/pricing', views: 2 },
      { path: '/', views: 1 },
    ]);
    expect(pages.body.data.referrers).toEqual([{ host: 'news.example.org', views: 1 }]);

    const conversion = await api.request('GET', '/analytics/conversion?days=7', { token: staff.accessToken });
    expect(conversion.body.data).toMatchObject({ clicks: 1, sign_ups: 1, conversion: 1, buttons: [{ button: 'trial', clicks: 1 }] });
    expect(conversion.body.data.days.at(-1)).toEqual({ day: today(), clicks: 1, sign_ups: 1 });
  });

  it('counts nothing from a browser that asks not to be tracked (Do Not Track, Global Privacy Control) or from a crawler', async () => {
    const before = await api.database.db.select().from(siteDailyCounts);
    const view = { type: 'page_view', path: '/private', referrer: 'elsewhere.example.org' };
    expect((await send(api, view, { dnt: '1' })).body).toEqual({ status: 'success', data: { counted: false } });
    expect((await send(api, view, { 'sec-gpc': '1' })).body.data.counted).toBe(false);
    expect((await send(api, { type: 'click', button: 'signup', path: '/' }, { 'sec-gpc': '1' })).body.data.counted).toBe(false);
    expect((await send(api, view, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' })).body.data.counted).toBe(false);
    expect(await api.database.db.select().from(siteDailyCounts)).toEqual(before);
  });

  it('refuses what is not a site event with a 400 envelope, and stores nothing', async () => {
    const before = await api.database.db.select().from(siteDailyCounts);
    for (const body of [
      'not json',
      { type: 'purchase', path: '/' },
      { type: 'page_view', path: '/zones?id=42' },
      { type: 'page_view', path: 'https://kaja.dns/' },
      { type: 'page_view', path: '/', referrer: 'https://news.example.org/item?id=1' },
      { type: 'click', button: 'buy-now', path: '/' },
      { type: 'page_view', path: '/', visitor: 'abc' },
    ]) {
      const response = await send(api, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).code).toBe('bad_request');
    }
    expect(await api.database.db.select().from(siteDailyCounts)).toEqual(before);
  });

  it('shows analytics to staff only: 401 without a credential, 403 for a customer', async () => {
    const customer = await signUpOwner(api);
    for (const path of staffRoutes) {
      const anonymous = await api.request('GET', path);
      expect(anonymous.status, path).toBe(401);
      const refused = await api.request('GET', path, { token: customer.accessToken });
      expect(refused.status, path).toBe(403);
      expect(errorOf(refused)).toMatchObject({ code: 'forbidden', message: 'Only platform staff can do this' });
      expect((await api.request('GET', path, { token: customer.apiKey })).status, path).toBe(403);
      expect((await api.request('GET', path, { token: staff.accessToken })).status, path).toBe(200);
    }
    expect(errorOf(await api.request('GET', '/analytics/funnel?period=month', { token: staff.accessToken })).code).toBe('validation_failed');
  });

  it('counts each step of the funnel once per customer, however often its cause happens', async () => {
    const owner = await signUpOwner(api);
    // Signing up again with the address only mails the owner.
    expect(
      (await api.request('POST', '/auth/signup', { body: { email: owner.email, password: 'another long password', full_name: 'Again', company: 'Again' } }))
        .status,
    ).toBe(202);

    for (let i = 0; i < 2; i++) {
      const zone = (await createZone(api, owner)) as { id: string; name: string; name_servers?: string[] };
      const { name_servers } = (await api.request('GET', `/zones/${zone.id}`, { token: owner.apiKey })).body.data as { name_servers: string[] };
      await parent.delegate(
        zone.name,
        name_servers.map((server) => `NS ${server}.`),
      );
      // Checked twice: the second check finds it delegated again.
      for (let check = 0; check < 2; check++) {
        await enqueueJob(api.database.db, delegationCheckJob, { zone_id: zone.id }, { maxAttempts: 1 });
        await api.app.jobs.runUntilIdle();
      }
      expect((await api.request('GET', `/zones/${zone.id}/delegation`, { token: owner.apiKey })).body.data.ns_state).toBe('ours');
    }

    expect((await api.request('PUT', `/customers/${owner.customerId}`, { token: owner.accessToken, body: address })).status).toBe(200);
    const { subscription, invoice } = (
      await api.request('POST', '/subscriptions/checkout', { token: owner.accessToken, body: { plan_id: 'nano', start: 'now' } })
    ).body.data;
    expect((await api.request('POST', `/invoices/${invoice.id}/pay`, { token: staff.accessToken, body: { reference: 'first' } })).status).toBe(200);
    // A month on, the renewal's invoice is paid too.
    clockOffset = new Date(subscription.current_period_end).getTime() - Date.now() + 0.01 * dayMs;
    await runBillingLifeCycle(api);
    const renewal = (await api.request('GET', '/invoices', { token: owner.accessToken })).body.data.find((row: { id: string }) => row.id !== invoice.id);
    expect((await api.request('POST', `/invoices/${renewal.id}/pay`, { token: staff.accessToken, body: { reference: 'second' } })).status).toBe(200);

    const steps = await api.database.db.select().from(funnelEvents).where(eq(funnelEvents.customerId, owner.customerId));
    expect(steps.map((row) => row.step).sort()).toEqual(['delegated', 'email_verified', 'first_paid_invoice', 'first_zone', 'signed_up']);

    const weekly = await api.request('GET', '/analytics/funnel?period=week&periods=8', { token: staff.accessToken });
    expect(weekly.status).toBe(200);
    const { periods, cohort } = weekly.body.data as {
      periods: Record<string, number>[];
      cohort: { step: string; customers: number; conversion: number | null }[];
    };
    expect(periods).toHaveLength(8);
    const total = (step: string) => periods.reduce((sum, period) => sum + period[step]!, 0);
    // The owners of the tests before signed up and verified their address, and went no further.
    expect([total('signed_up'), total('email_verified'), total('first_zone'), total('delegated'), total('first_paid_invoice')]).toEqual([3, 3, 1, 1, 1]);
    expect(cohort).toEqual([
      { step: 'signed_up', customers: 3, conversion: null },
      { step: 'email_verified', customers: 3, conversion: 1 },
      { step: 'first_zone', customers: 1, conversion: 1 / 3 },
      { step: 'delegated', customers: 1, conversion: 1 },
      { step: 'first_paid_invoice', customers: 1, conversion: 1 },
    ]);
    const daily = (await api.request('GET', '/analytics/funnel?period=day&periods=60', { token: staff.accessToken })).body.data.periods as Record<
      string,
      number
    >[];
    expect(daily.at(-1)).toMatchObject({ start: today(), first_paid_invoice: 0 });
    expect(daily.reduce((sum, period) => sum + period.first_paid_invoice!, 0)).toBe(1);
  });

  it('removes the daily counters older than the retention period', async () => {
    const now = new Date('2026-11-29T12:00:00Z');
    await api.database.db.insert(siteDailyCounts).values([
      { day: '2024-10-28', kind: 'page', key: '/old', count: 4 },
      { day: '2024-10-29', kind: 'page', key: '/kept', count: 2 },
    ]);
    expect(await trimSiteCounts(api.database.db, 25, now)).toBe(1);
    const left = (await api.database.db.select().from(siteDailyCounts)).map((row) => row.key);
    expect(left).toContain('/kept');
    expect(left).not.toContain('/old');
  });
});

describe('analytics, off and limited', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ rateLimits: { analytics: { limit: 2, windowSeconds: 60 } } });
  });
  afterAll(() => api.close());

  it('is off in tests unless turned on: nothing counted, no funnel step; events are limited per client address', async () => {
    expect(api.config.analytics.enabled).toBe(false);
    for (let i = 0; i < 2; i++) expect((await send(api, { type: 'page_view', path: '/' })).body).toEqual({ status: 'success', data: { counted: false } });
    const limited = await send(api, { type: 'page_view', path: '/' });
    expect(limited.status).toBe(429);
    expect(errorOf(limited).code).toBe('rate_limited');
    await signUpOwner(api);
    expect(await api.database.db.select().from(siteDailyCounts)).toEqual([]);
    expect(await api.database.db.select().from(funnelEvents)).toEqual([]);
  });
});
