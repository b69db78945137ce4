import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from '@kaja/db/orm';
import { dnsLeases, dnsNodes, regions } from '@kaja/db';
import { errorOf, signInStaff, signUpOwner, startTestApi, type TestAccount, type TestApi } from '../../testing';

describe('regions following their DNS nodes', () => {
  let api: TestApi;
  let staff: { accessToken: string };
  let customer: TestAccount;
  /** How far the API's clock is ahead of the real one. */
  let ahead = 0;
  let europe: string;

  const region = async (name: string) => {
    const response = await api.request('GET', '/regions?limit=100');
    expect(response.status).toBe(200);
    return response.body.data.find((item: { name: string }) => item.name === name);
  };
  const heartbeat = (id: string, regionId: string | null) =>
    api.database.db
      .insert(dnsNodes)
      .values({
        id,
        name: `${id}.ns.example`,
        network: 'EU',
        regionId,
        version: '1.2.3',
        journalPosition: 42,
        journalLagSeconds: 0.5,
        zonesLoaded: 7,
        startedAt: new Date(),
        lastHeartbeatAt: new Date(),
      })
      .onConflictDoUpdate({ target: dnsNodes.id, set: { lastHeartbeatAt: new Date() } });

  beforeAll(async () => {
    api = await startTestApi({ env: { REGION_OFFLINE_AFTER: '60', REGION_DEGRADED_LAG: '60' }, clock: () => new Date(Date.now() + ahead) });
    staff = await signInStaff(api);
    customer = await signUpOwner(api);
    europe = (await api.database.db.select().from(regions).where(eq(regions.name, 'Europe')))[0]!.id;
  });
  afterAll(() => api.close());

  it('a region without nodes shows the status staff set, so a fresh install keeps its list', async () => {
    expect(await region('Asia')).toMatchObject({
      status: 'online',
      status_source: 'staff',
      staff_status: 'online',
      nodes: { total: 0, online: 0, last_heartbeat_at: null },
    });
    expect(await region('Africa')).toMatchObject({ status: 'NA', status_source: 'staff' });
  });

  it('is online while a node heartbeated within REGION_OFFLINE_AFTER, offline after, and N/A when staff say so', async () => {
    await heartbeat('fra-1', europe);
    await heartbeat('fra-2', europe);
    const online = await region('Europe');
    expect(online).toMatchObject({ status: 'online', status_source: 'nodes', nodes: { total: 2, online: 2 } });
    expect(Date.parse(online.nodes.last_heartbeat_at)).toBeGreaterThan(Date.now() - 60_000);

    ahead = 61_000;
    expect(await region('Europe')).toMatchObject({ status: 'offline', status_source: 'nodes', staff_status: 'online', nodes: { total: 2, online: 0 } });
    // One node beating again is enough.
    await api.database.db
      .update(dnsNodes)
      .set({ lastHeartbeatAt: new Date(Date.now() + ahead) })
      .where(eq(dnsNodes.id, 'fra-2'));
    expect(await region('Europe')).toMatchObject({ status: 'online', nodes: { total: 2, online: 1 } });
    expect((await api.request('GET', `/regions/${europe}`)).body.data).toMatchObject({ status: 'online', nodes: { online: 1 } });

    const na = await api.request('PUT', `/regions/${europe}`, { token: staff.accessToken, body: { status: 'NA' } });
    expect(na.body.data).toMatchObject({ status: 'NA', status_source: 'staff', nodes: { total: 2, online: 1 } });
    // Staff's online or offline only shows while the region has no node.
    const back = await api.request('PUT', `/regions/${europe}`, { token: staff.accessToken, body: { status: 'offline' } });
    expect(back.body.data).toMatchObject({ status: 'online', status_source: 'nodes', staff_status: 'offline' });
    await api.request('PUT', `/regions/${europe}`, { token: staff.accessToken, body: { status: 'online' } });
    ahead = 0;
  });

  it('is degraded, with the lag, while an online node lags more than REGION_DEGRADED_LAG; a silent node does not count', async () => {
    const setLag = (id: string, journalLagSeconds: number) => api.database.db.update(dnsNodes).set({ journalLagSeconds }).where(eq(dnsNodes.id, id));
    await heartbeat('fra-1', europe);
    await heartbeat('fra-2', europe);
    await setLag('fra-1', 0.5);
    await setLag('fra-2', 0.5);
    expect(await region('Europe')).toMatchObject({ status: 'online', nodes: { online: 2, journal_lag_seconds: 0.5, degraded_after_seconds: 60 } });

    await setLag('fra-2', 60);
    expect(await region('Europe')).toMatchObject({ status: 'online', nodes: { journal_lag_seconds: 60 } });
    await setLag('fra-2', 95.5);
    expect(await region('Europe')).toMatchObject({ status: 'degraded', status_source: 'nodes', nodes: { online: 2, journal_lag_seconds: 95.5 } });
    expect((await api.request('GET', `/regions/${europe}`)).body.data).toMatchObject({ status: 'degraded' });

    // The lagging node stops heartbeating: the lag it last told no longer counts, the region is online on the other.
    await api.database.db
      .update(dnsNodes)
      .set({ lastHeartbeatAt: new Date(Date.now() - 61_000) })
      .where(eq(dnsNodes.id, 'fra-2'));
    expect(await region('Europe')).toMatchObject({ status: 'online', nodes: { online: 1, journal_lag_seconds: 0.5 } });
    // None online: offline, and no lag to tell.
    await api.database.db
      .update(dnsNodes)
      .set({ lastHeartbeatAt: new Date(Date.now() - 61_000) })
      .where(eq(dnsNodes.id, 'fra-1'));
    expect(await region('Europe')).toMatchObject({ status: 'offline', nodes: { online: 0, journal_lag_seconds: null } });
    // Staff's N/A still wins over the nodes.
    await heartbeat('fra-2', europe);
    await api.request('PUT', `/regions/${europe}`, { token: staff.accessToken, body: { status: 'NA' } });
    expect(await region('Europe')).toMatchObject({ status: 'NA', status_source: 'staff' });
    await api.request('PUT', `/regions/${europe}`, { token: staff.accessToken, body: { status: 'online' } });
    await setLag('fra-2', 0.5);
  });

  it('lists the DNS nodes to staff only, and forgets a retired one', async () => {
    await heartbeat('nowhere-1', null);
    expect((await api.request('GET', '/dns-nodes')).status).toBe(401);
    const refused = await api.request('GET', '/dns-nodes', { token: customer.accessToken });
    expect([refused.status, errorOf(refused).code]).toEqual([403, 'forbidden']);
    expect((await api.request('GET', '/dns-nodes', { token: customer.apiKey })).status).toBe(403);

    // fra-1 holds the NOTIFY lease; one that expired says nothing of its holder.
    await api.database.db
      .insert(dnsLeases)
      .values({ name: 'notify', holderId: 'fra-1', holderName: 'fra-1.ns.example', acquiredAt: new Date(), expiresAt: sql`now() + interval '15 seconds'` });
    const listed = await api.request('GET', '/dns-nodes?limit=100', { token: staff.accessToken });
    expect(listed.status).toBe(200);
    expect(listed.body.meta.total).toBe(3);
    const fra = listed.body.data.find((node: { id: string }) => node.id === 'fra-1');
    expect(fra).toMatchObject({
      name: 'fra-1.ns.example',
      network: 'EU',
      region: { id: europe, name: 'Europe' },
      version: '1.2.3',
      journal_position: 42,
      journal_lag_seconds: 0.5,
      zones_loaded: 7,
      notify_lease: true,
    });
    expect(listed.body.data.find((node: { id: string }) => node.id === 'nowhere-1')).toMatchObject({ region: null, online: true, notify_lease: false });
    await api.database.db.update(dnsLeases).set({ expiresAt: sql`now() - interval '1 second'` });
    const expired = await api.request('GET', '/dns-nodes?limit=100', { token: staff.accessToken });
    expect(expired.body.data.find((node: { id: string }) => node.id === 'fra-1')).toMatchObject({ notify_lease: false });

    expect((await api.request('DELETE', '/dns-nodes/fra-1', { token: customer.accessToken })).status).toBe(403);
    expect((await api.request('DELETE', '/dns-nodes/fra-1', { token: staff.accessToken })).status).toBe(200);
    expect((await api.request('DELETE', '/dns-nodes/fra-1', { token: staff.accessToken })).status).toBe(404);
    expect(await region('Europe')).toMatchObject({ nodes: { total: 1 } });
  });
});
