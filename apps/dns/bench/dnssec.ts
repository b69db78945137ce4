// `npm run bench:dnssec [-- --runs N --seconds S --records N --names N]`: the signed-zone benchmark.
// The zone and query mix of `bench:dns` (hits, CNAME chains, wildcards, NXDOMAIN, NODATA; `--names`
// names, about 1.4 records each), signed by this server (keys made at start, ECDSAP256SHA256) and by
// Knot DNS (automatic signing, same algorithm), one worker each, with NSEC and with NSEC3, measured
// by dnsperf with the DO bit set (-D): first the first pass (every query of the file once, on a
// server just started, once it is ready: answering signed and idle, its zone signed), then the
// second pass (the file once more: a name the zone does not hold is kept in our answer cache from
// its second query), then the steady state: each as answers a second and as the server's processor
// time per answer; with the time from start to ready and the memory (RSS) when ready and after the first
// pass. Then the time to sign a 100,000-record zone from cold (packages/dnssec/bench/sign.ts). The
// load average is printed before and after: the machine may be shared.
import { type ChildProcess, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { benchQueries, benchZoneFile, benchZoneName } from './benchZone';
import { groupRssKb } from '@kaja/test-support/processes';
import { wholeNumberFlags } from './options';
import {
  dnsperfWithCpu,
  freePort,
  loadAverage,
  median,
  notLimited,
  resultTable,
  startKaja,
  startKnot,
  stop,
  waitForAnswer,
  waitForIdle,
  type Measurement,
} from './servers';

const { runs, seconds, records, names } = wholeNumberFlags({ runs: 3, seconds: 8, records: 100_000, names: 10_000 });
const dnsperfArgs = ['-D', '-c', '4', '-q', '200', '-T', '1', '-l', String(seconds)];
const signBench = fileURLToPath(new URL('../../../packages/dnssec/bench/sign.ts', import.meta.url));
const benchRunner = fileURLToPath(new URL('../../../scripts/bench.mjs', import.meta.url));

interface Contender {
  name: string;
  start(dir: string, port: number, zoneFile: string): ChildProcess;
}

const contenders: Contender[] = [false, true].flatMap((nsec3) => {
  const denial = nsec3 ? 'NSEC3' : 'NSEC';
  return [
    {
      name: `Kaja DNS, ${denial}`,
      start: (_dir: string, port: number, zoneFile: string) =>
        // Rate limiting off, as in bench:dns: Knot runs without it, and at our default one client's
        // NXDOMAIN and NODATA answers (one account per zone) would be dropped.
        // One worker, as Knot's: a second thread on two cores shared with dnsperf costs more
        // processor time per answer in smaller batches, and the port's hash decides its share.
        startKaja(port, benchZoneName, zoneFile, ['--workers', '1', '--dnssec', benchZoneName, ...(nsec3 ? ['--nsec3', benchZoneName] : [])], notLimited),
    },
    { name: `Knot DNS, ${denial}`, start: (dir: string, port: number, zoneFile: string) => startKnot(dir, port, benchZoneName, zoneFile, { nsec3 }) },
  ];
});

/** Waits until the apex SOA comes with its RRSIG: a signing server may answer before it has signed. */
async function waitForSignature(port: number): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const dig = spawnSync('kdig', ['@127.0.0.1', '-p', String(port), '+dnssec', '+retry=0', '+timeout=1', benchZoneName, 'SOA'], { encoding: 'utf8' });
    if (/\sRRSIG\s+SOA\s/.test(dig.stdout)) return;
    await sleep(200);
  }
  throw new Error('served no signed SOA within 120 s');
}

/** Each server's processor time per query answered, the median of its runs. */
function printCpu(perRun: Map<string, number[]>): void {
  console.log('Processor time of the server per query answered (user and system, every thread; median of the runs):');
  for (const [name, all] of perRun) console.log(`  ${name.padEnd(16)} ${median(all).toFixed(2)} µs`);
}

