// `npm run bench:dns-tcp [-- --runs N --workers N]`: the benchmark's query mix over TCP (dnsperf -m
// tcp, four connections, pipelined) against this server, NSD and Knot DNS in one run, servers taking
// turns, one worker each (this server: unless `--workers`).
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchQueries, benchZoneFile, benchZoneName } from './benchZone';
import { wholeNumberFlags } from './options';
import { dnsperf, freePort, notLimited, resultTable, startKaja, startKnot, startNsd, stop, waitForAnswer, type Measurement } from './servers';

const dnsperfArgs = ['-m', 'tcp', '-c', '4', '-q', '200', '-T', '1', '-l', '8'];

const { runs, workers } = wholeNumberFlags({ runs: 3, workers: 1 });

const contenders: { name: string; start(dir: string, port: number, zoneFile: string): ChildProcess }[] = [
  { name: 'Kaja DNS', start: (_dir, port, zoneFile) => startKaja(port, benchZoneName, zoneFile, ['--workers', String(workers)], notLimited) },
  { name: 'NSD', start: (dir, port, zoneFile) => startNsd(dir, port, benchZoneName, zoneFile) },
  { name: 'Knot DNS', start: (dir, port, zoneFile) => startKnot(dir, port, benchZoneName, zoneFile) },
];

const dir = mkdtempSync(join(tmpdir(), 'kaja-bench-tcp-'));
const running = new Set<ChildProcess>();
const cleanUp = async () => {
  await Promise.all([...running].map(stop));
  rmSync(dir, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void cleanUp().then(() => process.exit(130)));

try {
  const zoneFile = join(dir, `${benchZoneName}.zone`);
  const queryFile = join(dir, 'queries.txt');
  writeFileSync(zoneFile, benchZoneFile());
  writeFileSync(queryFile, benchQueries());
  console.log(`Zone ${benchZoneName}; dnsperf ${dnsperfArgs.join(' ')}`);

  const started: { name: string; port: number }[] = [];
  for (const contender of contenders) {
    const port = await freePort();
    const server = contender.start(mkdtempSync(join(dir, 'server-')), port, zoneFile);
    running.add(server);
    try {
      await waitForAnswer(port, server, benchZoneName, 180_000);
      started.push({ name: contender.name, port });
    } catch (error) {
      console.error(`${contender.name}: ${(error as Error).message}`);
      process.exitCode = 1;
    }
  }
  const measured = new Map<string, Measurement[]>(started.map(({ name }) => [name, []]));
  for (let round = 0; round < runs; round++) {
    for (const { name, port } of started) measured.get(name)!.push(dnsperf(port, queryFile, dnsperfArgs));
  }
  console.log(`${runs} runs per server, servers taking turns; Kaja DNS with ${workers} worker(s), NSD and Knot DNS with one`);
  for (const line of resultTable(measured, 'Kaja DNS', 'Kaja DNS / this')) console.log(line);
} finally {
  await cleanUp();
}
