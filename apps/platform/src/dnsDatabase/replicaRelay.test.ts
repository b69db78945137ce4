// A location of the provider: a DNS-only node reading from the location's streaming read replica
// of the primary, hearing zone changes from the location's relays (which alone LISTEN on the
// primary), and writing its few rows (heartbeat, query counts) to the primary. The primary and
// the replica are PostgreSQL servers of the test's own (`startPostgres`, `startReplica`).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { resolveKeyEncryptionKey } from '@kaja/config';
import { signUpOwner, startTestApi, type TestAccount, type TestApi } from '@kaja/api/testing';
import { createZone, setPlan } from '@kaja/api/testing/zones';
import { dnsNodes, openDatabase, queryCounts, type DatabaseHandle } from '@kaja/db';
import { eq, sql } from '@kaja/db/orm';
import { createTestDatabase } from '@kaja/db/testing';
import { ReplicaPosition, serveDatabaseZones, startRelay, type DatabaseDnsServer, type Relay } from '@kaja/dns';
import { freePort } from '@kaja/test-support/ports';
import { startPostgres, startReplica, type TestPostgres } from '@kaja/test-support/postgres';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { lookupWith, startDnsNode } from './testing';

const token = 'location-token-0123456789abcdef';

let postgres: TestPostgres;
let replica: TestPostgres & { urlFor(url: string): string };
let database: DatabaseHandle & { url?: string };
let api: TestApi;
let owner: TestAccount;
/** The node's handles: reads on the replica, writes on the primary, named so `pg_stat_activity` tells them apart. */
let reads: DatabaseHandle;
let writes: DatabaseHandle;
/** Superuser handles on each server, to look at `pg_stat_activity` and replay. */
let primaryAdmin: DatabaseHandle;
let replicaAdmin: DatabaseHandle;

const named = (url: string, application: string) => `${url}${url.includes('?') ? '&' : '?'}application_name=${application}`;

beforeAll(async () => {
  // Commits written before they return, as a primary with replicas runs (decision 046).
  postgres = await startPostgres({ synchronousCommit: true });
  database = await createTestDatabase(postgres.url);
  api = await startTestApi({ database });
  owner = await signUpOwner(api);
  await setPlan(api, owner, 'scale');
  replica = await startReplica(postgres);
  reads = await openDatabase({ databaseUrl: named(replica.urlFor(database.url!), 'kaja-dns-reads'), dataDir: '', migrate: false, poolSize: 2 });
  writes = await openDatabase({ databaseUrl: named(database.url!, 'kaja-dns-writes'), dataDir: '', migrate: false, poolSize: 2 });
  primaryAdmin = await openDatabase({ databaseUrl: postgres.url, dataDir: '', migrate: false, poolSize: 1 });
  replicaAdmin = await openDatabase({ databaseUrl: replica.url, dataDir: '', migrate: false, poolSize: 1 });
}, 120_000);

afterAll(async () => {
  for (const handle of [reads, writes, primaryAdmin, replicaAdmin]) await handle?.close();
  await api?.close();
  await database?.close();
  await replica?.close();
  await postgres?.close();
});

function startNode(relays: Relay[], options: { token?: string; node?: boolean; sources?: [] } = {}): Promise<DatabaseDnsServer> {
  return serveDatabaseZones({
    database: reads,
    primary: writes,
    keyEncryptionKey: resolveKeyEncryptionKey(api.config),
    listen: [{ host: '127.0.0.1', port: 0 }],
    nodeName: 'edge-1',
    countsFlushIntervalMs: 600_000,
    // Only notices, reconnects and what the relays say bring changes here: the periodic sync waits 10 minutes.
    follower: { syncIntervalMs: 600_000, fullSyncIntervalMs: 600_000, retryMs: 50 },
    ...(options.sources
      ? { sources: options.sources }
      : { relays: { addresses: relays.map((relay) => ({ host: '127.0.0.1', port: relay.port })), token: options.token ?? token } }),
    ...(options.node ? { node: { id: randomUUID(), name: 'edge-1', network: 'EU' as const, region: undefined, version: 'test', intervalMs: 600_000 } } : {}),
  });
}

