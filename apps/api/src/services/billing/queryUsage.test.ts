// Query metering: the DNS nodes' hourly counters summed per customer per calendar month (UTC),
// and the recurring job that flags the subscription and mails the owners at 80% and at 100%.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, ne, sql } from '@kaja/db/orm';
import { auditEvents, subscriptions, zones } from '@kaja/db';
import { signUpOwner, startTestApi, type TestAccount, type TestApi } from '../../testing';
import { createZone, setPlan } from '../../routes/v1/zones/zoneTestKit';
import { queriesThisMonth, queryMeteringJob } from './queryUsage';

describe(`query metering (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let api: TestApi;
  let now = new Date('2026-03-10T12:00:00Z');
  beforeAll(async () => {
    // Not apiTest's API: the months metered follow a clock of the test's own.
    api = await startTestApi({ clock: () => now });
  });
  afterAll(() => api.close());

  /** Adds to a zone's counter of one hour, type and response code as a DNS node's flush does. */
  async function count(zoneId: string, hour: string, queries: number, qtype = 1, rcode = 0) {
    await api.database.db.execute(sql`
      INSERT INTO query_counts (zone_id, customer_id, hour, qtype, rcode, count)
      SELECT id, customer_id, ${hour}::timestamptz, ${qtype}, ${rcode}, ${queries} FROM zones WHERE id = ${zoneId}
      ON CONFLICT (zone_id, hour, qtype, rcode) DO UPDATE SET count = query_counts.count + excluded.count`);
  }

  /** Runs the metering job as the job runner does, due now. */
  async function runMetering() {
    await api.database.db.execute(sql`UPDATE jobs SET run_at = now() WHERE name = ${queryMeteringJob} AND status = 'queued'`);
    await api.app.jobs.queueRecurring();
    await api.app.jobs.runUntilIdle();
  }

  const flags = async (account: TestAccount) => {
    const [row] = await api.database.db
      .select({ warnedAt: subscriptions.queriesWarnedAt, overLimitAt: subscriptions.queriesOverLimitAt })
      .from(subscriptions)
      .where(and(eq(subscriptions.customerId, account.customerId), ne(subscriptions.status, 'canceled')));
    return row!;
  };
  const usageMails = (account: TestAccount) =>
    api.mail.messages.filter((mail) => mail.to.includes(account.email) && /queries/.test(mail.subject)).map((mail) => mail.subject);

  it('sums every zone of the customer over the calendar month in UTC, and nobody else’s', async () => {
    const account = await signUpOwner(api);
    const [first, second] = [await createZone(api, account), await createZone(api, account)];
    const stranger = await createZone(api, await signUpOwner(api));
    await count(first.id, '2026-02-28T23:00:00Z', 1000);
    await count(first.id, '2026-03-01T00:00:00Z', 5);
    await count(first.id, '2026-03-01T00:00:00Z', 2, 28);
    await count(first.id, '2026-03-01T00:00:00Z', 3, 1, 3);
    await count(second.id, '2026-03-31T23:00:00Z', 40);
    await count(second.id, '2026-04-01T00:00:00Z', 2000);
    await count(stranger.id, '2026-03-15T10:00:00Z', 700);
    expect(await queriesThisMonth(api.database.db, account.customerId, new Date('2026-03-01T00:00:00Z'))).toBe(50);
    expect(await queriesThisMonth(api.database.db, account.customerId, new Date('2026-03-31T23:59:59.999Z'))).toBe(50);
    expect(await queriesThisMonth(api.database.db, account.customerId, new Date('2026-02-10T00:00:00Z'))).toBe(1000);
    expect(await queriesThisMonth(api.database.db, account.customerId, new Date('2026-04-30T00:00:00Z'))).toBe(2000);
    expect(await queriesThisMonth(api.database.db, account.customerId, new Date('2026-05-01T00:00:00Z'))).toBe(0);
  });

  it('keeps a deleted zone’s queries in the customer’s month', async () => {
    const account = await signUpOwner(api);
    const zone = await createZone(api, account);
    await count(zone.id, '2026-03-05T10:00:00Z', 1234);
    expect((await api.request('DELETE', `/zones/${zone.id}`, { token: account.apiKey })).status).toBe(202);
    await api.app.jobs.runUntilIdle();
    expect(await api.database.db.select().from(zones).where(eq(zones.id, zone.id))).toEqual([]);
    expect(await queriesThisMonth(api.database.db, account.customerId, now)).toBe(1234);
  });

  it('flags the subscription and mails the owner once at 80% and once at 100% of the month, and starts afresh next month', async () => {
    now = new Date('2026-03-10T12:00:00Z');
    const account = await signUpOwner(api);
    await setPlan(api, account, 'nano');
    const zone = await createZone(api, account);

    await count(zone.id, '2026-03-02T08:00:00Z', 1_599_999);
    await runMetering();
    expect(await flags(account)).toEqual({ warnedAt: null, overLimitAt: null });

    await count(zone.id, '2026-03-09T08:00:00Z', 1);
    await runMetering();
    expect(await flags(account)).toEqual({ warnedAt: now, overLimitAt: null });
    const warning = await api.mail.waitFor((mail) => mail.to.includes(account.email) && /80% of this month's queries/.test(mail.subject));
    expect(warning.text).toContain('1,600,000 DNS queries in March 2026: 80% of the 2,000,000 a month of the Nano plan');
    expect(warning.text).toContain('keep being answered');
    expect(warning.text).toContain('starts again on 2026-04-01');

    now = new Date('2026-03-20T12:00:00Z');
    await count(zone.id, '2026-03-19T08:00:00Z', 399_999);
    await runMetering();
    expect((await flags(account)).overLimitAt).toBeNull();
    await count(zone.id, '2026-03-20T08:00:00Z', 1);
    await runMetering();
    await runMetering();
    expect(await flags(account)).toEqual({ warnedAt: new Date('2026-03-10T12:00:00Z'), overLimitAt: now });
    const over = await api.mail.waitFor((mail) => mail.to.includes(account.email) && /has passed this month's queries/.test(mail.subject));
    expect(over.text).toContain('2,000,000 DNS queries in March 2026: 100% of the 2,000,000');
    // Nothing stops: the zone is served as before.
    expect((await api.database.db.select({ status: zones.status }).from(zones).where(eq(zones.id, zone.id)))[0]!.status).toBe('active');

    const events = await api.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.customerId, account.customerId), eq(auditEvents.targetType, 'subscription')))
      .orderBy(asc(auditEvents.id));
    const metering = events.filter((event) => event.action.startsWith('subscription.queries_'));
    expect(metering.map((event) => [event.action, event.actorType, event.summary])).toEqual([
      ['subscription.queries_warning', 'system', { month: '2026-03', queries: 1_600_000, limit: 2_000_000 }],
      ['subscription.queries_over_limit', 'system', { month: '2026-03', queries: 2_000_000, limit: 2_000_000 }],
    ]);

    now = new Date('2026-04-01T00:10:00Z');
    await runMetering();
    expect(await flags(account)).toEqual({ warnedAt: null, overLimitAt: null });
    expect(usageMails(account)).toHaveLength(2);
  });

  it('past 100% at once, only the over-limit mail; a bigger plan clears the flags; Scale is never metered against a limit', async () => {
    now = new Date('2026-06-15T09:00:00Z');
    const account = await signUpOwner(api);
    await setPlan(api, account, 'nano');
    const zone = await createZone(api, account);
    await count(zone.id, '2026-06-01T00:00:00Z', 2_500_000);
    await runMetering();
    expect(await flags(account)).toEqual({ warnedAt: now, overLimitAt: now });
    await api.mail.waitFor((mail) => mail.to.includes(account.email) && /passed this month's queries/.test(mail.subject));

    await setPlan(api, account, 'pro');
    await runMetering();
    expect(await flags(account)).toEqual({ warnedAt: null, overLimitAt: null });

    await setPlan(api, account, 'scale');
    await count(zone.id, '2026-06-02T00:00:00Z', 1_000_000_000);
    await runMetering();
    expect(await flags(account)).toEqual({ warnedAt: null, overLimitAt: null });
    expect(usageMails(account)).toEqual([`Kaja DNS: Test Company has passed this month's queries`]);
  });
});
