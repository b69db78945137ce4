// `npm run bench:api [-- --postgres URL [--postgres-only]] [--smoke] [--writes-only]`: how fast the zone and record API
// writes and reads. Records created per second through POST (4 connections to one zone, and to four
// zones) and through PATCH, where a POST's time goes (database time per write by phase, on one
// connection and on four), the time to import a 100,000-record zone file, and GET
// /zones/{id}/records latency under concurrent load (autocannon), on PGlite and, with DATABASE_URL
// or --postgres, on PostgreSQL (a database made for the run and dropped). --writes-only measures
// the POSTs alone, sent by autocannon from a process of its own (`postLoad.ts`). Beside the
// database's time by phase it prints the processor time per write of this process (the API, and
// on PGlite its database), of the load generator, and, when the PostgreSQL server runs on this
// machine, of that server's processes. The load average is printed beside the figures: the machine
// may be shared.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { observeStatements } from '@kaja/db/statementTimes';
import { sql } from '@kaja/db/orm';
import { exitWithUsageOnHelp } from '@kaja/test-support/benchUsage';
import { familyCpuSeconds, parentOf } from '@kaja/test-support/processes';
import { startTestApi, signUpOwner, type TestApi, type TestAccount } from '../src/testing';
import { setPlan } from '../src/routes/v1/zones/zoneTestKit';
import type { PostLoad, PostLoadResult } from './postLoad';
import { recordBody } from './recordBody';

exitWithUsageOnHelp();

// --smoke: tiny settings that only show the benchmark runs end to end; its numbers mean nothing.
const smoke = process.argv.includes('--smoke');
const postSeconds = smoke ? 1 : 8;
const patchSeconds = smoke ? 1 : 8;
const getSeconds = smoke ? 1 : 10;
const importRecords = smoke ? 1_000 : 100_000;
const sequentialPosts = smoke ? 20 : 400;
const writesOnly = process.argv.includes('--writes-only');

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

interface Result {
  backend: string;
  sequential: Breakdown;
  postPerSecond: number;
  post: Breakdown;
  postZonesPerSecond: number;
  postZones: Breakdown;
  patchPerSecond: number;
  importSeconds: number;
  getP50: number;
  getP99: number;
  getPerSecond: number;
}

async function createZone(api: TestApi, account: TestAccount, label: string) {
  const response = await api.request('POST', '/zones', { token: account.apiKey, body: { name: `${label}-${Date.now().toString(36)}.com` } });
  if (response.status !== 201) throw new Error(`zone: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as { id: string; name: string };
}

/**
 * The phases of a POST by the statements they send, first match wins (the text lower-cased). What
 * is left of a write's time is outside the database: HTTP, validation, planning, the answer's JSON,
 * and on PGlite its own BEGIN and COMMIT, which are not statements sent there. On PostgreSQL a
 * zone's batch pipelines (decision 100): BEGIN leaves with the zone lock, the notice with COMMIT,
 * and each statement's time counts from its sending, so those pairs' times overlap.
 */
const phases: [string, RegExp][] = [
  ['authentication (API key by its SHA-256)', /"api_keys"/],
  ['begin, commit', /^(begin|commit|rollback)\b/],
  ['zone lock, with the sets of the neighbourhood, the plan and whether webhooks want the change (and the wait for the lock)', /from "zones".* for update/s],
  ['zone read before the lock', /from "zones"/],
  ['sets of the neighbourhood read again (a change committed during the wait for the lock)', /^select .*from "rrsets"/s],
  ['set rows, journal entry, serial and counts, audit event (one statement)', /^with updated as/],
  ['webhook endpoints', /"webhook_endpoints"|"webhook_deliveries"|"jobs"/],
  ['plan, quota, onboarding', /"subscriptions"|"plans"|"customers"/],
  ['change notice (pg_notify, the last statement of the transaction)', /pg_notify/],
];
const phaseOf = (text: string) => phases.find(([, pattern]) => pattern.test(text.toLowerCase()))?.[0] ?? 'other statements';

interface Breakdown {
  writes: number;
  wallMs: number;
  /** Processor time of this process (the API and its driver; on PGlite its database too), user + system. */
  cpuMs: number;
  /** Processor time of the load generator's process, when it has one. */
  loadCpuMs?: number;
  /** Processor time of the PostgreSQL server's processes, when it runs on this machine. */
  serverCpuMs: number | undefined;
  /** Per phase: statements and milliseconds, summed over the writes. */
  phases: Map<string, { statements: number; ms: number }>;
}

/**
 * The PostgreSQL server's processor time so far, in ms: its postmaster, found as the parent of one
 * of the API's connections' backends, and every process it started (the backends, the WAL writer,
 * the checkpointer). Backends that ended before are not counted: the pool keeps its connections
 * through a run. Undefined on PGlite (it runs in this process) or a server on another machine.
 */
async function databaseServerMs(api: TestApi): Promise<number | undefined> {
  if (api.database.kind !== 'postgres') return undefined;
  const { rows } = await api.database.db.execute<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid`);
  const postmaster = parentOf(rows[0]!.pid, 'postgres');
  const seconds = postmaster === undefined ? undefined : familyCpuSeconds(postmaster);
  return seconds === undefined ? undefined : seconds * 1000;
}

