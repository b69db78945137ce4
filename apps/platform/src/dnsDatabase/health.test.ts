// A DNS node on the platform database heartbeats into dns_nodes, and the region it names follows
// it on GET /v1/regions: online while it beats, offline once it stops. Real API over HTTP, real
// node; PGlite by default, PostgreSQL with DATABASE_URL (npm run test:db).
import { resolveKeyEncryptionKey } from '@kaja/config';
import { zoneChanges, zones } from '@kaja/db';
import { count, max, sql } from '@kaja/db/orm';
import { signInStaff, signUpOwner, startTestApi, type TestApi } from '@kaja/api/testing';
import { createZone, setPlan } from '@kaja/api/testing/zones';
import { dnsVersion, serveDatabaseZones, type DatabaseDnsServer, type NodeIdentity } from '@kaja/dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupWith } from './testing';

/** Bounds for a state to show (never the measure of it). */
const within = { timeout: 15_000, interval: 50 };

describe(`DNS node heartbeats (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let api: TestApi;
  let staff: { accessToken: string };
  const nodes: DatabaseDnsServer[] = [];

  beforeAll(async () => {
    api = await startTestApi({ env: { REGION_OFFLINE_AFTER: '2' } });
    staff = await signInStaff(api);
  });
  afterAll(async () => {
    for (const node of nodes) await node.close();
    await api.close();
  });

  /** A node that hears no change notices and syncs only when told: its journal position moves when the test says. */
  async function startNode(identity: Partial<NodeIdentity>) {
    const node = await serveDatabaseZones({
      database: api.database,
      keyEncryptionKey: resolveKeyEncryptionKey(api.config),
      sources: [],
      follower: { syncIntervalMs: 600_000 },
      listen: [{ host: '127.0.0.1', port: 0 }],
      nodeName: 'edge-1.test',
      countsFlushIntervalMs: 600_000,
      node: { id: 'edge-1', name: 'edge-1.test', network: 'EU', region: 'Europe', version: dnsVersion, intervalMs: 250, ...identity },
    });
    nodes.push(node);
    return node;
  }
  const region = async (name: string) => (await api.request('GET', '/regions?limit=100')).body.data.find((item: { name: string }) => item.name === name);
  const node = async (id: string) =>
    (await api.request('GET', '/dns-nodes?limit=100', { token: staff.accessToken })).body.data.find((item: { id: string }) => item.id === id);
  const zoneCount = async () => (await api.database.db.select({ value: count() }).from(zones))[0]!.value;
  const journalHead = async () => (await api.database.db.select({ id: max(zoneChanges.id) }).from(zoneChanges))[0]!.id ?? 0;

  it('reports its zones and journal position, keeps its region online while it beats and offline once it stops', async () => {
    const owner = await signUpOwner(api);
    await setPlan(api, owner, 'scale');
    const zone = await createZone(api, owner);
    const dns = await startNode({});

    await expect.poll(() => region('Europe'), within).toMatchObject({ status: 'online', status_source: 'nodes', nodes: { total: 1, online: 1 } });
    expect(await node('edge-1')).toMatchObject({
      name: 'edge-1.test',
      network: 'EU',
      region: { name: 'Europe' },
      version: dnsVersion,
      zones_loaded: 1,
      journal_position: await journalHead(),
      journal_lag_seconds: 0,
      online: true,
    });

    // A change the node has not caught up with shows as lag, and is gone from it after a sync.
    const added = await api.request('POST', `/zones/${zone.id}/records`, { token: owner.apiKey, body: { type: 'A', name: 'www', content: '192.0.2.80' } });
    expect(added.status).toBe(201);
    const behind = await journalHead();
    await dns.heartbeat!.beat();
    const lagging = await node('edge-1');
    expect(lagging.journal_position).toBeLessThan(behind);
    expect(lagging.journal_lag_seconds).toBeGreaterThan(0);
    await dns.follower.sync();
    await dns.heartbeat!.beat();
    expect(await node('edge-1')).toMatchObject({ journal_position: behind, journal_lag_seconds: 0 });

    // Beats go on: the region stays online past REGION_OFFLINE_AFTER (2 s) after the first one.
    const first = Date.parse((await node('edge-1')).started_at);
    await expect.poll(async () => Date.parse((await region('Europe')).nodes.last_heartbeat_at) - first, within).toBeGreaterThan(2500);
    expect(await region('Europe')).toMatchObject({ status: 'online' });

    await dns.close();
    await expect.poll(() => region('Europe'), within).toMatchObject({ status: 'offline', status_source: 'nodes', nodes: { total: 1, online: 0 } });
    expect(await node('edge-1')).toMatchObject({ online: false });

    // Staff's N/A wins over the nodes.
    const europe = (await region('Europe')).id;
    const na = await api.request('PUT', `/regions/${europe}`, { token: staff.accessToken, body: { status: 'NA' } });
    expect(na.body.data).toMatchObject({ status: 'NA', status_source: 'staff' });
    await api.request('PUT', `/regions/${europe}`, { token: staff.accessToken, body: { status: 'online' } });
  });

  it('answers on while its heartbeats cannot be written, and beats again once they can', async () => {
    const owner = await signUpOwner(api);
    await setPlan(api, owner, 'scale');
    const zone = await createZone(api, owner);
    const dns = await startNode({ id: 'edge-3', intervalMs: 600_000 });
    const look = lookupWith(dns.addresses[0]!.port);
    await expect.poll(() => node('edge-3'), within).toMatchObject({ zones_loaded: await zoneCount() });
    const before = (await node('edge-3')).last_heartbeat_at;

    // The table gone from under it: every beat fails, and queries are answered all the same.
    await api.database.db.execute(sql`ALTER TABLE dns_nodes RENAME TO dns_nodes_away`);
    try {
      await dns.heartbeat!.beat();
      expect(await look(zone.name, 'NS')).toHaveLength(4);
    } finally {
      await api.database.db.execute(sql`ALTER TABLE dns_nodes_away RENAME TO dns_nodes`);
    }
    expect((await node('edge-3')).last_heartbeat_at).toBe(before);
    await dns.heartbeat!.beat();
    expect(Date.parse((await node('edge-3')).last_heartbeat_at)).toBeGreaterThan(Date.parse(before));
  });

  it('a node naming no region is listed for staff and counts for no region', async () => {
    const before = await api.request('GET', '/regions?limit=100');
    await startNode({ id: 'edge-2', region: 'Atlantis', network: 'GLOBAL' });
    await expect.poll(() => node('edge-2'), within).toMatchObject({ region: null, network: 'GLOBAL', online: true });
    const after = await api.request('GET', '/regions?limit=100');
    const totals = (body: { data: { name: string; nodes: { total: number } }[] }) => body.data.map((item) => [item.name, item.nodes.total]);
    expect(totals(after.body)).toEqual(totals(before.body));
  });
});
