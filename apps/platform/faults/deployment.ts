import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signUpOwner, startTestApi, type TestAccount, type TestApi } from '@kaja/api/testing';
import { createZone, setPlan } from '@kaja/api/testing/zones';
import { openDatabase, type DatabaseHandle } from '@kaja/db';
import { sql } from '@kaja/db/orm';
import { createTestDatabase } from '@kaja/db/testing';
import { freePort } from '@kaja/test-support/ports';
import { startPostgres, startReplica, type TestPostgres } from '@kaja/test-support/postgres';
import { startDnsNode, type DnsNodeProcess } from '../src/dnsDatabase/testing';
import type { Link } from './link';
import { openLinkProcess } from './linkProcess';
import { stopChild } from './stopChild';
import { waitFor } from './waitFor';
import { builtProgram } from '@kaja/test-support/programs';

/** One location of the simulated deployment: how far it is from the primary, and its DNS nodes. */
export interface LocationPlan {
  name: string;
  /** One-way delay of everything between the location and the primary (the round trip is twice it). */
  delayMs: number;
  nodes: number;
}

export interface DeploymentOptions {
  locations: LocationPlan[];
  /**
   * A streaming replica and two relays per location, the nodes reading from the replica and hearing
   * changes from a relay (decision 046); false: every node reads, listens and writes on the primary
   * across its location's link, as a node given neither runs.
   */
  relays: boolean;
  /** Zones the customer has (default 20). */
  zones?: number;
  log?: (line: string) => void;
}

export interface DeployedNode {
  name: string;
  location: Location;
  /** DNS (UDP and TCP) on 127.0.0.1. */
  port: number;
  metricsPort: number;
  process: DnsNodeProcess;
}

export interface RelayProcess {
  name: string;
  port: number;
  metricsPort: number;
  child: ChildProcess;
  exited: Promise<unknown>;
  output(): string;
}

export interface Location {
  plan: LocationPlan;
  /** Everything between the location and the primary goes through it: replication, the relays' and the nodes' connections. */
  link: Link;
  replica?: TestPostgres & { urlFor(url: string): string };
  relays: RelayProcess[];
  nodes: DeployedNode[];
}

export interface Deployment {
  primary: TestPostgres;
  /** The platform database on the primary (the API's, by its own address: the API is where the primary is). */
  database: DatabaseHandle & { url?: string };
  api: TestApi;
  owner: TestAccount;
  zones: { id: string; name: string }[];
  locations: Location[];
  nodes: DeployedNode[];
  /** Superuser on the primary, to read `pg_stat_replication` and `pg_stat_activity`. */
  admin: DatabaseHandle;
  /** Starts a location's relay again on its port (after it was killed). */
  restartRelay(relay: RelayProcess): Promise<RelayProcess>;
  close(): Promise<void>;
}

const relayMain = builtProgram(new URL('../../dns/src/relay/main.ts', import.meta.url));
export const relayToken = 'simulated-location-token-0123456789';

const withApplication = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.searchParams.set('application_name', name);
  return parsed.toString();
};
/** The platform database's URL as seen from a location: through its link. */
const throughLink = (url: string, link: Link) => {
  const parsed = new URL(url);
  parsed.port = String(link.port);
  return parsed.toString();
};

/** How long one part's stop may take before `close` says so. */
const slowStopMs = 10_000;

/**
 * A provider's deployment on this machine, with the machine's PostgreSQL binaries in temporary
 * directories: one primary with the API beside it, and per location a TCP link of its own delay
 * to the primary (a process of its own), a streaming replica through that link, two `npm run relay` processes and
 * `npm run dns` nodes (one worker each), every process stopped by `close`.
 */
