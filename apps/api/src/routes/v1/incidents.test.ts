import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from '@kaja/db/orm';
import { regions } from '@kaja/db';
import { errorOf, signInStaff, signUpOwner, startTestApi, type TestAccount, type TestApi } from '../../testing';

describe('incidents of the status page', () => {
  let api: TestApi;
  let staff: { accessToken: string };
  let customer: TestAccount;
  /** How far the API's clock is ahead of the real one. */
  let ahead = 0;
  let europe: string;
  let asia: string;
  const dayMs = 86_400_000;

  const post = (path: string, body: unknown) => api.request('POST', path, { token: staff.accessToken, body });
  const listed = async (query = '') => {
    const response = await api.request('GET', `/incidents${query}`);
    expect(response.status).toBe(200);
    return response.body.data as { id: string; title: string; status: string }[];
  };

  beforeAll(async () => {
    api = await startTestApi({ clock: () => new Date(Date.now() + ahead) });
    staff = await signInStaff(api);
    customer = await signUpOwner(api);
    const rows = await api.database.db.select().from(regions);
    europe = rows.find((row) => row.name === 'Europe')!.id;
    asia = rows.find((row) => row.name === 'Asia')!.id;
  });
  afterAll(() => api.close());

  it('staff post an incident with its regions and first update; everyone reads it', async () => {
    const body = { title: 'Slow answers in Europe', impact: 'minor', region_ids: [europe, asia], message: 'We are looking into slow answers.' };
    expect((await api.request('POST', '/incidents', { body })).status).toBe(401);
    const refused = await api.request('POST', '/incidents', { token: customer.accessToken, body });
    expect([refused.status, errorOf(refused).code]).toEqual([403, 'forbidden']);

    const created = await post('/incidents', body);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      title: 'Slow answers in Europe',
      impact: 'minor',
      status: 'investigating',
      regions: [
        { id: asia, name: 'Asia' },
        { id: europe, name: 'Europe' },
      ],
      updates: [{ status: 'investigating', message: 'We are looking into slow answers.' }],
      resolved_at: null,
    });
    const read = await api.request('GET', `/incidents/${created.body.data.id}`);
    expect(read.body.data).toEqual(created.body.data);
    expect((await listed()).map((incident) => incident.id)).toContain(created.body.data.id);
  });

  it('updates set the status; resolving stamps the time and a later update reopens it', async () => {
    const { id } = (await post('/incidents', { title: 'Transfers failing', impact: 'major', region_ids: [], message: 'Zone transfers fail.' })).body.data;
    expect((await api.request('POST', `/incidents/${id}/updates`, { token: customer.accessToken, body: { status: 'resolved', message: 'x' } })).status).toBe(
      403,
    );
    const identified = await post(`/incidents/${id}/updates`, { status: 'identified', message: 'A bad certificate.' });
    expect(identified.status).toBe(201);
    expect(identified.body.data).toMatchObject({ status: 'identified', resolved_at: null });
    const resolved = await post(`/incidents/${id}/updates`, { status: 'resolved', message: 'Replaced.' });
    expect(resolved.body.data.status).toBe('resolved');
    expect(resolved.body.data.resolved_at).toBe(resolved.body.data.updates[0].created_at);
    expect(resolved.body.data.updates.map((update: { status: string }) => update.status)).toEqual(['resolved', 'identified', 'investigating']);
    const reopened = await post(`/incidents/${id}/updates`, { status: 'monitoring', message: 'Seen again.' });
    expect(reopened.body.data).toMatchObject({ status: 'monitoring', resolved_at: null });

    const changed = await api.request('PUT', `/incidents/${id}`, { token: staff.accessToken, body: { impact: 'critical', region_ids: [europe] } });
    expect(changed.body.data).toMatchObject({ title: 'Transfers failing', impact: 'critical', regions: [{ id: europe, name: 'Europe' }] });
    expect((await api.request('PUT', `/incidents/${id}`, { token: customer.accessToken, body: { impact: 'none' } })).status).toBe(403);
  });

  it('refuses unknown regions, impacts and statuses with the field named, writing nothing', async () => {
    const before = (await listed('?limit=100')).length;
    const unknown = '00000000-0000-4000-8000-000000000000';
    const missing = await post('/incidents', { title: 'X', impact: 'minor', region_ids: [europe, unknown], message: 'x' });
    expect([missing.status, errorOf(missing).details]).toEqual([422, { region_ids: `No region with the id ${unknown}` }]);
    const impact = await post('/incidents', { title: 'X', impact: 'catastrophic', region_ids: [], message: 'x' });
    expect([impact.status, Object.keys(errorOf(impact).details)]).toEqual([422, ['impact']]);
    const empty = await post('/incidents', { title: ' ', impact: 'minor', region_ids: [], message: 'x' });
    expect([empty.status, Object.keys(errorOf(empty).details)]).toEqual([422, ['title']]);
    expect((await listed('?limit=100')).length).toBe(before);
    const { id } = (await listed())[0]!;
    const status = await post(`/incidents/${id}/updates`, { status: 'fixed', message: 'x' });
    expect([status.status, Object.keys(errorOf(status).details)]).toEqual([422, ['status']]);
    expect((await post(`/incidents/${unknown}/updates`, { status: 'resolved', message: 'x' })).status).toBe(404);
    expect((await api.request('GET', `/incidents/${unknown}`)).status).toBe(404);
    expect((await api.request('GET', '/incidents?days=91')).status).toBe(422);
  });

  it('keeps 90 days of history, and an incident still open whatever its age', async () => {
    const old = (await post('/incidents', { title: 'Old and resolved', impact: 'none', region_ids: [], message: 'Begun.' })).body.data.id;
    await post(`/incidents/${old}/updates`, { status: 'resolved', message: 'Done.' });
    const open = (await post('/incidents', { title: 'Old and open', impact: 'minor', region_ids: [], message: 'Begun.' })).body.data.id;
    ahead = 89 * dayMs;
    expect((await listed('?limit=100')).map((incident) => incident.id)).toEqual(expect.arrayContaining([old, open]));
    expect((await listed('?limit=100&days=30')).map((incident) => incident.id)).not.toContain(old);
    ahead = 91 * dayMs;
    const ids = (await listed('?limit=100')).map((incident) => incident.id);
    expect(ids).toContain(open);
    expect(ids).not.toContain(old);
    ahead = 0;
  });

  it('staff delete an incident posted by mistake', async () => {
    const { id } = (await post('/incidents', { title: 'Wrong', impact: 'none', region_ids: [asia], message: 'Oops.' })).body.data;
    expect((await api.request('DELETE', `/incidents/${id}`, { token: customer.accessToken })).status).toBe(403);
    expect((await api.request('DELETE', `/incidents/${id}`, { token: staff.accessToken })).status).toBe(200);
    expect((await api.request('GET', `/incidents/${id}`)).status).toBe(404);
    // The region is untouched.
    expect((await api.database.db.select().from(regions).where(eq(regions.id, asia))).length).toBe(1);
  });
});
