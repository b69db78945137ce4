// `npm run bench:scale [-- --zones N --changes N --workers N]`: many zones on one node (of one
// worker unless `--workers`; Knot DNS and NSD with one each). Writes N zones of 50
// records each (100,000 zones, 5 million records by default) into a database of its own on the
// PostgreSQL server at DATABASE_URL (the machine's by default; created and dropped here), and the
// same zones as zone files; then measures, one server at a time: the time from start until every
// zone is served and the resident memory then, for a DNS-only node loading from PostgreSQL and for
// Knot DNS and NSD loading the files. Last, the node is paused while the platform writes N changes
// (10,000 by default) and its connections are cut, so it hears none of them; the catch-up time is
// from its resumption until every changed name is answered.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '@kaja/config';
import { customers, openDatabase, subscriptions, zones as zonesTable, type DatabaseHandle } from '@kaja/db';
import { createTestDatabase } from '@kaja/db/testing';
import { and, eq, sql } from '@kaja/db/orm';
import { inTransaction, noticeOf, systemActor, writeSystemChanges, ZoneChangePublisher, zoneNameServers } from '@kaja/zone-writes';
import { query, udpExchange } from '../src/testing/packets';
import { groupRssKb } from '@kaja/test-support/processes';
import { insertScaleZones, recordsPerZone, scaleZoneFile, scaleZoneName } from './scaleZones';
import { dnsNodeFlags } from '../src/testing/nodeFlags';
import { wholeNumberFlags } from './options';
import { freePort, stop } from './servers';

const { zones: zoneCount, changes: changeCount, workers } = wholeNumberFlags({ zones: 100_000, changes: { default: 10_000, least: 0 }, workers: 1 });
const records = zoneCount * recordsPerZone;
const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
// The server build, as `npm run dns` runs it (`npm run bench:*` makes it first).
const main = fileURLToPath(new URL('../../../dist/apps/dns/src/main.js', import.meta.url));
/** The node's connections carry this name, so they can be cut. */
const nodeApplication = 'kaja-bench-scale-node';
const silentLog = { info() {}, warn() {}, error() {} };

