// `npm run bench:dns [-- --runs N --workers N]`: the same zone and query mix served by this server
// (standalone mode), NSD and Knot DNS, one worker each (this server: unless `--workers`), each
// measured by dnsperf in one run; prints the median QPS and latency, the queries lost, and our ratio
// to each. One worker each because the machines measured on have two cores, which dnsperf shares:
// a second worker there costs more processor time per answer than it adds.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchQueries, benchZoneFile, benchZoneName } from './benchZone';
import { wholeNumberFlags } from './options';
import { countedNotLimited, dnsperf, freePort, resultTable, startKaja, startKnot, startNsd, stop, waitForAnswer, type Measurement } from './servers';

const dnsperfArgs = ['-c', '4', '-q', '200', '-T', '1', '-l', '8'];

interface Contender {
  name: string;
  start(dir: string, port: number, zoneFile: string): ChildProcess;
}

const { runs, workers } = wholeNumberFlags({ runs: 3, workers: 1 });

const kaja =
  (udp: 'batch' | 'dgram'): Contender['start'] =>
  (_dir, port, zoneFile) =>
    startKaja(port, benchZoneName, zoneFile, ['--udp', udp, '--workers', String(workers)], countedNotLimited);

// BENCH_DNS_UDP=dgram measures only the fallback (as where the addon cannot be built); default: both.
const udpModes = (process.env.BENCH_DNS_UDP ?? 'batch,dgram').split(',');
if (udpModes.some((mode) => mode !== 'batch' && mode !== 'dgram')) throw new Error('BENCH_DNS_UDP must list batch and/or dgram');

const contenders: Contender[] = [
  // UDP batched by the addon, and through node's dgram (a socket per worker with SO_REUSEPORT).
  ...(udpModes.includes('batch') ? [{ name: 'Kaja DNS', start: kaja('batch') }] : []),
  ...(udpModes.includes('dgram') ? [{ name: 'Kaja DNS (dgram)', start: kaja('dgram') }] : []),
  { name: 'NSD', start: (dir, port, zoneFile) => startNsd(dir, port, benchZoneName, zoneFile) },
  { name: 'Knot DNS', start: (dir, port, zoneFile) => startKnot(dir, port, benchZoneName, zoneFile) },
];

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
  console.log('Kaja DNS counts every answer for response rate limiting, at a rate never reached (NSD and Knot DNS without it)');

  const started: { contender: Contender; port: number }[] = [];
  for (const contender of contenders) {
    const port = await freePort();
    const server = contender.start(mkdtempSync(join(dir, 'server-')), port, zoneFile);
    running.add(server);
    try {
      // Start-up is not measured; on a busy machine loading a big zone takes a while.
      await waitForAnswer(port, server, benchZoneName, 180_000);
      started.push({ contender, port });
    } catch (error) {
      console.error(`${contender.name}: ${(error as Error).message}`);
    }
  }

  const measured = new Map<string, Measurement[]>(started.map(({ contender }) => [contender.name, []]));
  // Rounds of measurements, servers taking turns, so a change in the machine's load hits all alike.
  for (let round = 0; round < runs; round++) {
    for (const { contender, port } of started) measured.get(contender.name)!.push(dnsperf(port, queryFile, dnsperfArgs));
  }

  console.log(`${runs} runs per server, servers taking turns; Kaja DNS with ${workers} worker(s), NSD and Knot DNS with one`);
  for (const line of resultTable(measured, 'Kaja DNS', 'Kaja DNS / this')) console.log(line);
  if (started.length < contenders.length) process.exitCode = 1;
} finally {
  await cleanUp();
}
