// What the DNS benchmarks share: free ports, servers started and stopped as process groups,
// dnsperf runs (with the server's processor time per answer) and the result table.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { Resolver } from 'node:dns/promises';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { dnsNodeFlags } from '../src/testing/nodeFlags';
import { groupCpuSeconds } from '@kaja/test-support/processes';
export { freePort } from '@kaja/test-support/ports';

/** The machine's load average, printed beside every benchmark's figures: the machine may be shared. */
export const loadAverage = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (1, 5, 15 min)`;

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** The server as `node scripts/buildServers.mjs` builds it. */
export const kajaMain = join(root, 'dist/apps/dns/src/main.js');

/**
 * This server in standalone mode on 127.0.0.1:`port`, both cores, in its own process group, with
 * the V8 flags of `npm run dns`. Response rate limiting is set through the environment
 * (DNS_RATE_LIMIT), which a build without it ignores, so the same benchmark runs before and after a
 * change; `main` may name another build of it (a copy of `dist/` made before the change).
 */
export function startKaja(
  port: number,
  zone: string,
  zoneFile: string,
  args: string[] = [],
  env: NodeJS.ProcessEnv = {},
  stdout: 'ignore' | 'pipe' = 'ignore',
  main = kajaMain,
): ChildProcess {
  return spawn(process.execPath, [...dnsNodeFlags, main, '--listen', `127.0.0.1:${port}`, '--zone', `${zone}=${zoneFile}`, ...args], {
    cwd: root,
    stdio: ['ignore', stdout, 'inherit'],
    detached: true,
    env: { ...process.env, ...env },
  });
}

/**
 * Response rate limiting off, as NSD and Knot DNS run in the benchmarks: one client asking a hundred
 * thousand times a second is not an attack there, and servers are compared doing the same work.
 */
export const notLimited = { DNS_RATE_LIMIT: '0' };

/** NSD with `servers` server processes (one unless said) serving `zoneFile` from `dir`, its response rate limiting off. */
export function startNsd(dir: string, port: number, zone: string, zoneFile: string, servers = 1): ChildProcess {
  const config = join(dir, 'nsd.conf');
  writeFileSync(
    config,
    `server:
  ip-address: 127.0.0.1@${port}
  server-count: ${servers}
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
  name: ${zone}
  zonefile: "${zoneFile}"
`,
  );
  return spawn('nsd', ['-d', '-c', config], { stdio: ['ignore', 'ignore', 'inherit'], detached: true });
}

/**
 * Knot DNS with `udpWorkers` UDP workers (one unless said) serving `zoneFile` from `dir`; with
 * `signing`, it signs the zone itself (automatic keys, ECDSAP256SHA256, NSEC or NSEC3 with RFC 9276
 * parameters) before serving.
 */
export function startKnot(dir: string, port: number, zone: string, zoneFile: string, signing?: { nsec3: boolean }, udpWorkers = 1): ChildProcess {
  const config = join(dir, 'knot.conf');
  const policy = signing
    ? `policy:
  - id: bench
    algorithm: ecdsap256sha256
    nsec3: ${signing.nsec3 ? 'on' : 'off'}
    nsec3-iterations: 0
    nsec3-salt-length: 0
    nsec3-opt-out: off
`
    : '';
  writeFileSync(
    config,
    `server:
  listen: 127.0.0.1@${port}
  udp-workers: ${udpWorkers}
  tcp-workers: 1
  background-workers: 1
  rundir: "${dir}"
  pidfile: "${join(dir, 'knot.pid')}"
database:
  storage: "${dir}"
log:
  - target: stderr
    any: error
${policy}zone:
  - domain: ${zone}
    storage: "${dir}"
    file: "${zoneFile}"
    journal-content: none
    zonefile-sync: -1
${signing ? '    dnssec-signing: on\n    dnssec-policy: bench\n' : ''}`,
  );
  return spawn('knotd', ['-c', config], { stdio: ['ignore', 'ignore', 'inherit'], detached: true });
}

export interface Measurement {
  qps: number;
  latencyMs: number;
  sent: number;
  lost: number;
}

/**
 * Waits until the server's processes use under a tenth of a core for a second: Knot signs its zone
 * before it answers, ours may still be signing it ahead in threads and making answers ahead after
 * its first answer.
 */
export async function waitForIdle(pid: number): Promise<void> {
  const deadline = Date.now() + 600_000;
  let before = groupCpuSeconds(pid);
  while (Date.now() < deadline) {
    await sleep(1000);
    const now = groupCpuSeconds(pid);
    if (now - before < 0.1) return;
    before = now;
  }
  throw new Error('still busy 600 s after start');
}

/** Waits until the server answers the zone's SOA, or fails after `timeoutMs` (a busy machine starts slowly). */
export async function waitForAnswer(port: number, process: ChildProcess, zone: string, timeoutMs = 60_000): Promise<void> {
  const resolver = new Resolver({ timeout: 200, tries: 1 });
  resolver.setServers([`127.0.0.1:${port}`]);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (process.exitCode !== null) throw new Error(`exited with code ${process.exitCode}`);
    try {
      await resolver.resolveSoa(zone);
      return;
    } catch {
      await sleep(100);
    }
  }
  throw new Error(`did not answer within ${timeoutMs / 1000} s`);
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
 * Stops a server and every process it forked (NSD's server processes): each
 * runs in its own process group (spawned `detached`), which is signalled as a whole and waited
 * for until it is empty.
 */
export async function stop(server: ChildProcess): Promise<void> {
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

/** One dnsperf run against 127.0.0.1:`port` with the queries in `queryFile`. */
export function dnsperf(port: number, queryFile: string, args: string[]): Measurement {
  const run = spawnSync('dnsperf', ['-s', '127.0.0.1', '-p', String(port), '-d', queryFile, ...args], {
    encoding: 'utf8',
    timeout: 120_000,
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

/**
 * A dnsperf run with the processor time the server `pid` (its process group, every thread) spent
 * per answered query during it, in microseconds.
 */
export function dnsperfWithCpu(pid: number, port: number, queryFile: string, args: string[]): { run: Measurement; microsPerAnswer: number } {
  const before = groupCpuSeconds(pid);
  const run = dnsperf(port, queryFile, args);
  return { run, microsPerAnswer: ((groupCpuSeconds(pid) - before) * 1e6) / (run.sent - run.lost) };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Medians per server and our ratio to each, as a text table; `ours` names the row the ratios are of. */
export function resultTable(measured: Map<string, Measurement[]>, ours: string, ratioHeader: string): string[] {
  const results = [...measured].map(([name, all]) => ({
    name,
    qps: median(all.map((m) => m.qps)),
    latencyMs: median(all.map((m) => m.latencyMs)),
    lost: all.reduce((n, m) => n + m.lost, 0),
    sent: all.reduce((n, m) => n + m.sent, 0),
  }));
  const reference = results.find((r) => r.name === ours);
  const rows = results.map((r) => [
    r.name,
    r.qps.toFixed(0),
    r.latencyMs.toFixed(3),
    `${r.lost} of ${r.sent}`,
    reference && r !== reference ? `${(reference.qps / r.qps).toFixed(2)}x` : '',
  ]);
  const header = ['Server', 'QPS (median)', 'Avg latency ms (median)', 'Lost queries', ratioHeader];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  return [line(header), ...rows.map(line)];
}
