import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from '@kaja/db/orm';
import { regions, supportRequests } from '@kaja/db';
import { plans as catalogPlans, statusRegions } from '@kaja/catalog';
import { errorOf, signInStaff, signUpOwner, startTestApi, type TestApi } from '../../testing';

describe('plans, regions and support', () => {
  let api: TestApi;
  beforeAll(async () => {
    // Not apiTest's API: support requests go to an address the test names.
    api = await startTestApi({ env: { SUPPORT_EMAIL: 'help@kaja.test' } });
  });
  afterAll(() => api.close());

  it('GET /plans and /plans/{id} give the catalog’s plans without a credential', async () => {
    const list = await api.request('GET', '/plans');
    expect(list.status).toBe(200);
    expect(list.body.data.map((plan: { id: string }) => plan.id)).toEqual(catalogPlans.map((plan) => plan.id));
    const pro = await api.request('GET', '/plans/pro');
    expect(pro.body.data).toMatchObject({
      name: 'Pro',
      price: { amount_cents: 1995, currency: 'EUR', period: 'month' },
      limits: { zones: 25, records: 2000, queries_per_month: 20_000_000 },
      popular: true,
    });
    const scale = await api.request('GET', '/plans/scale');
    expect(scale.body.data).toMatchObject({ price: null, contact_sales: true, limits: { zones: null } });
    expect(errorOf(await api.request('GET', '/plans/gold')).code).toBe('not_found');
  });

  it('GET /regions lists the six seeded regions publicly, by name', async () => {
    const response = await api.request('GET', '/regions');
    expect(response.body.meta.total).toBe(6);
    expect(response.body.data.map(({ name, status }: { name: string; status: string }) => ({ name, status }))).toEqual(
      statusRegions.map(({ name, status }) => ({ name, status })).sort((a, b) => a.name.localeCompare(b.name)),
    );
  });

  it('only staff create, change and delete regions', async () => {
    const customer = await signUpOwner(api);
    const body = { name: 'Antarctica', status: 'offline', summary: 'Penguins only.' };
    const refused = await api.request('POST', '/regions', { token: customer.accessToken, body });
    expect([refused.status, errorOf(refused).code]).toEqual([403, 'forbidden']);
    expect((await api.request('POST', '/regions', { body })).status).toBe(401);

    const staff = await signInStaff(api);
    const created = await api.request('POST', '/regions', { token: staff.accessToken, body });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const duplicate = await api.request('POST', '/regions', { token: staff.accessToken, body });
    expect(duplicate.status).toBe(409);
    const invalid = await api.request('POST', '/regions', { token: staff.accessToken, body: { name: 'X', status: 'burning', summary: '' } });
    expect(errorOf(invalid).details).toEqual({ status: 'Status must be one of online, offline, NA' });
    const updated = await api.request('PUT', `/regions/${id}`, { token: staff.accessToken, body: { status: 'online' } });
    expect(updated.body.data).toMatchObject({ name: 'Antarctica', status: 'online' });
    expect((await api.request('PUT', `/regions/${id}`, { token: customer.accessToken, body: { status: 'NA' } })).status).toBe(403);
    expect((await api.request('DELETE', `/regions/${id}`, { token: customer.accessToken })).status).toBe(403);
    expect((await api.request('DELETE', `/regions/${id}`, { token: staff.accessToken })).status).toBe(200);
    expect((await api.request('GET', `/regions/${id}`)).status).toBe(404);
    const value = (await api.database.db.select({ value: count() }).from(regions))[0]!.value;
    expect(value).toBe(6);
  });

  it('POST /support stores the request and mails it to the support address', async () => {
    const body = {
      name: 'Visitor',
      email: 'visitor@example.test',
      subject: 'DNSSEC question',
      message: 'How do I roll my KSK?',
      source: 'http://site.test/support',
    };
    const response = await api.request('POST', '/support', { body });
    expect(response.status).toBe(201);
    const mail = await api.mail.waitFor((message) => message.to.includes('help@kaja.test'));
    expect(mail.subject).toBe('[Support] DNSSEC question');
    expect(mail.text).toContain('How do I roll my KSK?');
    expect(mail.raw).toMatch(/^Reply-To: visitor@example.test/m);
  });

  it.each([
    [
      {},
      { name: 'Name is required', email: 'Email is required', subject: 'Subject is required', message: 'Message is required', source: 'Source is required' },
    ],
    [{ name: 'V', email: 'nope', subject: 's', message: 'm', source: 's' }, { email: 'Email must be a valid email address' }],
    [{ name: 'V', email: 'v@example.test', subject: 's'.repeat(201), message: 'm', source: 's' }, { subject: 'Subject must be at most 200 characters' }],
    [{ name: 'V', email: 'v@example.test', subject: 's', message: 'm'.repeat(10_001), source: 's' }, { message: 'Message must be at most 10000 characters' }],
    [{ name: 'V', email: 'v@example.test', subject: 's', message: '   ', source: 's' }, { message: 'Message must not be empty' }],
  ])('refuses support request %# without storing it', async (body, details) => {
    const before = (await api.database.db.select({ value: count() }).from(supportRequests))[0]!.value;
    const response = await api.request('POST', '/support', { body });
    expect(response.status).toBe(422);
    expect(errorOf(response).details).toEqual(details);
    const after = (await api.database.db.select({ value: count() }).from(supportRequests))[0]!.value;
    expect(after).toBe(before);
  });
});