/** A relay of its own, as each is a process of its own, with the one connection `npm run relay` gives it. */
async function relay(port = 0, retryMs = 50): Promise<Relay> {
  const primary = await openDatabase({ databaseUrl: named(database.url!, 'kaja-relay'), dataDir: '', migrate: false, poolSize: 1 });
  const started = await startRelay({ primary, token, host: '127.0.0.1', port, retryMs, log: () => {} }).catch(async (error: Error) => {
    await primary.close();
    throw error;
  });
  let closing: Promise<void> | undefined;
  return Object.defineProperties(
    {
      port: started.port,
      close: () => (closing ??= started.close().finally(() => primary.close())),
    },
    { nodes: { get: () => started.nodes }, listening: { get: () => started.listening }, counts: { get: () => started.counts } },
  ) as Relay;
}

async function send(method: string, path: string, body?: unknown, headers?: Record<string, string>) {
  const response = await api.request(method, path, { token: owner.apiKey, body, ...(headers ? { headers } : {}) });
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body?.data;
}

const addA = (zone: { id: string }, name: string, content: string) => send('POST', `/zones/${zone.id}/records`, { type: 'A', name, content, ttl: 300 });

/** Rows of `pg_stat_activity` on a server whose application is `application`. */
async function sessions(admin: DatabaseHandle, application: string): Promise<{ query: string }[]> {
  const result = await admin.db.execute(sql`SELECT query FROM pg_stat_activity WHERE application_name = ${application}`);
  return (result as { rows: { query: string }[] }).rows;
}

/** Stops the replica's replay, once it has stopped (a pause is asked for, and takes effect a moment later). */
async function pauseReplay(): Promise<void> {
  await replicaAdmin.db.execute(sql`SELECT pg_wal_replay_pause()`);
  const state = async () => {
    const result: unknown = await replicaAdmin.db.execute(sql`SELECT pg_get_wal_replay_pause_state() AS state`);
    return (result as { rows: { state: string }[] }).rows[0]!.state;
  };
  await expect.poll(state, { timeout: 5000, interval: 10 }).toBe('paused');
}

