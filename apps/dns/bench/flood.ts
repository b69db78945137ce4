// `npm run bench:dns-flood [-- --runs N --workers N]`: the QPS of the benchmark's normal query mix
// from 127.0.0.1, alone and while a flood of random names (each asked once, NXDOMAIN) comes from
// 127.0.0.2 at a fixed rate, for this server, NSD and Knot DNS in one run, one worker each (this
// server: unless `--workers`). What it shows is whether the flood pushes the normal answers out of
// the server's cache, and what answering the flood costs; rate limiting is off throughout.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { benchQueries, benchZoneFile, benchZoneName } from './benchZone';
import { groupCpuSeconds } from '@kaja/test-support/processes';
import { wholeNumberFlags } from './options';
import { dnsperf, freePort, loadAverage, median, notLimited, startKaja, startKnot, startNsd, stop, waitForAnswer } from './servers';

const normalArgs = ['-c', '4', '-q', '200', '-T', '1', '-l', '8'];
/** The flood: a fixed rate, not what the machine can send, so every server faces the same one. */
const FLOOD_QPS = 20_000;
const FLOOD_NAMES = 400_000;
/**
 * Our answer cache, smaller than its default (200,000 questions per process) so that a flood this
 * machine can send fills it within a run, as a bigger flood fills the default one. The normal mix
 * asks about 45,000 names and types.
 */
const ANSWER_CACHE_SIZE = 50_000;

const { runs, workers } = wholeNumberFlags({ runs: 2, workers: 1 });

const contenders: { name: string; start(dir: string, port: number, zoneFile: string): ChildProcess }[] = [
  {
    name: 'Kaja DNS',
    start: (_dir, port, zoneFile) =>
      startKaja(port, benchZoneName, zoneFile, ['--workers', String(workers)], { ...notLimited, DNS_ANSWER_CACHE_SIZE: String(ANSWER_CACHE_SIZE) }),
  },
  { name: 'NSD', start: (dir, port, zoneFile) => startNsd(dir, port, benchZoneName, zoneFile) },
  { name: 'Knot DNS', start: (dir, port, zoneFile) => startKnot(dir, port, benchZoneName, zoneFile) },
];

/** Seconds of flood alone, on names never asked before, whose processor time the server is charged per answer. */
const COST_SECONDS = 5;

/** Distinct random names under the zone, none of which exists; `tag` keeps two files' names apart. */
function floodQueries(count: number, tag: string): string {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) lines.push(`${Math.random().toString(36).slice(2, 12)}-${tag}${i}.${benchZoneName} A`);
  return lines.join('\n') + '\n';
}

/** dnsperf from 127.0.0.2 at FLOOD_QPS for `seconds`; resolves with the queries it got answers to. */
function startFlood(port: number, queryFile: string, seconds: number): Promise<{ sent: number; completed: number }> {
  const flood = spawn(
    'dnsperf',
    [
      '-a',
      '127.0.0.2',
      '-s',
      '127.0.0.1',
      '-p',
      String(port),
      '-d',
      queryFile,
      '-Q',
      String(FLOOD_QPS),
      '-l',
      String(seconds),
      '-c',
      '2',
      '-q',
      '2000',
      '-t',
      '1',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  flood.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    flood.once('error', reject);
    flood.once('exit', () => {
      const field = (label: string) => Number(new RegExp(`${label}:\\s+([0-9]+)`).exec(out)?.[1] ?? 0);
      resolve({ sent: field('Queries sent'), completed: field('Queries completed') });
    });
  });
}

const dir = mkdtempSync(join(tmpdir(), 'kaja-bench-flood-'));
const running = new Set<ChildProcess>();
const cleanUp = async () => {
  await Promise.all([...running].map(stop));
  rmSync(dir, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void cleanUp().then(() => process.exit(130)));

try {
  const zoneFile = join(dir, `${benchZoneName}.zone`);
  const normalFile = join(dir, 'normal.txt');
  const floodFile = join(dir, 'flood.txt');
  const costFile = join(dir, 'flood-cost.txt');
  writeFileSync(zoneFile, benchZoneFile());
  writeFileSync(normalFile, benchQueries());
  writeFileSync(floodFile, floodQueries(FLOOD_NAMES, 'f'));
  writeFileSync(costFile, floodQueries(FLOOD_QPS * COST_SECONDS, 'c'));
  console.log(`Normal: dnsperf ${normalArgs.join(' ')} from 127.0.0.1; flood: ${FLOOD_NAMES} distinct random names at up to ${FLOOD_QPS} QPS from 127.0.0.2`);
  console.log(
    `Kaja DNS: ${workers} worker(s), answer cache of ${ANSWER_CACHE_SIZE} questions per worker, response rate limiting off; NSD and Knot DNS: one worker`,
  );
  console.log(`Before: ${loadAverage()}; the machine may be shared with other work`);

  const rows: string[][] = [];
  for (const contender of contenders) {
    const port = await freePort();
    const server = contender.start(mkdtempSync(join(dir, 'server-')), port, zoneFile);
    running.add(server);
    try {
      await waitForAnswer(port, server, benchZoneName, 180_000);
    } catch (error) {
      console.error(`${contender.name}: ${(error as Error).message}`);
      process.exitCode = 1;
      continue;
    }
    const alone: number[] = [];
    const flooded: number[] = [];
    let floodAnswered = 0;
    let floodSent = 0;
    for (let round = 0; round < runs; round++) {
      alone.push(dnsperf(port, normalFile, normalArgs).qps);
      const flood = startFlood(port, floodFile, 10);
      await sleep(1000);
      flooded.push(dnsperf(port, normalFile, normalArgs).qps);
      const { sent, completed } = await flood;
      floodSent += sent;
      floodAnswered += completed;
    }
    const before = groupCpuSeconds(server.pid!);
    const cost = await startFlood(port, costFile, COST_SECONDS);
    const perFloodAnswer = cost.completed > 0 ? (((groupCpuSeconds(server.pid!) - before) * 1e6) / cost.completed).toFixed(2) : 'none answered';
    await stop(server);
    running.delete(server);
    const [a, f] = [median(alone), median(flooded)];
    rows.push([contender.name, a.toFixed(0), f.toFixed(0), `${((f / a) * 100).toFixed(0)}%`, `${floodAnswered} of ${floodSent}`, perFloodAnswer]);
  }

  const header = ['Server', 'Normal QPS alone', 'Normal QPS under flood', 'Kept', 'Flood queries answered', 'Processor µs per flood answer'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(
    `${runs} runs per server (medians); processor time per flood answer: the server's, user and system, over ${COST_SECONDS} s of flood alone on new names`,
  );
  for (const text of [line(header), ...rows.map(line)]) console.log(text);
  console.log(`After: ${loadAverage()}`);
} finally {
  await cleanUp();
}
