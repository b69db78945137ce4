// `npm run bench:dns-startup [-- --runs N --records N --workers N]`: how long the standalone server
// takes from its start to its first answer and to its answer for the zone's last name (the whole
// zone loaded, and with workers, every worker serving), the peak of its resident set while it loads
// (each process's high-water mark, VmHWM, added over the process group: threads share one), the
// resident set once it serves, and when it is idle and its resident set then (this server makes
// answers ahead after it serves, decision 094), beside NSD and Knot DNS serving the same zone in the same run with
// one server process each: a small zone, or with `--records` one of that many A records (a big
// zone's load). The load average is printed before and after, as other work on the machine slows
// every server alike. Kaja DNS starts as `npm run dns` starts it, with V8's compile cache
// (NODE_COMPILE_CACHE, as set or the server's default); each run is told warm (the server wrote
// nothing to the cache: it compiled from it) or cold (it compiled and wrote, as after a build).
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Resolver } from 'node:dns/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { defaultCompileCache } from '../src/compileCache';
import { groupPeakRssKb, groupRssKb } from '@kaja/test-support/processes';
import { wholeNumberFlags } from './options';
import { freePort, median, startKaja, startKnot, startNsd, stop, waitForAnswer, waitForIdle } from './servers';

const { runs, records, workers } = wholeNumberFlags({ runs: 5, records: { default: 0, least: 0 }, workers: 1 });