export async function startDeployment(options: DeploymentOptions): Promise<Deployment> {
  const log = options.log ?? (() => {});
  const dataRoot = mkdtempSync(join(tmpdir(), 'kaja-locations-'));
  // What `close` stops, last started first, each by a name: a stop that is slow is said by its name.
  const cleanups: [string, () => Promise<unknown>][] = [['the data directory', () => Promise.resolve(rmSync(dataRoot, { recursive: true, force: true }))]];
  const close = async () => {
    for (const [name, cleanup] of cleanups.splice(0).reverse()) {
      const slow = setTimeout(() => console.warn(`deployment: stopping ${name} has taken ${slowStopMs / 1000} s`), slowStopMs);
      await cleanup().catch(() => {});
      clearTimeout(slow);
    }
  };
  try {
    // Commits written before they return, as a primary with replicas runs (decision 046).
    const primary = await startPostgres({ synchronousCommit: true });
    cleanups.push(['the primary', () => primary.close()]);
    const database = await createTestDatabase(primary.url);
    cleanups.push(['the test database', () => database.close()]);
    const admin = await openDatabase({ databaseUrl: primary.url, dataDir: '', migrate: false, poolSize: 1 });
    cleanups.push(['the admin connection', () => admin.close()]);
    const api = await startTestApi({ database, env: { LOG_LEVEL: 'silent' } });
    cleanups.push(['the API', () => api.close()]);
    const owner = await signUpOwner(api);
    await setPlan(api, owner, 'scale');
    const zones = [];
    for (let i = 0; i < (options.zones ?? 20); i++) zones.push(await createZone(api, owner));
    const primaryAddress = { host: '127.0.0.1', port: Number(new URL(primary.url).port) };

    const startRelayProcess = async (name: string, location: Location, port?: number): Promise<RelayProcess> => {
      const relayPort = port ?? (await freePort());
      const metricsPort = await freePort();
      const child = spawn(process.execPath, [relayMain, '--listen', `127.0.0.1:${relayPort}`, '--metrics', `127.0.0.1:${metricsPort}`], {
        env: { ...process.env, DATABASE_URL: withApplication(throughLink(database.url!, location.link), name), RELAY_TOKEN: relayToken },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      const exited = new Promise((resolve) => child.once('exit', resolve));
      const relay = { name, port: relayPort, metricsPort, child, exited, output: () => output };
      cleanups.push([`relay ${name}`, () => stopChild(`relay ${name}`, child, exited)]);
      await waitFor(
        () => output,
        (text) => text.includes('relay: passing zone changes') || child.exitCode !== null,
        60_000,
        100,
      );
      if (child.exitCode !== null) throw new Error(`relay ${name} exited: ${output}`);
      return relay;
    };

    const locations: Location[] = [];
    for (const plan of options.locations) {
      const link = await openLinkProcess(primaryAddress, { delayMs: plan.delayMs });
      cleanups.push([`the link of ${plan.name}`, () => link.close()]);
      const location: Location = { plan, link, relays: [], nodes: [] };
      locations.push(location);
      if (options.relays) {
        location.replica = await startReplica(primary, { via: { host: '127.0.0.1', port: link.port }, name: plan.name });
        const replica = location.replica;
        cleanups.push([`the replica of ${plan.name}`, () => replica.close()]);
        for (let i = 1; i <= 2; i++) location.relays.push(await startRelayProcess(`${plan.name}-relay-${i}`, location));
      }
      log(`${plan.name}: ${plan.delayMs} ms from the primary${options.relays ? ', a replica and 2 relays' : ''}; starting ${plan.nodes} nodes`);
    }

    // Every node of every location starts at once: each loads its code and zones on its own.
    const nodes: DeployedNode[] = [];
    for (const location of locations) {
      for (let i = 1; i <= location.plan.nodes; i++) {
        const name = `${location.plan.name}-${i}`;
        const [port, metricsPort] = [await freePort(), await freePort()];
        const viaRelays = location.replica
          ? [
              '--replica-url',
              withApplication(location.replica.urlFor(database.url!), `${name}-reads`),
              '--relay',
              location.relays.map((relay) => `127.0.0.1:${relay.port}`).join(','),
            ]
          : [];
        const process = startDnsNode(
          ['--listen', `127.0.0.1:${port}`, '--workers', '1', '--node-name', name, '--metrics', `127.0.0.1:${metricsPort}`, ...viaRelays],
          {
            DATABASE_URL: withApplication(throughLink(database.url!, location.link), name),
            DATA_DIR: mkdtempSync(join(dataRoot, `${name}-`)),
            RELAY_TOKEN: relayToken,
            DNS_RATE_LIMIT: '0',
            LOG_LEVEL: 'warn',
          },
        );
        cleanups.push([`DNS node ${name}`, () => stopChild(`DNS node ${name}`, process.child, process.exited)]);
        const node = { name, location, port, metricsPort, process };
        location.nodes.push(node);
        nodes.push(node);
      }
    }
    for (const node of nodes) {
      await waitFor(
        () => node.process.output(),
        (text) => text.includes('dns: serving') || node.process.child.exitCode !== null,
        180_000,
        100,
      );
      if (node.process.child.exitCode !== null) throw new Error(`node ${node.name} exited: ${node.process.output()}`);
    }
    log(`${nodes.length} nodes serving ${zones.length} zones`);

    return {
      primary,
      database,
      api,
      owner,
      zones,
      locations,
      nodes,
      admin,
      async restartRelay(relay) {
        const location = locations.find((candidate) => candidate.relays.includes(relay))!;
        const started = await startRelayProcess(relay.name, location, relay.port);
        location.relays[location.relays.indexOf(relay)] = started;
        return started;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Each replica's replay lag as the primary measures it (`pg_stat_replication.replay_lag`, ms), by location name. */
export async function replicaLag(admin: DatabaseHandle): Promise<Map<string, { lagMs: number | null; bytes: number | null }>> {
  const result: unknown = await admin.db.execute(
    sql`SELECT application_name AS name, EXTRACT(EPOCH FROM replay_lag) * 1000 AS lag_ms, pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn) AS bytes FROM pg_stat_replication`,
  );
  const rows = (result as { rows: { name: string; lag_ms: string | null; bytes: string | null }[] }).rows;
  return new Map(
    rows.map((row) => [row.name, { lagMs: row.lag_ms === null ? null : Number(row.lag_ms), bytes: row.bytes === null ? null : Number(row.bytes) }]),
  );
}

/** One Prometheus sample's value from a process's `/metrics` (the first series of `name`), or undefined. */
export async function scrape(port: number, name: string): Promise<number | undefined> {
  try {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(2000) })).text();
    const line = text.split('\n').find((candidate) => candidate.startsWith(`${name} `) || candidate.startsWith(`${name}{`));
    return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
  } catch {
    return undefined;
  }
}