describe('a DNS node on a read replica, fed by relays', () => {
  it('answers API changes read from the replica, writes only to the primary, and holds no LISTEN there', { timeout: 45_000 }, async () => {
    const first = await relay();
    const second = await relay();
    const node = await startNode([first, second], { node: true });
    try {
      const look = lookupWith(node.addresses[0]!.port);
      expect(first.nodes).toBe(1);
      expect(second.nodes).toBe(0);
      const zones = [];
      for (let i = 0; i < 5; i++) zones.push(await createZone(api, owner));
      for (const [i, zone] of zones.entries()) await addA(zone, 'www', `192.0.2.${i + 1}`);
      for (const [i, zone] of zones.entries())
        await expect.poll(() => look(`www.${zone.name}`, 'A'), { timeout: 5000, interval: 10 }).toEqual([`192.0.2.${i + 1}`]);

      // Writes land on the primary (the replica refuses them): the heartbeat and the query counts.
      await node.heartbeat!.beat();
      await node.flushCounts();
      expect(await database.db.select({ zonesLoaded: dnsNodes.zonesLoaded }).from(dnsNodes)).toEqual([{ zonesLoaded: 5 }]);
      expect((await database.db.select().from(queryCounts).where(eq(queryCounts.zoneId, zones[0]!.id))).length).toBeGreaterThan(0);

      // The primary sees at most the node's small pool of writes and no LISTEN of the node's; the
      // relays hold one connection between them: the first's, which LISTENs and reads the WAL
      // position; the second, standing by with no node, holds none.
      const nodeOnPrimary = await sessions(primaryAdmin, 'kaja-dns-writes');
      expect(nodeOnPrimary.length).toBeLessThanOrEqual(2);
      expect(nodeOnPrimary.filter((row) => /LISTEN/i.test(row.query))).toEqual([]);
      expect(await sessions(primaryAdmin, 'kaja-relay')).toHaveLength(1);
      expect([first.listening, second.listening]).toEqual([true, false]);
      expect(first.counts.notices).toBeGreaterThanOrEqual(10);
      expect(first.counts.sent).toBe(first.counts.notices);
      expect(await sessions(primaryAdmin, 'kaja-dns-reads')).toEqual([]);
      expect((await sessions(replicaAdmin, 'kaja-dns-reads')).length).toBeGreaterThan(0);
      expect((await sessions(replicaAdmin, 'kaja-dns-reads')).length).toBeLessThanOrEqual(2);
    } finally {
      await node.close();
      await first.close();
      await second.close();
    }
  });

  it('waits for the replica to replay a change announced without its records before reading it', { timeout: 45_000 }, async () => {
    const only = await relay();
    const node = await startNode([only]);
    try {
      const look = lookupWith(node.addresses[0]!.port);
      const zone = await createZone(api, owner);
      await addA(zone, 'www', '192.0.2.1');
      await expect.poll(() => look(`www.${zone.name}`, 'A'), { timeout: 5000, interval: 10 }).toEqual(['192.0.2.1']);

      // The replica stops replaying; a change too big for its notice (PostgreSQL's 8,000 bytes) is
      // committed on the primary, so the node must read it, and the replica does not have it yet.
      await pauseReplay();
      const lines = Array.from({ length: 400 }, (_, i) => `host-${i} 300 IN A 198.51.100.${i % 250}`).join('\n');
      await send('POST', `/zones/${zone.id}/import`, `$ORIGIN ${zone.name}.\n${lines}\nwww 300 IN A 192.0.2.2\n`, { 'content-type': 'text/dns' });
      await sleep(700);
      expect(await look(`host-7.${zone.name}`, 'A')).toBe('ENOTFOUND');
      // Replayed: the read that waited for it serves the change (the periodic sync is 10 minutes away).
      await replicaAdmin.db.execute(sql`SELECT pg_wal_replay_resume()`);
      await expect.poll(() => look(`host-7.${zone.name}`, 'A'), { timeout: 4000, interval: 10 }).toEqual(['198.51.100.7']);
    } finally {
      await replicaAdmin.db.execute(sql`SELECT pg_wal_replay_resume()`);
      await node.close();
      await only.close();
    }
  });

  it('keeps what notices brought while its replica is behind them: a sync does not take a zone back', { timeout: 45_000 }, async () => {
    const only = await relay();
    const node = await startNode([only]);
    try {
      const look = lookupWith(node.addresses[0]!.port);
      const zone = await createZone(api, owner);
      await addA(zone, 'www', '192.0.2.50');
      await expect.poll(() => look(`www.${zone.name}`, 'A'), { timeout: 5000, interval: 10 }).toEqual(['192.0.2.50']);
      // The replica stops replaying; the next change comes in its notice, applied without it.
      await pauseReplay();
      await addA(zone, 'fresh', '192.0.2.51');
      await expect.poll(() => look(`fresh.${zone.name}`, 'A'), { timeout: 5000, interval: 10 }).toEqual(['192.0.2.51']);
      const serial = node.zones.get(zone.name)!.serial;
      // The periodic sync finds the replica's serial of the zone older than the one served: nothing to take.
      await node.follower.sync();
      expect(await look(`fresh.${zone.name}`, 'A')).toEqual(['192.0.2.51']);
      expect(node.zones.get(zone.name)!.serial).toBe(serial);
    } finally {
      await replicaAdmin.db.execute(sql`SELECT pg_wal_replay_resume()`);
      await node.close();
      await only.close();
    }
  });

  it('fails over to the second relay when the first goes, and syncs after a relay comes back', { timeout: 45_000 }, async () => {
    const first = await relay();
    const second = await relay();
    const node = await startNode([first, second]);
    let restarted: Relay | undefined;
    try {
      const look = lookupWith(node.addresses[0]!.port);
      const zone = await createZone(api, owner);
      expect(first.nodes).toBe(1);
      expect(second.listening).toBe(false);

      await first.close();
      await expect.poll(() => second.nodes, { timeout: 5000, interval: 10 }).toBe(1);
      expect(second.listening).toBe(true);
      await addA(zone, 'www', '192.0.2.10');
      await expect.poll(() => look(`www.${zone.name}`, 'A'), { timeout: 5000, interval: 10 }).toEqual(['192.0.2.10']);

      // No relay at all: the change is announced to no one. The relay restarted on its port is found, and the node syncs.
      const port = second.port;
      await second.close();
      await addA(zone, 'mail', '192.0.2.11');
      await sleep(300);
      expect(await look(`mail.${zone.name}`, 'A')).toBe('ENOTFOUND');
      restarted = await relay(port);
      await expect.poll(() => look(`mail.${zone.name}`, 'A'), { timeout: 10_000, interval: 20 }).toEqual(['192.0.2.11']);
    } finally {
      await node.close();
      await first.close();
      await second.close();
      await restarted?.close();
    }
  });

  it('syncs when its relay lost the LISTEN on the primary and has it again', { timeout: 45_000 }, async () => {
    // The relay waits a second before LISTENing again, so the change below is announced while it does not listen.
    const only = await relay(0, 1000);
    const node = await startNode([only]);
    try {
      const look = lookupWith(node.addresses[0]!.port);
      const zone = await createZone(api, owner);
      // Served before the LISTEN goes, so only the relay's reset can bring the change below.
      await expect.poll(() => look(`www.${zone.name}`, 'A'), { timeout: 5000, interval: 10 }).toBe('ENOTFOUND');
      const killed = await primaryAdmin.db.execute(sql`SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity WHERE application_name = 'kaja-relay'`);
      expect((killed as { rows: unknown[] }).rows).toEqual([{ killed: true }]);
      await sleep(100);
      await addA(zone, 'www', '192.0.2.20');
      await expect.poll(() => look(`www.${zone.name}`, 'A'), { timeout: 10_000, interval: 20 }).toEqual(['192.0.2.20']);
      expect(only.nodes).toBe(1);
      expect(only.counts.resets).toBe(1);
    } finally {
      await node.close();
      await only.close();
    }
  });

  it('refuses a node with the wrong token', { timeout: 30_000 }, async () => {
    const only = await relay();
    try {
      await expect(startNode([only], { token: 'not-the-location-token' })).rejects.toThrow(/refused the token/);
      expect(only.nodes).toBe(0);
      // A raw connection presenting a wrong token is told so and closed.
      const socket = connect({ host: '127.0.0.1', port: only.port });
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      const closed = new Promise((resolve) => socket.on('close', resolve));
      socket.write(`${JSON.stringify({ token: `${token}x` })}\n`);
      await closed;
      expect(received).toBe('{"type":"refused"}\n');
    } finally {
      await only.close();
    }
  });

  it('compares only the zones changed since its last sync, and nothing when none changed', { timeout: 30_000 }, async () => {
    const node = await startNode([], { sources: [] });
    try {
      const look = lookupWith(node.addresses[0]!.port);
      const full = vi.spyOn(node.loader, 'sync');
      const changed = vi.spyOn(node.loader, 'syncChangedSince');
      await node.follower.sync();
      expect(full).not.toHaveBeenCalled();
      expect(changed).not.toHaveBeenCalled();

      const zone = await createZone(api, owner);
      await addA(zone, 'www', '192.0.2.30');
      const position = node.follower.position;
      // Heard by no one here: the sync finds it once the replica has it.
      const newer = async () => {
        const result: unknown = await reads.db.execute(sql`SELECT count(*)::int AS n FROM zone_changes WHERE id > ${position}`);
        return (result as { rows: { n: number }[] }).rows[0];
      };
      await expect.poll(newer).toEqual({ n: 2 });
      await node.follower.sync();
      expect(full).not.toHaveBeenCalled();
      expect(changed).toHaveBeenCalledWith(position);
      expect(await look(`www.${zone.name}`, 'A')).toEqual(['192.0.2.30']);
      expect(node.follower.position).toBeGreaterThan(position);
    } finally {
      await node.close();
    }
  });

  it(
    'npm run dns with --replica-url and --relay: reads on the replica, writes its heartbeat to the primary, LISTENs nowhere',
    { timeout: 90_000 },
    async () => {
      const only = await relay();
      const dataDir = mkdtempSync(join(tmpdir(), 'kaja-dns-location-'));
      const port = await freePort();
      const zone = await createZone(api, owner);
      const node = startDnsNode(
        [
          '--listen',
          `127.0.0.1:${port}`,
          '--workers',
          '2',
          '--replica-url',
          named(replica.urlFor(database.url!), 'kaja-node-reads'),
          '--relay',
          `127.0.0.1:${only.port}`,
        ],
        { DATABASE_URL: named(database.url!, 'kaja-node-writes'), DATA_DIR: dataDir, RELAY_TOKEN: token, DNS_RATE_LIMIT: '0', DNS_HEARTBEAT_INTERVAL: '1' },
      );
      try {
        await expect.poll(() => node.output(), { timeout: 60_000, interval: 100 }).toContain('with 2 workers');
        const look = lookupWith(port);
        await addA(zone, 'www', '192.0.2.40');
        await expect.poll(() => look(`www.${zone.name}`, 'A'), { timeout: 5000, interval: 10 }).toEqual(['192.0.2.40']);
        expect(only.nodes).toBe(1);
        await expect.poll(async () => (await database.db.select({ name: dnsNodes.name }).from(dnsNodes)).length, { timeout: 10_000 }).toBeGreaterThan(0);
        const onPrimary = await sessions(primaryAdmin, 'kaja-node-writes');
        // Two workers, each a pool of at most 2 for its writes; none of them LISTENs.
        expect(onPrimary.length).toBeLessThanOrEqual(4);
        expect(onPrimary.filter((row) => /LISTEN/i.test(row.query))).toEqual([]);
        expect(await sessions(primaryAdmin, 'kaja-node-reads')).toEqual([]);
        expect((await sessions(replicaAdmin, 'kaja-node-reads')).length).toBeGreaterThan(0);
      } finally {
        node.child.kill('SIGTERM');
        await node.exited;
        await only.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  it('waits for the replica at most its bound, then lets the read go', { timeout: 30_000 }, async () => {
    const position = new ReplicaPosition(reads.db, { boundMs: 300 });
    // Where WAL is inserted to (past the change even before it is written out), and where it is written to.
    const primaryLsn = async (what: 'insert' | 'write') => {
      const result: unknown = await primaryAdmin.db.execute(
        what === 'insert' ? sql`SELECT pg_current_wal_insert_lsn()::text AS lsn` : sql`SELECT pg_current_wal_lsn()::text AS lsn`,
      );
      return (result as { rows: { lsn: string }[] }).rows[0]!.lsn;
    };
    await pauseReplay();
    try {
      await createZone(api, owner);
      const started = Date.now();
      expect(await position.waitFor(await primaryLsn('insert'))).toBe(false);
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    } finally {
      await replicaAdmin.db.execute(sql`SELECT pg_wal_replay_resume()`);
    }
    const caughtUp = new ReplicaPosition(reads.db, { boundMs: 5000 });
    expect(await caughtUp.waitFor(await primaryLsn('write'))).toBe(true);
    position.close();
    caughtUp.close();
  });
});