const zone = 'startup.example';
const lines = [`$ORIGIN ${zone}.`, '$TTL 3600', '@ IN SOA ns1 hostmaster 2026010101 7200 3600 1209600 300', '@ IN NS ns1', 'ns1 IN A 192.0.2.53'];
if (records === 0) lines.push('www IN A 192.0.2.80');
for (let i = 0; lines.length < records + 2; i++) lines.push(`host${i} IN A 10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
const zoneText = `${lines.join('\n')}\n`;
/** The owner of the file's last record, and its address: answered, the whole zone is in. */
const [lastOwner, , , lastAddress] = lines.at(-1)!.split(' ');
const lastName = `${lastOwner}.${zone}`;
/** A big zone takes Knot DNS and NSD a while too. */
const answerTimeoutMs = 60_000 + records / 10;

interface Contender {
  name: string;
  start(dir: string, port: number, zoneFile: string): ChildProcess;
  /** Resolves once every worker serves (the first answer may come from the first of them). */
  serving?(server: ChildProcess): Promise<void>;
}

const compileCache = process.env.NODE_COMPILE_CACHE ?? defaultCompileCache;

/** The compile cache's files and when each was written. */
function cacheEntries(): Map<string, number> {
  const entries = new Map<string, number>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const stat = statSync(path);
      if (stat.isDirectory()) walk(path);
      else entries.set(path, stat.mtimeMs);
    }
  };
  if (existsSync(compileCache)) walk(compileCache);
  return entries;
}

/** Whether a run compiled from the cache: it wrote no entry to it. */
const warmRuns: boolean[] = [];

const contenders: Contender[] = [
  {
    name: workers === 1 ? 'Kaja DNS' : `Kaja DNS, ${workers} workers`,
    start: (_dir, port, zoneFile) => startKaja(port, zone, zoneFile, ['--workers', String(workers)], { NODE_COMPILE_CACHE: compileCache }, 'pipe'),
    serving: (server) => untilLine(server, /^dns: serving /m),
  },
  { name: 'NSD', start: (dir, port, zoneFile) => startNsd(dir, port, zone, zoneFile) },
  { name: 'Knot DNS', start: (dir, port, zoneFile) => startKnot(dir, port, zone, zoneFile) },
];

interface Figures {
  firstMs: number[];
  lastMs: number[];
  peakMb: number[];
  rssMb: number[];
  /** Once the server is idle (this one may still be making answers ahead after the last name answers). */
  idleMs: number[];
  idleRssMb: number[];
}
const measured = new Map<string, Figures>(contenders.map((c) => [c.name, { firstMs: [], lastMs: [], peakMb: [], rssMb: [], idleMs: [], idleRssMb: [] }]));
const loadBefore = loadavg();
for (let run = 0; run < runs; run++) {
  for (const contender of contenders) {
    const dir = mkdtempSync(join(tmpdir(), 'kaja-startup-'));
    const zoneFile = join(dir, `${zone}.zone`);
    writeFileSync(zoneFile, zoneText);
    const port = await freePort();
    const cacheBefore = contender.serving ? cacheEntries() : undefined;
    const started = performance.now();
    const server = contender.start(dir, port, zoneFile);
    try {
      const serving = contender.serving?.(server);
      await waitForAnswer(port, server, zone, answerTimeoutMs);
      const firstMs = performance.now() - started;
      await waitForAddress(port, server, lastName, lastAddress!, answerTimeoutMs);
      await serving;
      const lastMs = performance.now() - started;
      const entry = measured.get(contender.name)!;
      entry.firstMs.push(firstMs);
      entry.lastMs.push(lastMs);
      entry.peakMb.push(groupPeakRssKb(server.pid!) / 1024);
      entry.rssMb.push(groupRssKb(server.pid!) / 1024);
      await waitForIdle(server.pid!);
      // Idle is known a second after it began.
      entry.idleMs.push(performance.now() - started - 1000);
      entry.idleRssMb.push(groupRssKb(server.pid!) / 1024);
    } finally {
      await stop(server);
      rmSync(dir, { recursive: true, force: true });
    }
    if (cacheBefore) warmRuns.push([...cacheEntries()].every(([path, written]) => cacheBefore.get(path) === written));
  }
}
const loadAfter = loadavg();

function untilLine(server: ChildProcess, line: RegExp): Promise<void> {
  let output = '';
  return new Promise((resolve, reject) => {
    server.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (line.test(output)) resolve();
    });
    server.once('exit', (code) => reject(new Error(`exited with code ${code} before it served`)));
  });
}

/** Waits until `name` resolves to `address` (the server may answer NXDOMAIN for it while it loads). */
async function waitForAddress(port: number, server: ChildProcess, name: string, address: string, timeoutMs: number): Promise<void> {
  const resolver = new Resolver({ timeout: 200, tries: 1 });
  resolver.setServers([`127.0.0.1:${port}`]);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`exited with code ${server.exitCode}`);
    try {
      if ((await resolver.resolve4(name)).includes(address)) return;
    } catch {
      // Not yet.
    }
    await sleep(20);
  }
  throw new Error(`did not answer for ${name} within ${timeoutMs / 1000} s`);
}

const knot = measured.get('Knot DNS')!;
const header = ['Server', 'First answer ms', 'Last name answered ms', 'x Knot', 'Peak RSS MB', 'x Knot', 'RSS serving MB', 'Idle ms', 'RSS idle MB'];
const rows = [...measured].map(([name, m]) => [
  name,
  median(m.firstMs).toFixed(0),
  median(m.lastMs).toFixed(0),
  `${(median(m.lastMs) / median(knot.lastMs)).toFixed(2)}x`,
  median(m.peakMb).toFixed(1),
  `${(median(m.peakMb) / median(knot.peakMb)).toFixed(2)}x`,
  median(m.rssMb).toFixed(1),
  median(m.idleMs).toFixed(0),
  median(m.idleRssMb).toFixed(1),
]);
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
const load = (l: number[]) => l.map((n) => n.toFixed(2)).join(' ');
console.log(
  `${runs} run(s), ${workers === 1 ? 'one worker each' : `${workers} Kaja DNS workers, one NSD and Knot DNS server process`}, a ${lines.length}-line zone; medians; load average ${load(loadBefore)} before, ${load(loadAfter)} after`,
);
for (const row of [header, ...rows]) console.log(line(row));
const warm = warmRuns.filter(Boolean).length;
console.log(`Kaja DNS compile cache ${compileCache}: warm in ${warm} of ${warmRuns.length} run(s)`);