/** Runs `writes` while noting every statement's time by phase. */
async function measured(api: TestApi, count: () => number, writes: () => Promise<void>): Promise<Breakdown> {
  const phases = new Map<string, { statements: number; ms: number }>();
  // Read outside the observed span, so that its statements are not counted among the writes'.
  const serverBefore = await databaseServerMs(api);
  const stop = observeStatements((text, ms) => {
    const phase = phaseOf(text);
    const entry = phases.get(phase) ?? { statements: 0, ms: 0 };
    entry.statements++;
    entry.ms += ms;
    phases.set(phase, entry);
  });
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  try {
    await writes();
  } finally {
    stop();
  }
  const cpu = process.cpuUsage(cpuBefore);
  const wallMs = performance.now() - started;
  const serverAfter = await databaseServerMs(api);
  const serverCpuMs = serverBefore === undefined || serverAfter === undefined ? undefined : serverAfter - serverBefore;
  return { writes: count(), wallMs, cpuMs: (cpu.user + cpu.system) / 1000, serverCpuMs, phases };
}

/** POSTs one new record per request, one at a time: a write's statements without contention. */
async function benchSequentialPost(api: TestApi, account: TestAccount) {
  const zone = await createZone(api, account, 'sequential');
  let written = 0;
  return measured(
    api,
    () => written,
    async () => {
      for (; written < sequentialPosts; written++) {
        const response = await api.request('POST', `/zones/${zone.id}/records`, { token: account.apiKey, body: recordBody(written) });
        if (response.status !== 201) throw new Error(`POST: ${response.status} ${JSON.stringify(response.body)}`);
      }
    },
  );
}

/**
 * POSTs one new record per request from 4 connections for a fixed time, to one zone or spread over
 * four, from autocannon in a process of its own (`postLoad.ts`).
 */
async function benchPost(api: TestApi, account: TestAccount, zoneCount: number) {
  const zones = [];
  for (let i = 0; i < zoneCount; i++) zones.push(await createZone(api, account, `post${i}`));
  const settings: PostLoad = { origin: api.origin, apiKey: account.apiKey, zoneIds: zones.map((zone) => zone.id), connections: 4, seconds: postSeconds };
  const load = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./postLoad.ts', import.meta.url)), JSON.stringify(settings)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: load.stdout })[Symbol.asyncIterator]();
  const line = async () => {
    const next = await lines.next();
    if (next.done) throw new Error(`the load generator ended (exit ${load.exitCode ?? load.signalCode})`);
    return next.value;
  };
  try {
    if ((await line()) !== 'ready') throw new Error('the load generator did not start');
    let result: PostLoadResult | undefined;
    const breakdown = await measured(
      api,
      () => result?.ok ?? 0,
      async () => {
        load.stdin.write('go\n');
        result = JSON.parse(await line()) as PostLoadResult;
      },
    );
    if (result!.failed > 0) throw new Error(`POST: ${result!.failed} failed requests`);
    return { perSecond: result!.ok / postSeconds, breakdown: { ...breakdown, loadCpuMs: result!.cpuMs } };
  } finally {
    load.kill();
  }
}

