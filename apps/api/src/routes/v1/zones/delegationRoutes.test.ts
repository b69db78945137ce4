// Delegation and DS checks against a real parent: Knot DNS serving `com.`, rewritten between checks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, enqueueJob, jobs, zones } from '@kaja/db';
import { and, eq } from '@kaja/db/orm';
import { delegationCheckJob, delegationScheduleJob } from '../../../services/zones/delegationCheck';
import { errorOf, signUpOwner, startTestApi, type TestAccount, type TestApi } from '../../../testing';
import { startParentZone, type ParentZone } from '@kaja/test-support/parentZone';
import { createZone as createTestZone, setPlan } from './zoneTestKit';

const dayMs = 86_400_000;
let api: TestApi;
let owner: TestAccount;
let parent: ParentZone;
let clockOffset = 0;

interface TestZone {
  id: string;
  name: string;
  name_servers: string[];
  created_at: string;
}

const createZone = async (...args: Parameters<typeof createTestZone>) => (await createTestZone(...args)) as unknown as TestZone;
const delegate = (zone: string, lines: string[]) => parent.delegate(zone, lines);

const call = (method: string, path: string, body?: unknown, token = owner.apiKey) =>
  api.request(method, path, { token, ...(body !== undefined ? { body } : {}) });

/** Runs a check of the zone as the job runner does. */
async function checkNow(zoneId: string) {
  await enqueueJob(api.database.db, delegationCheckJob, { zone_id: zoneId }, { maxAttempts: 1 });
  await api.app.jobs.runUntilIdle();
  return (await call('GET', `/zones/${zoneId}/delegation`)).body.data;
}

const mailsAbout = (zone: string) => api.mail.messages.filter((mail) => mail.subject.includes(zone));

beforeAll(async () => {
  parent = await startParentZone();
  api = await startTestApi({
    env: parent.env,
    rateLimits: { delegationCheck: { limit: 2, windowSeconds: 600 } },
    clock: () => new Date(Date.now() + clockOffset),
  });
  owner = await signUpOwner(api);
  await setPlan(api, owner, 'scale');
});

afterAll(async () => {
  await api?.close();
  await parent?.stop();
});

