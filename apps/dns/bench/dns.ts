// `npm run bench:dns [-- --runs N]`: the same zone and query mix served by this server (standalone
// mode), NSD and Knot DNS, each measured by dnsperf in one run; prints the median QPS and latency,
// the queries lost, and our ratio to each.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { Resolver } from 'node:dns/promises';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchQueries, benchZoneFile, benchZoneName } from './benchZone';

const dnsperfArgs = ['-c', '4', '-q', '200', '-T', '1', '-l', '8'];
const root = fileURLToPath(new URL('../../..', import.meta.url));

interface Contender {
  name: string;
  start(dir: string, port: number, zoneFile: string): ChildProcess;
}

const kaja = (udp: 'batch' | 'dgram'): Contender['start'] => (_dir, port, zoneFile) =>
  spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'apps/dns/src/main.ts'), '--listen', `127.0.0.1:${port}`, '--zone', `${benchZoneName}=${zoneFile}`, '--udp', udp],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], detached: true },
  );

const contenders: Contender[] = [
  // Both cores, as the server runs by default: UDP batched by the addon, and through node's dgram.
  { name: 'Kaja DNS', start: kaja('batch') },
  { name: 'Kaja DNS (dgram)', start: kaja('dgram') },
  {
    name: 'NSD',
    start: (dir, port, zoneFile) => {
      const config = join(dir, 'nsd.conf');
      writeFileSync(
        config,
        `server:
  ip-address: 127.0.0.1@${port}
  server-count: 1
  username: ""
  chroot: ""
  zonesdir: "${dir}"
  pidfile: "${join(dir, 'nsd.pid')}"
  database: ""
  xfrdfile: "${join(dir, 'xfrd.state')}"
  zonelistfile: "${join(dir, 'zone.list')}"
  logfile: "${join(dir, 'nsd.log')}"
  rrl-ratelimit: 0
  verbosity: 0
remote-control:
  control-enable: no
zone:
  name: ${benchZoneName}
  zonefile: "${zoneFile}"
`,
      );
      return spawn('nsd', ['-d', '-c', config], { stdio: ['ignore', 'ignore', 'inherit'], detached: true });
    },
  },
  {
    name: 'Knot DNS',
    start: (dir, port, zoneFile) => {
      const config = join(dir, 'knot.conf');
      writeFileSync(
        config,
        `server:
  listen: 127.0.0.1@${port}
  udp-workers: 1
  tcp-workers: 1
  background-workers: 1
  rundir: "${dir}"
  pidfile: "${join(dir, 'knot.pid')}"
database:
  storage: "${dir}"
log:
  - target: stderr
    any: error
zone:
  - domain: ${benchZoneName}
    storage: "${dir}"
    file: "${zoneFile}"
    journal-content: none
    zonefile-sync: -1
`,
      );
      return spawn('knotd', ['-c', config], { stdio: ['ignore', 'ignore', 'inherit'], detached: true });
    },
  },
];

interface Measurement {
  qps: number;
  latencyMs: number;
  sent: number;
  lost: number;
}

/** Rounds of measurements, servers taking turns, so a change in the machine's load hits all alike. */
const runs = Number(parseArgs({ options: { runs: { type: 'string', default: '3' } } }).values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive whole number');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Waits until the server answers the zone's SOA, or fails after a minute (a busy machine starts slowly). */
async function waitForAnswer(port: number, process: ChildProcess): Promise<void> {
  const resolver = new Resolver({ timeout: 200, tries: 1 });
  resolver.setServers([`127.0.0.1:${port}`]);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (process.exitCode !== null) throw new Error(`exited with code ${process.exitCode}`);
    try {
      await resolver.resolveSoa(benchZoneName);
      return;
    } catch {
      await sleep(100);
    }
  }
  throw new Error('did not answer within 60 s');
}

/** True while any process of the group led by `pid` is left (zombies until reaped included). */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops a server and every process it forked (NSD's server processes, our cluster workers): each
 * runs in its own process group, which is signalled as a whole and waited for until it is empty.
 */
async function stop(server: ChildProcess): Promise<void> {
  const pid = server.pid;
  if (pid === undefined || !groupAlive(pid)) return;
  process.kill(-pid, 'SIGTERM');
  const deadline = Date.now() + 5000;
  while (groupAlive(pid) && Date.now() < deadline) await sleep(50);
  if (!groupAlive(pid)) return;
  process.kill(-pid, 'SIGKILL');
  const killed = Date.now() + 5000;
  while (groupAlive(pid) && Date.now() < killed) await sleep(50);
}

function dnsperf(port: number, queryFile: string): Measurement {
  const run = spawnSync('dnsperf', ['-s', '127.0.0.1', '-p', String(port), '-d', queryFile, ...dnsperfArgs], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (run.status !== 0) throw new Error(`dnsperf failed: ${run.stderr || run.stdout}`);
  const field = (label: string) => {
    const match = new RegExp(`${label}:\\s+([0-9.]+)`).exec(run.stdout);
    if (!match) throw new Error(`dnsperf printed no "${label}":\n${run.stdout}`);
    return Number.parseFloat(match[1]!);
  };
  return {
    qps: field('Queries per second'),
    latencyMs: field('Average Latency \\(s\\)') * 1000,
    sent: field('Queries sent'),
    lost: field('Queries lost'),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const dir = mkdtempSync(join(tmpdir(), 'kaja-bench-dns-'));
const running = new Set<ChildProcess>();
const cleanUp = async () => {
  await Promise.all([...running].map(stop));
  rmSync(dir, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().then(() => process.exit(130)));
}

try {
  const zoneFile = join(dir, `${benchZoneName}.zone`);
  const queryFile = join(dir, 'queries.txt');
  writeFileSync(zoneFile, benchZoneFile());
  writeFileSync(queryFile, benchQueries());
  console.log(`Zone ${benchZoneName}: ${benchZoneFile().split('\n').length - 1} lines; dnsperf ${dnsperfArgs.join(' ')}`);

  const started: { contender: Contender; port: number }[] = [];
  for (const contender of contenders) {
    const port = await freePort();
    const server = contender.start(mkdtempSync(join(dir, 'server-')), port, zoneFile);
    running.add(server);
    try {
      await waitForAnswer(port, server);
      started.push({ contender, port });
    } catch (error) {
      console.error(`${contender.name}: ${(error as Error).message}`);
    }
  }

  const measured = new Map<string, Measurement[]>(started.map(({ contender }) => [contender.name, []]));
  for (let round = 0; round < runs; round++) {
    for (const { contender, port } of started) measured.get(contender.name)!.push(dnsperf(port, queryFile));
  }

  const results = [...measured].map(([name, all]) => ({
    name,
    qps: median(all.map((m) => m.qps)),
    latencyMs: median(all.map((m) => m.latencyMs)),
    lost: all.reduce((n, m) => n + m.lost, 0),
    sent: all.reduce((n, m) => n + m.sent, 0),
  }));
  const ours = results.find((r) => r.name === 'Kaja DNS');
  const rows = results.map((r) => [
    r.name,
    r.qps.toFixed(0),
    r.latencyMs.toFixed(3),
    `${r.lost} of ${r.sent}`,
    ours && r !== ours ? `${(ours.qps / r.qps).toFixed(2)}x` : '',
  ]);
  const header = ['Server', 'QPS (median)', 'Avg latency ms (median)', 'Lost queries', 'Kaja DNS / this'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(`${runs} runs per server, servers taking turns`);
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  if (results.length < contenders.length) process.exitCode = 1;
} finally {
  await cleanUp();
}
