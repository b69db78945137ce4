import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkQueryCounts } from '@kaja/db';
import { errorOf, signInStaff, signUpOwner, startTestApi, type TestAccount, type TestApi } from '../../testing';

describe('DNS query totals per network', () => {
  let api: TestApi;
  let staff: { accessToken: string };
  let customer: TestAccount;
  // 29 November 2026, 10:20 UTC: the hour under way began at 10:00.
  const now = new Date('2026-11-29T10:20:00Z');

  beforeAll(async () => {
    api = await startTestApi({ clock: () => now });
    staff = await signInStaff(api);
    customer = await signUpOwner(api);
    const hour = (text: string) => new Date(`2026-11-${text}:00:00Z`);
    await api.database.db.insert(networkQueryCounts).values([
      { network: 'EU', hour: hour('29T10'), count: 7 },
      { network: 'EU', hour: hour('29T09'), count: 40 },
      { network: 'EU', hour: hour('29T00'), count: 3 },
      { network: 'EU', hour: hour('28T23'), count: 100 },
      { network: 'GLOBAL', hour: hour('27T12'), count: 5 },
      // Before the window of 3 days: not counted.
      { network: 'GLOBAL', hour: hour('26T23'), count: 1000 },
    ]);
  });
  afterAll(() => api?.close());

  it('sums each network per UTC day, with the hour under way and the last complete one', async () => {
    const answer = await api.request('GET', '/dns-query-totals?days=3', { token: staff.accessToken });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      days: 3,
      networks: [
        {
          network: 'EU',
          this_hour: 7,
          last_hour: 40,
          total: 150,
          days: [
            { day: '2026-11-27', queries: 0 },
            { day: '2026-11-28', queries: 100 },
            { day: '2026-11-29', queries: 50 },
          ],
        },
        {
          network: 'GLOBAL',
          this_hour: 0,
          last_hour: 0,
          total: 5,
          days: [
            { day: '2026-11-27', queries: 5 },
            { day: '2026-11-28', queries: 0 },
            { day: '2026-11-29', queries: 0 },
          ],
        },
      ],
    });
    // Thirty days by default.
    const month = await api.request('GET', '/dns-query-totals', { token: staff.accessToken });
    expect(month.body.data.networks[1].days).toHaveLength(30);
    expect(month.body.data.networks[1].total).toBe(1005);
  });

  it('answers a bad window with 422, and is for platform staff only', async () => {
    for (const days of ['0', '91', 'week'])
      expect((await api.request('GET', `/dns-query-totals?days=${days}`, { token: staff.accessToken })).status, days).toBe(422);
    const refused = await api.request('GET', '/dns-query-totals', { token: customer.accessToken });
    expect(refused.status).toBe(403);
    expect(errorOf(refused).code).toBe('forbidden');
    expect((await api.request('GET', '/dns-query-totals')).status).toBe(401);
  });
});