describe('delegation checks against a parent zone', () => {
  it('follows the NS set of the parent: not registered, elsewhere, ours (the zone becomes active), partly', async () => {
    const zone = await createZone(api, owner);
    expect((await call('GET', `/zones/${zone.id}`)).body.data.delegation).toEqual({
      status: 'pending',
      ns_state: 'unchecked',
      ds_state: 'unchecked',
      checked_at: null,
      release_at: expect.any(String),
    });

    // The first check is queued with the zone.
    await api.app.jobs.runUntilIdle();
    let delegation = (await call('GET', `/zones/${zone.id}/delegation`)).body.data;
    expect(delegation).toMatchObject({
      status: 'pending',
      ns_state: 'unregistered',
      ds_state: 'none',
      parent_zone: 'com',
      problem: null,
      checks_enabled: true,
      check_pending: false,
    });
    expect(delegation.ns).toEqual({ parent: [], expected: zone.name_servers });
    expect(Date.parse(delegation.release_at) - Date.parse(zone.created_at)).toBeGreaterThan(27 * dayMs);

    await delegate(zone.name, ['NS ns1.other-dns.net.', 'NS ns2.other-dns.net.']);
    delegation = await checkNow(zone.id);
    expect(delegation).toMatchObject({ status: 'pending', ns_state: 'elsewhere', ns: { parent: ['ns1.other-dns.net', 'ns2.other-dns.net'] } });

    await delegate(
      zone.name,
      zone.name_servers.map((server) => `NS ${server}.`),
    );
    delegation = await checkNow(zone.id);
    expect(delegation).toMatchObject({ status: 'active', ns_state: 'ours', ds_state: 'none', release_at: null });
    expect(delegation.ns.parent).toEqual([...zone.name_servers].sort());
    const [activation] = await api.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, zone.id), eq(auditEvents.action, 'zone.delegated')));
    expect(activation?.summary).toMatchObject({ name: zone.name, ns_state: 'ours' });
    // The onboarding checklist's name-server step is done by the check.
    const steps = (await call('GET', '/subscriptions/current', undefined, owner.accessToken)).body.data.onboarding.steps as { step: string; done: boolean }[];
    expect(steps.find((step) => step.step === 'update_nameservers')?.done).toBe(true);

    await delegate(zone.name, [`NS ${zone.name_servers[0]}.`, 'NS ns1.other-dns.net.']);
    const shown = (await call('GET', `/zones/${zone.id}`)).body.data.delegation;
    delegation = await checkNow(zone.id);
    expect(delegation).toMatchObject({ status: 'active', ns_state: 'partly' });
    expect(Date.parse(delegation.checked_at)).toBeGreaterThanOrEqual(Date.parse(shown.checked_at));
    expect((await call('GET', `/zones/${zone.id}`)).body.data.delegation).toMatchObject({
      status: 'active',
      ns_state: 'partly',
      checked_at: delegation.checked_at,
    });
  });

  it('compares the DS set with the keys: missing, matching, gone (mailed once), stale, wrong, unexpected', async () => {
    const zone = await createZone(api, owner);
    const ns = zone.name_servers.map((server) => `NS ${server}.`);
    await delegate(zone.name, ns);
    expect(await checkNow(zone.id)).toMatchObject({ status: 'active', ns_state: 'ours', ds_state: 'none' });

    expect((await call('PATCH', `/zones/${zone.id}/dnssec/status`, { enabled: true })).status).toBe(200);
    await api.app.jobs.runUntilIdle();
    const { ds } = (await call('GET', `/zones/${zone.id}/dnssec/ds`)).body.data as { ds: { key_tag: number; content: string }[] };
    expect(ds.length).toBe(2);

    // Signed, no DS yet: the usual first step, not worth a mail.
    let delegation = await checkNow(zone.id);
    expect(delegation).toMatchObject({ ds_state: 'missing', ds: { parent: [], expected: ds.map((record) => record.content) } });
    expect(mailsAbout(zone.name)).toEqual([]);

    await delegate(zone.name, [...ns, `DS ${ds[0]!.content}`]);
    delegation = await checkNow(zone.id);
    expect(delegation).toMatchObject({ ds_state: 'matching', ds: { parent: [ds[0]!.content] } });

    await delegate(zone.name, ns);
    expect(await checkNow(zone.id)).toMatchObject({ ds_state: 'missing' });
    const gone = await api.mail.waitFor((mail) => mail.subject.includes(zone.name));
    expect(gone.to).toEqual([owner.email]);
    expect(gone.subject).toBe(`Kaja DNS: the DS record of ${zone.name} is gone from its parent zone`);
    expect(gone.text).toContain(ds[0]!.content);
    expect(gone.text).toContain(`/zones/${zone.id}/delegation`);
    // Checked again, still missing: no second mail.
    await checkNow(zone.id);
    await api.app.settled();
    expect(mailsAbout(zone.name)).toHaveLength(1);

    // A rollover: a new KSK signs, the old one stays published but no longer signs; the parent still has the old DS.
    await delegate(zone.name, [...ns, `DS ${ds[0]!.content}`]);
    expect(await checkNow(zone.id)).toMatchObject({ ds_state: 'matching' });
    const keys = (await call('GET', `/zones/${zone.id}/dnssec/cryptokeys`)).body.data as { id: string; keytype: string; active: boolean }[];
    const oldKsk = keys.find((key) => key.keytype === 'ksk')!;
    expect((await call('POST', `/zones/${zone.id}/dnssec/cryptokeys`, { keytype: 'ksk', active: true })).status).toBe(201);
    expect((await call('PUT', `/zones/${zone.id}/dnssec/cryptokeys/${oldKsk.id}`, { active: false })).status).toBe(200);
    delegation = await checkNow(zone.id);
    expect(delegation.ds_state).toBe('stale');
    expect(delegation.ds.expected).not.toContain(ds[0]!.content);
    const stale = await api.mail.waitFor((mail) => mail.subject === `Kaja DNS: the DS record of ${zone.name} no longer matches its keys`);
    expect(stale.text).toContain('no longer signs');
    expect(stale.text).toContain(delegation.ds.expected[0]);

    const otherDigest = `${ds[0]!.content.slice(0, -8)}${ds[0]!.content.slice(-8).toUpperCase() === 'DEADBEEF' ? '00000000' : 'DEADBEEF'}`;
    await delegate(zone.name, [...ns, `DS ${otherDigest}`]);
    expect(await checkNow(zone.id)).toMatchObject({ ds_state: 'wrong' });
    await api.mail.waitFor((mail) => mail.subject.includes(zone.name) && mail.text.includes('matches none of'));
    await api.app.settled();
    expect(mailsAbout(zone.name)).toHaveLength(3);

    // Signing turned off: a DS left at the parent is flagged, not mailed.
    expect((await call('PATCH', `/zones/${zone.id}/dnssec/status`, { enabled: false })).status).toBe(200);
    expect(await checkNow(zone.id)).toMatchObject({ ds_state: 'unexpected', ds: { expected: [] } });
  });

  it('checks on demand through POST, once at a time, within the per-zone limit; other customers get 404', async () => {
    const zone = await createZone(api, owner);
    await api.app.jobs.runUntilIdle();
    const first = (await call('GET', `/zones/${zone.id}/delegation`)).body.data;

    const requested = await call('POST', `/zones/${zone.id}/delegation`);
    expect(requested.status).toBe(202);
    expect(requested.body.data).toMatchObject({ check_pending: true, ns_state: 'unregistered' });
    // Asked again while queued: still one check.
    expect((await call('POST', `/zones/${zone.id}/delegation`)).status).toBe(202);
    const queued = await api.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, delegationCheckJob), eq(jobs.status, 'queued')));
    expect(queued.filter((job) => (job.payload as { zone_id: string }).zone_id === zone.id)).toHaveLength(1);
    await api.app.jobs.runUntilIdle();
    const after = (await call('GET', `/zones/${zone.id}/delegation`)).body.data;
    expect(after.check_pending).toBe(false);
    expect(Date.parse(after.checked_at)).toBeGreaterThan(Date.parse(first.checked_at));

    expect((await call('POST', `/zones/${zone.id}/delegation`)).status).toBe(202);
    await api.app.jobs.runUntilIdle();
    const limited = await call('POST', `/zones/${zone.id}/delegation`);
    expect(limited.status).toBe(429);
    expect(errorOf(limited).code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    const stranger = await signUpOwner(api);
    expect((await call('GET', `/zones/${zone.id}/delegation`, undefined, stranger.apiKey)).status).toBe(404);
    expect((await call('POST', `/zones/${zone.id}/delegation`, undefined, stranger.apiKey)).status).toBe(404);
  });

  it('reports a parent that cannot be read as unknown, keeping what it said before', async () => {
    const zone = await createZone(api, owner);
    await delegate(zone.name, ['NS ns1.other-dns.net.']);
    expect(await checkNow(zone.id)).toMatchObject({ ns_state: 'elsewhere' });
    // The parent's only server now has an address where nothing answers.
    await parent.pause();
    try {
      const delegation = await checkNow(zone.id);
      expect(delegation).toMatchObject({ status: 'pending', ns_state: 'unknown', ds_state: 'unknown', ns: { parent: ['ns1.other-dns.net'] } });
      // The platform's own resolver is not named to customers.
      expect(delegation.problem).toBe('no answer from the resolver within 2000 ms');
    } finally {
      parent.resume();
    }
  });

  it('warns the owners of a zone never delegated to us, then releases its name', async () => {
    const zone = await createZone(api, owner);
    await api.app.jobs.runUntilIdle();
    expect((await call('GET', `/zones/${zone.id}`)).body.data.delegation).toMatchObject({ status: 'pending', ns_state: 'unregistered' });

    const runSchedule = async () => {
      await api.app.jobs.queueRecurring();
      await api.database.db
        .update(jobs)
        .set({ runAt: new Date() })
        .where(and(eq(jobs.name, delegationScheduleJob), eq(jobs.status, 'queued')));
      await api.app.jobs.runUntilIdle();
    };
    clockOffset = 20 * dayMs;
    await runSchedule();
    expect(mailsAbout(zone.name)).toEqual([]);

    clockOffset = 22 * dayMs;
    await runSchedule();
    const warning = await api.mail.waitFor((mail) => mail.subject.includes(zone.name) && mail.subject.includes('will be removed'));
    const releaseAt = (await call('GET', `/zones/${zone.id}/delegation`)).body.data.release_at as string;
    expect(warning.subject).toBe(`Kaja DNS: ${zone.name} will be removed on ${releaseAt.slice(0, 10)} unless it is delegated to us`);
    expect(warning.text).toContain(zone.name_servers[0]);

    // Warned on day 22: the whole week's notice runs to day 29.
    expect(Date.parse(releaseAt) - Date.parse(zone.created_at)).toBeGreaterThan(29 * dayMs - 60_000);
    clockOffset = 28 * dayMs + 60_000;
    await runSchedule();
    expect((await call('GET', `/zones/${zone.id}`)).status).toBe(200);
    clockOffset = 29 * dayMs + 60_000;
    await runSchedule();
    await api.mail.waitFor((mail) => mail.subject === `Kaja DNS: ${zone.name} was removed (never delegated to us)`);
    expect((await call('GET', `/zones/${zone.id}`)).status).toBe(404);
    const [released] = await api.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, zone.id), eq(auditEvents.action, 'zone.released')));
    expect(released?.actorType).toBe('system');
    expect(await api.database.db.select().from(zones).where(eq(zones.id, zone.id))).toEqual([]);
    // Its name is free again.
    expect((await call('POST', '/zones', { name: zone.name })).status).toBe(201);
  });

  it('keeps a delegated zone however long ago it was added', async () => {
    clockOffset = 0;
    const zone = await createZone(api, owner);
    await delegate(
      zone.name,
      zone.name_servers.map((server) => `NS ${server}.`),
    );
    expect(await checkNow(zone.id)).toMatchObject({ status: 'active' });
    clockOffset = 60 * dayMs;
    await api.app.jobs.queueRecurring();
    await api.database.db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(and(eq(jobs.name, delegationScheduleJob), eq(jobs.status, 'queued')));
    await api.app.jobs.runUntilIdle();
    expect((await call('GET', `/zones/${zone.id}`)).body.data).toMatchObject({ status: 'active', delegation: { status: 'active', ns_state: 'ours' } });
  });
});