/** PATCHes 1,000 new sets per request, one request at a time, for a fixed time. */
async function benchPatch(api: TestApi, account: TestAccount) {
  const zone = await createZone(api, account, 'patch');
  let records = 0;
  let batch = 0;
  const started = performance.now();
  while (performance.now() - started < patchSeconds * 1000) {
    const changes = Array.from({ length: 1000 }, (_, i) => ({ action: 'create', type: 'A', name: `b${batch}-${i}`, content: '192.0.2.1' }));
    const response = await api.request('PATCH', `/zones/${zone.id}/records`, { token: account.apiKey, body: { changes } });
    if (response.status !== 200) throw new Error(`PATCH: ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`);
    records += 1000;
    batch++;
  }
  return records / ((performance.now() - started) / 1000);
}

/** A zone file of mixed types, `count` records. */
function zoneFile(count: number): string {
  const lines = ['$TTL 3600'];
  for (let i = 0; lines.length <= count; i++) {
    lines.push(`host-${i} IN A 10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    if (i % 4 === 0) lines.push(`host-${i} IN AAAA 2001:db8::${(i >> 16).toString(16)}:${(i & 0xffff).toString(16)}`);
    if (i % 8 === 0) lines.push(`txt-${i} IN TXT "v=spf1 include:_spf.example.net -all ${i}"`);
    if (i % 16 === 0) lines.push(`mail-${i} IN MX 10 host-${i}`);
    if (i % 16 === 8) lines.push(`alias-${i} IN CNAME host-${i}`);
  }
  return lines.slice(0, count + 1).join('\n') + '\n';
}

async function benchImport(api: TestApi, account: TestAccount) {
  const zone = await createZone(api, account, 'import');
  const text = zoneFile(importRecords);
  const started = performance.now();
  const response = await api.request('POST', `/zones/${zone.id}/import`, { token: account.apiKey, headers: { 'content-type': 'text/dns' }, body: text });
  const seconds = (performance.now() - started) / 1000;
  if (response.status !== 200) throw new Error(`import: ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`);
  if (response.body.data.summary.records_added !== importRecords) throw new Error(`import added ${response.body.data.summary.records_added}`);
  return { zone, seconds, bytes: Buffer.byteLength(text) };
}

/** GET the first page of 100 sets of the big zone from 10 connections. */
async function benchGet(api: TestApi, account: TestAccount, zoneId: string) {
  const result = await autocannon({
    url: `${api.origin}/v1/zones/${zoneId}/records?limit=100`,
    connections: 10,
    duration: getSeconds,
    headers: { authorization: `Bearer ${account.apiKey}` },
  });
  if (result.non2xx > 0) throw new Error(`GET: ${result.non2xx} failed requests`);
  return { p50: result.latency.p50, p99: result.latency.p99, perSecond: result.requests.average };
}

async function run(backend: string, databaseUrl: string | undefined): Promise<Result> {
  if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
  else delete process.env.DATABASE_URL;
  // Rate limits lifted: this measures the API, not its throttle.
  const api = await startTestApi({ rateLimits: { planScale: 100_000 } });
  try {
    const account = await signUpOwner(api);
    await setPlan(api, account, 'scale');
    console.error(`${backend}: POST one at a time...`);
    const sequential = await benchSequentialPost(api, account);
    console.error(`${backend}: POST, 4 connections, one zone...`);
    const post = await benchPost(api, account, 1);
    console.error(`${backend}: POST, 4 connections, four zones...`);
    const postZones = await benchPost(api, account, 4);
    const writes = {
      backend,
      sequential,
      postPerSecond: post.perSecond,
      post: post.breakdown,
      postZonesPerSecond: postZones.perSecond,
      postZones: postZones.breakdown,
    };
    if (writesOnly) return { ...writes, patchPerSecond: NaN, importSeconds: NaN, getP50: NaN, getP99: NaN, getPerSecond: NaN };
    console.error(`${backend}: PATCH...`);
    const patchPerSecond = await benchPatch(api, account);
    console.error(`${backend}: import of ${importRecords} records...`);
    const imported = await benchImport(api, account);
    console.error(`${backend}: GET under load...`);
    const get = await benchGet(api, account, imported.zone.id);
    return { ...writes, patchPerSecond, importSeconds: imported.seconds, getP50: get.p50, getP99: get.p99, getPerSecond: get.perSecond };
  } finally {
    await api.close();
  }
}

const postgres = option('--postgres') ?? process.env.DATABASE_URL;
// --postgres-only: skips PGlite (a profile of the PostgreSQL run alone).
const postgresOnly = postgres !== undefined && process.argv.includes('--postgres-only');
const results = postgresOnly ? [] : [await run('PGlite', undefined)];
if (postgres) results.push(await run('PostgreSQL', postgres));

const rows = [
  ['', ...results.map((result) => result.backend)],
  ['records/s via POST, 4 connections, one zone', ...results.map((result) => result.postPerSecond.toFixed(0))],
  ['records/s via POST, 4 connections, four zones', ...results.map((result) => result.postZonesPerSecond.toFixed(0))],
  ['records/s via PATCH (1,000 sets per call)', ...results.map((result) => result.patchPerSecond.toFixed(0))],
  [`import of ${importRecords.toLocaleString('en')} records (s)`, ...results.map((result) => result.importSeconds.toFixed(1))],
  ['GET /records?limit=100, 10 connections: p50 (ms)', ...results.map((result) => String(result.getP50))],
  ['GET /records?limit=100, 10 connections: p99 (ms)', ...results.map((result) => String(result.getP99))],
  ['GET /records?limit=100, 10 connections: req/s', ...results.map((result) => result.getPerSecond.toFixed(0))],
];
const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
console.log(rows.map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ')).join('\n'));
console.log(
  `load average ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')} (the machine may be shared: compare figures of one run)`,
);

// Database time per write by phase: one connection (no waiting), and four connections to one zone
// and to four.
const columns = results.flatMap((result) => [
  { label: `${result.backend}, 1 conn.`, breakdown: result.sequential },
  { label: `${result.backend}, 4 conn.`, breakdown: result.post },
  { label: `${result.backend}, 4 conn., 4 zones`, breakdown: result.postZones },
]);
const perWrite = (breakdown: Breakdown, ms: number) => (breakdown.writes > 0 ? ms / breakdown.writes : NaN);
const statementsAndMs = (breakdown: Breakdown, phase: string) => {
  const entry = breakdown.phases.get(phase);
  return entry ? `${perWrite(breakdown, entry.statements).toFixed(1)} × ${perWrite(breakdown, entry.ms).toFixed(2)}` : '-';
};
const phaseNames = [...phases.map(([name]) => name), 'other statements'].filter((name) => columns.some(({ breakdown }) => breakdown.phases.has(name)));
const databaseMs = (breakdown: Breakdown) => [...breakdown.phases.values()].reduce((total, entry) => total + entry.ms, 0);
const breakdownRows = [
  ['per POST: statements × ms (statement times overlap on 4 connections)', ...columns.map(({ label }) => label)],
  ...phaseNames.map((name) => [name, ...columns.map(({ breakdown }) => statementsAndMs(breakdown, name))]),
  ['all statements, ms per write', ...columns.map(({ breakdown }) => perWrite(breakdown, databaseMs(breakdown)).toFixed(2))],
  ['wall time per write (ms)', ...columns.map(({ breakdown }) => perWrite(breakdown, breakdown.wallMs).toFixed(2))],
  ['processor time of this process per write (ms)', ...columns.map(({ breakdown }) => perWrite(breakdown, breakdown.cpuMs).toFixed(2))],
  [
    'processor time of the load generator per write (ms; autocannon, its own process)',
    ...columns.map(({ breakdown }) => (breakdown.loadCpuMs === undefined ? '-' : perWrite(breakdown, breakdown.loadCpuMs).toFixed(2))),
  ],
  [
    'processor time of the PostgreSQL server per write (ms; its processes, when it runs on this machine)',
    ...columns.map(({ breakdown }) => (breakdown.serverCpuMs === undefined ? '-' : perWrite(breakdown, breakdown.serverCpuMs).toFixed(2))),
  ],
];
const breakdownWidths = breakdownRows[0].map((_, column) => Math.max(...breakdownRows.map((row) => row[column].length)));
console.log(
  '\n' +
    breakdownRows
      .map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(breakdownWidths[column]) : cell.padStart(breakdownWidths[column]))).join('  '))
      .join('\n'),
);
if (!postgres) console.log('(PostgreSQL: set DATABASE_URL or pass --postgres URL)');