const dir = mkdtempSync(join(tmpdir(), 'kaja-bench-dnssec-'));
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
  writeFileSync(zoneFile, benchZoneFile(names));
  writeFileSync(queryFile, benchQueries(names));
  console.log(`Signed zone ${benchZoneName}: ${benchZoneFile(names).split('\n').length - 1} lines, ECDSAP256SHA256; dnsperf ${dnsperfArgs.join(' ')}`);
  console.log(`Before: ${loadAverage()}; the machine may be shared with other work`);

  const measured = new Map<string, Measurement[]>(contenders.map(({ name }) => [name, []]));
  /** The pass over the query file on a server just started and ready, per run. */
  const firstPass = new Map<string, Measurement[]>(contenders.map(({ name }) => [name, []]));
  const secondPass = new Map<string, Measurement[]>(contenders.map(({ name }) => [name, []]));
  /** Seconds from start to ready, and kB of RSS when ready and after the first pass, per run. */
  const readiness = new Map<string, { seconds: number; readyKb: number; firstPassKb: number }[]>(contenders.map(({ name }) => [name, []]));
  /** Processor microseconds of the server per query answered, per run: in the first pass, the second, the steady state. */
  const firstPassCpu = new Map<string, number[]>(contenders.map(({ name }) => [name, []]));
  const secondPassCpu = new Map<string, number[]>(contenders.map(({ name }) => [name, []]));
  const cpu = new Map<string, number[]>(contenders.map(({ name }) => [name, []]));
  let failed = false;
  // Each run on a server started for it: how one process's threads and memory happen to be placed
  // moved a server's figure by more than the servers differ, run after run of the same process.
  for (let round = 0; round < runs; round++) {
    for (const contender of contenders) {
      const port = await freePort();
      const started = performance.now();
      const server = contender.start(mkdtempSync(join(dir, 'server-')), port, zoneFile);
      running.add(server);
      try {
        await waitForAnswer(port, server, benchZoneName, 120_000);
        await waitForSignature(port);
        await waitForIdle(server.pid!);
        const ready = { seconds: (performance.now() - started) / 1000, readyKb: groupRssKb(server.pid!) };
        // The first pass: each name asked the first time since start; the second, made-up names asked again.
        // Measured then is the steady state, signatures made and answers cached.
        const pass = ['-D', '-c', '4', '-q', '200', '-T', '1', '-n', '1'];
        const first = dnsperfWithCpu(server.pid!, port, queryFile, pass);
        firstPass.get(contender.name)!.push(first.run);
        firstPassCpu.get(contender.name)!.push(first.microsPerAnswer);
        readiness.get(contender.name)!.push({ ...ready, firstPassKb: groupRssKb(server.pid!) });
        const second = dnsperfWithCpu(server.pid!, port, queryFile, pass);
        secondPass.get(contender.name)!.push(second.run);
        secondPassCpu.get(contender.name)!.push(second.microsPerAnswer);
        const { run, microsPerAnswer } = dnsperfWithCpu(server.pid!, port, queryFile, dnsperfArgs);
        cpu.get(contender.name)!.push(microsPerAnswer);
        measured.get(contender.name)!.push(run);
      } catch (error) {
        console.error(`${contender.name}: ${(error as Error).message}`);
        failed = true;
      } finally {
        await stop(server);
        running.delete(server);
      }
    }
  }
  // A server that failed every run is left out of the table.
  for (const [name, all] of measured) {
    if (all.length > 0) continue;
    measured.delete(name);
    for (const perServer of [firstPass, secondPass, firstPassCpu, secondPassCpu, cpu]) perServer.delete(name);
  }

  console.log(`After: ${loadAverage()}`);
  console.log(
    `First pass: every query of the file once, queries with DO, on a server started for the run once ready (answering signed, idle); ${runs} runs per server`,
  );
  for (const line of resultTable(firstPass, 'Kaja DNS, NSEC', 'Kaja DNS, NSEC / this')) console.log(line);
  const firstQps = (name: string) => median((firstPass.get(name) ?? []).map((m) => m.qps));
  printCpu(firstPassCpu);
  console.log(
    `First pass, Kaja / Knot: NSEC ${(firstQps('Kaja DNS, NSEC') / firstQps('Knot DNS, NSEC')).toFixed(2)}x, NSEC3 ${(firstQps('Kaja DNS, NSEC3') / firstQps('Knot DNS, NSEC3')).toFixed(2)}x`,
  );
  console.log('Start to ready (signed SOA answered, server idle), RSS when ready and after the first pass (medians):');
  for (const [name, all] of readiness) {
    if (all.length === 0) continue;
    const mb = (kb: number[]) => `${(median(kb) / 1024).toFixed(0)} MB`;
    console.log(
      `  ${name.padEnd(16)} ${median(all.map((r) => r.seconds)).toFixed(1)} s, ${mb(all.map((r) => r.readyKb))} ready, ${mb(all.map((r) => r.firstPassKb))} after the first pass`,
    );
  }
  console.log('');
  console.log('Second pass: the file once more, right after the first');
  for (const line of resultTable(secondPass, 'Kaja DNS, NSEC', 'Kaja DNS, NSEC / this')) console.log(line);
  printCpu(secondPassCpu);
  console.log('');
  console.log(`Steady state: ${runs} runs per server, servers taking turns, each run on a server started for it after the second pass; queries with DO`);
  const table = resultTable(measured, 'Kaja DNS, NSEC', 'Kaja DNS, NSEC / this');
  for (const line of table) console.log(line);
  // Answers a second follow how the two cores are shared with dnsperf and the kernel in each run;
  // the processor time a server spends per answer does much less.
  printCpu(cpu);
  const perAnswer = (name: string) => median(cpu.get(name) ?? [Number.NaN]);
  console.log(`Kaja DNS, NSEC3 / Knot DNS, NSEC3, answers per processor second: ${(perAnswer('Knot DNS, NSEC3') / perAnswer('Kaja DNS, NSEC3')).toFixed(2)}x`);
  const nsec3Kaja = measured.get('Kaja DNS, NSEC3');
  const nsec3Knot = measured.get('Knot DNS, NSEC3');
  if (nsec3Kaja && nsec3Knot) {
    const qps = (all: Measurement[]) => all.map((m) => m.qps).sort((a, b) => a - b)[all.length >> 1]!;
    console.log(`Kaja DNS, NSEC3 / Knot DNS, NSEC3: ${(qps(nsec3Kaja) / qps(nsec3Knot)).toFixed(2)}x`);
  }
  if (failed) process.exitCode = 1;

  console.log('');
  // Built as the servers are, as `npm run bench:dnssec:sign` runs it: what ships is timed.
  const sign = spawnSync(process.execPath, [benchRunner, '--bundled', signBench], {
    stdio: 'inherit',
    env: { ...process.env, RECORDS: String(records) },
  });
  if (sign.status !== 0) process.exitCode = 1;
} finally {
  await cleanUp();
}