interface Loaded {
  name: string;
  ms: number;
  rssKb: number;
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

/** Waits until `done()` holds, checking every 200 ms, or fails when the process ends or after `timeoutMs`. */
async function until(server: ChildProcess, done: () => boolean | Promise<boolean>, what: string, timeoutMs = 30 * 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (server.exitCode !== null) throw new Error(`${what}: exited with code ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error(`${what}: not done within ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

async function answersSoa(port: number, zone: string): Promise<boolean> {
  const reply = await udpExchange(port, query(zone, 'SOA'), 500);
  return reply !== null && (reply[3]! & 0x0f) === 0 && reply.readUInt16BE(6) === 1;
}

function knotConfig(dir: string, port: number): string {
  const lines = [
    'server:',
    `  listen: 127.0.0.1@${port}`,
    '  udp-workers: 1',
    '  tcp-workers: 1',
    '  background-workers: 1',
    `  rundir: "${dir}"`,
    `  pidfile: "${join(dir, 'knot.pid')}"`,
    'database:',
    `  storage: "${dir}"`,
    'log:',
    `  - target: "${join(dir, 'knot.log')}"`,
    '    any: info',
    'template:',
    '  - id: default',
    `    storage: "${join(dir, '..', 'zones')}"`,
    '    file: "%s.zone"',
    '    journal-content: none',
    '    zonefile-sync: -1',
    'zone:',
  ];
  for (let i = 0; i < zoneCount; i++) lines.push(`  - domain: ${scaleZoneName(i)}`);
  const file = join(dir, 'knot.conf');
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

function nsdConfig(dir: string, port: number): string {
  const lines = [
    'server:',
    `  ip-address: 127.0.0.1@${port}`,
    '  server-count: 1',
    '  username: ""',
    '  chroot: ""',
    `  zonesdir: "${join(dir, '..', 'zones')}"`,
    `  pidfile: "${join(dir, 'nsd.pid')}"`,
    '  database: ""',
    `  xfrdfile: "${join(dir, 'xfrd.state')}"`,
    `  zonelistfile: "${join(dir, 'zone.list')}"`,
    `  logfile: "${join(dir, 'nsd.log')}"`,
    '  rrl-ratelimit: 0',
    '  verbosity: 0',
    'remote-control:',
    '  control-enable: no',
  ];
  for (let i = 0; i < zoneCount; i++) lines.push('zone:', `  name: ${scaleZoneName(i)}`, `  zonefile: "${scaleZoneName(i)}.zone"`);
  const file = join(dir, 'nsd.conf');
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

/** Starts a server, waits until every zone is served, and notes the time and memory it took. */
async function measure(
  name: string,
  start: () => ChildProcess,
  loaded: (server: ChildProcess) => boolean | Promise<boolean>,
  port: number,
): Promise<{ result: Loaded; server: ChildProcess }> {
  const started = performance.now();
  const server = start();
  running.add(server);
  await until(server, () => loaded(server), name);
  const ms = performance.now() - started;
  // Every zone is served: the first and the last answer.
  for (const zone of [scaleZoneName(0), scaleZoneName(zoneCount - 1)]) {
    if (!(await answersSoa(port, zone))) throw new Error(`${name} does not answer ${zone}`);
  }
  const result = { name, ms, rssKb: groupRssKb(server.pid!) };
  log(`${name}: every zone served after ${seconds(ms)} s, ${(result.rssKb / 1024).toFixed(0)} MB resident`);
  return { result, server };
}

/**
 * Pauses the node, cuts its database connections (so it hears none of the changes), writes
 * `changeCount` changes through the platform's write path (one new A record each, in as many
 * zones as there are changes, round the zones), resumes it and times until every new record is
 * answered.
 */
async function catchUp(node: ChildProcess, port: number, database: DatabaseHandle & { url?: string }): Promise<{ ms: number; writeMs: number }> {
  const { db } = database;
  process.kill(node.pid!, 'SIGSTOP');
  await db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${nodeApplication}`);
  const writer = await openDatabase({ databaseUrl: database.url!, dataDir: '', migrate: false });
  const config = loadConfig();
  const ctx = { db: writer.db, config, log: silentLog, zoneChanges: new ZoneChangePublisher(silentLog) };
  const changed: string[] = [];
  const writeStarted = performance.now();
  try {
    for (let c = 0; c < changeCount; c++) {
      const zoneName = scaleZoneName(c % zoneCount);
      const owner = `c${c}.${zoneName}`;
      await inTransaction(ctx, async (tx, after) => {
        const [zone] = await tx
          .select()
          .from(zonesTable)
          .where(and(eq(zonesTable.name, zoneName)))
          .for('update');
        const { serial } = await writeSystemChanges(
          tx,
          ctx,
          zone!,
          () => [{ name: owner, type: 'A', next: { name: owner, type: 'A', ttl: 300, contents: ['192.0.2.1'] }, path: '' }],
          {
            source: 'system',
            action: 'records.created',
            actor: systemActor,
          },
        );
        after.publish(noticeOf({ ...zone!, serial }));
      });
      changed.push(owner);
    }
  } finally {
    await writer.close();
  }
  const writeMs = performance.now() - writeStarted;
  log(`${changeCount} changes written in ${seconds(writeMs)} s while the node was paused`);
  const resumed = performance.now();
  process.kill(node.pid!, 'SIGCONT');
  let pending = changed;
  while (pending.length > 0) {
    if (performance.now() - resumed > 10 * 60_000) throw new Error(`${pending.length} changes not answered within 10 minutes`);
    const still: string[] = [];
    for (let i = 0; i < pending.length; i += 200) {
      const slice = pending.slice(i, i + 200);
      const answered = await Promise.all(
        slice.map(async (owner, j) => {
          const reply = await udpExchange(port, query(owner, 'A', (i + j) & 0xffff), 1000);
          return reply !== null && (reply[3]! & 0x0f) === 0 && reply.readUInt16BE(6) > 0;
        }),
      );
      slice.forEach((owner, j) => answered[j] || still.push(owner));
    }
    pending = still;
    if (pending.length > 0) await sleep(50);
  }
  return { ms: performance.now() - resumed, writeMs };
}

const running = new Set<ChildProcess>();
const dir = mkdtempSync(join(tmpdir(), 'kaja-bench-scale-'));
let database: (DatabaseHandle & { url?: string }) | undefined;
const cleanUp = async () => {
  await Promise.all([...running].map(stop));
  rmSync(dir, { recursive: true, force: true });
  await database?.close();
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void cleanUp().then(() => process.exit(130)));

try {
  const nameServers = zoneNameServers({ config: loadConfig() }, { region: 'EU_GLOBAL' });
  log(`${zoneCount} zones of ${recordsPerZone} records: ${records.toLocaleString('en')} records`);
  database = await createTestDatabase(serverUrl);
  const setupStarted = performance.now();
  const [customer] = await database.db.insert(customers).values({ name: 'Scale benchmark' }).returning({ id: customers.id });
  // The plan without record limits, so the platform's write path takes the catch-up changes.
  await database.db.insert(subscriptions).values({ customerId: customer!.id, planId: 'scale', status: 'active' });
  await insertScaleZones(database.db, customer!.id, zoneCount, nameServers);
  await database.db.execute(sql`vacuum analyze zones`);
  await database.db.execute(sql`vacuum analyze rrsets`);
  log(`database written in ${seconds(performance.now() - setupStarted)} s`);
  mkdirSync(join(dir, 'zones'));
  for (let i = 0; i < zoneCount; i++) writeFileSync(join(dir, 'zones', `${scaleZoneName(i)}.zone`), scaleZoneFile(i, nameServers));
  log('zone files written');

  const results: Loaded[] = [];
  let catchUpResult: { ms: number; writeMs: number } | undefined;
  {
    const port = await freePort();
    let output = '';
    const { result, server } = await measure(
      workers === 1 ? 'Kaja DNS (PostgreSQL)' : `Kaja DNS (PostgreSQL, ${workers} workers)`,
      () => {
        const child = spawn(process.execPath, [...dnsNodeFlags, main, '--listen', `127.0.0.1:${port}`, '--workers', String(workers)], {
          env: { ...process.env, DATABASE_URL: database!.url!, LOG_LEVEL: 'silent', PGAPPNAME: nodeApplication },
          stdio: ['ignore', 'pipe', 'inherit'],
          detached: true,
        });
        child.stdout.on('data', (d) => (output += d));
        return child;
      },
      () => output.includes('dns: serving'),
      port,
    );
    results.push(result);
    if (changeCount > 0) catchUpResult = await catchUp(server, port, database);
    await stop(server);
    running.delete(server);
  }
  {
    const port = await freePort();
    const serverDir = join(dir, 'knot');
    mkdirSync(serverDir);
    const config = knotConfig(serverDir, port);
    const logFile = join(serverDir, 'knot.log');
    const { result, server } = await measure(
      'Knot DNS (files)',
      () => spawn('knotd', ['-c', config], { stdio: ['ignore', 'ignore', 'inherit'], detached: true }),
      () => {
        try {
          return (readFileSync(logFile, 'utf8').match(/\] loaded, serial/g)?.length ?? 0) >= zoneCount;
        } catch {
          return false;
        }
      },
      port,
    );
    results.push(result);
    await stop(server);
    running.delete(server);
  }
  {
    const port = await freePort();
    const serverDir = join(dir, 'nsd');
    mkdirSync(serverDir);
    const config = nsdConfig(serverDir, port);
    // NSD reads every zone file before its server process answers.
    const { result, server } = await measure(
      'NSD (files)',
      () => spawn('nsd', ['-d', '-c', config], { stdio: ['ignore', 'ignore', 'inherit'], detached: true }),
      () => answersSoa(port, scaleZoneName(zoneCount - 1)),
      port,
    );
    results.push(result);
    await stop(server);
    running.delete(server);
  }

  const kaja = results[0]!;
  const header = ['Server', 'Load s', 'RSS MB', 'Bytes per record', 'Kaja load / this', 'Kaja memory / this'];
  const rows = results.map((r) => [
    r.name,
    seconds(r.ms),
    (r.rssKb / 1024).toFixed(0),
    ((r.rssKb * 1024) / records).toFixed(0),
    r === kaja ? '' : `${(kaja.ms / r.ms).toFixed(2)}x`,
    r === kaja ? '' : `${(kaja.rssKb / r.rssKb).toFixed(2)}x`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(
    `\n${zoneCount.toLocaleString('en')} zones, ${records.toLocaleString('en')} records, ${workers === 1 ? 'one worker each' : `${workers} Kaja DNS workers, one Knot DNS and NSD worker`}; load = start until every zone is served`,
  );
  for (const row of [header, ...rows]) console.log(line(row));
  if (catchUpResult) {
    console.log(
      `\nCatch-up: ${changeCount.toLocaleString('en')} changes missed by a paused node with its connections cut: every one answered ${seconds(catchUpResult.ms)} s after it resumed (written in ${seconds(catchUpResult.writeMs)} s)`,
    );
  }
} finally {
  await cleanUp();
}
