// `npm run bench:dns [-- --runs N --workers N --rate N]`: the same zone and query mix served by this
// server (standalone mode), NSD and Knot DNS, one worker each (`--workers`: as many UDP workers and
// NSD server processes), each measured by dnsperf in one run; prints the median QPS and latency, the
// queries lost, and our ratio to each, then each run's QPS with the server's processor time per
// answer in it. One worker by default because the machines measured on have two cores, which
// dnsperf shares. Then each server is asked at a fixed rate (`--rate` queries a second, dnsperf
// -Q), and its processor time per answered query is printed (the process and its threads, from
// /proc), with the threads that spent it: the answers a second follow how the two cores are shared
// with dnsperf, the processor time per answer much less. BENCH_DNS_BASELINE names another build's
// main.js (a copy of dist/ made before a change), measured in the same run as "Kaja DNS
// (baseline)". The load average is printed.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchQueries, benchZoneFile, benchZoneName } from './benchZone';
import { threadCpuSeconds } from '@kaja/test-support/processes';
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
  startNsd,
  stop,
  waitForAnswer,
  type Measurement,
} from './servers';

const dnsperfArgs = ['-c', '4', '-q', '200', '-T', '1', '-l', '8'];

interface Contender {
  name: string;
  start(dir: string, port: number, zoneFile: string): ChildProcess;
}

const { runs, workers, rate } = wholeNumberFlags({ runs: 3, workers: 1, rate: 40_000 });
const baseline = process.env.BENCH_DNS_BASELINE;

const kaja =
  (udp: 'batch' | 'dgram', main?: string): Contender['start'] =>
  (_dir, port, zoneFile) =>
    startKaja(port, benchZoneName, zoneFile, ['--udp', udp, '--workers', String(workers)], notLimited, 'ignore', main);

// BENCH_DNS_UDP=dgram measures only the fallback (as where the addon cannot be built); default: both.
const udpModes = (process.env.BENCH_DNS_UDP ?? 'batch,dgram').split(',');
if (udpModes.some((mode) => mode !== 'batch' && mode !== 'dgram')) throw new Error('BENCH_DNS_UDP must list batch and/or dgram');

const contenders: Contender[] = [
  // UDP batched by the addon, and through node's dgram (a socket per worker with SO_REUSEPORT).
  ...(udpModes.includes('batch') ? [{ name: 'Kaja DNS', start: kaja('batch') }] : []),
  ...(baseline && udpModes.includes('batch') ? [{ name: 'Kaja DNS (baseline)', start: kaja('batch', baseline) }] : []),
  ...(udpModes.includes('dgram') ? [{ name: 'Kaja DNS (dgram)', start: kaja('dgram') }] : []),
  { name: 'NSD', start: (dir, port, zoneFile) => startNsd(dir, port, benchZoneName, zoneFile, workers) },
  { name: 'Knot DNS', start: (dir, port, zoneFile) => startKnot(dir, port, benchZoneName, zoneFile, undefined, workers) },
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
  console.log('Response rate limiting off on every server');
  console.log(`Before: ${loadAverage()}; the machine may be shared with other work`);

  const started: { contender: Contender; port: number; pid: number }[] = [];
  for (const contender of contenders) {
    const port = await freePort();
    const server = contender.start(mkdtempSync(join(dir, 'server-')), port, zoneFile);
    running.add(server);
    try {
      // Start-up is not measured; on a busy machine loading a big zone takes a while.
      await waitForAnswer(port, server, benchZoneName, 180_000);
      started.push({ contender, port, pid: server.pid! });
    } catch (error) {
      console.error(`${contender.name}: ${(error as Error).message}`);
    }
  }

  const measured = new Map<string, Measurement[]>(started.map(({ contender }) => [contender.name, []]));
  /** Processor microseconds of the server per answered query in each saturation run. */
  const saturationCpu = new Map<string, number[]>(started.map(({ contender }) => [contender.name, []]));
  // Rounds of measurements, servers taking turns, so a change in the machine's load hits all alike.
  for (let round = 0; round < runs; round++) {
    for (const { contender, port, pid } of started) {
      const { run, microsPerAnswer } = dnsperfWithCpu(pid, port, queryFile, dnsperfArgs);
      measured.get(contender.name)!.push(run);
      saturationCpu.get(contender.name)!.push(microsPerAnswer);
    }
  }

  // The same rounds at a fixed rate, each server's processor time read around its run.
  const fixedRate = ['-c', '4', '-q', '200', '-T', '1', '-l', '8', '-Q', String(rate)];
  const perAnswer = new Map<string, number[]>(started.map(({ contender }) => [contender.name, []]));
  const threads = new Map<string, Map<string, number>>();
  for (let round = 0; round < runs; round++) {
    for (const { contender, port, pid } of started) {
      const threadsBefore = threadCpuSeconds(pid);
      const { run, microsPerAnswer } = dnsperfWithCpu(pid, port, queryFile, fixedRate);
      perAnswer.get(contender.name)!.push(microsPerAnswer);
      if (round === runs - 1) threads.set(contender.name, threadSeconds(threadsBefore, threadCpuSeconds(pid), run.sent - run.lost));
    }
  }

  console.log(`After: ${loadAverage()}`);
  console.log(`${runs} runs per server, servers taking turns; each with ${workers} worker(s) (Knot DNS: UDP workers, NSD: server processes)`);
  for (const line of resultTable(measured, 'Kaja DNS', 'Kaja DNS / this')) console.log(line);
  // On a machine whose phases move the QPS of a run by more than the servers differ (decision 092),
  // each run is printed with what the server spent per answer in it, so that an odd run shows.
  console.log('Each run at saturation, round by round: QPS (processor time of the server per answered query, user and system, every thread)');
  for (const [name, all] of measured) {
    const cpu = saturationCpu.get(name)!;
    const runsText = all.map((run, i) => `${run.qps.toFixed(0)} (${cpu[i]!.toFixed(2)} µs)`).join('  ');
    console.log(`  ${name.padEnd(20)} ${runsText}  median ${median(cpu).toFixed(2)} µs`);
  }
  console.log(
    `Processor time of the server per answered query at ${rate} queries a second (dnsperf ${fixedRate.join(' ')}; user and system, every thread; median of ${runs} runs):`,
  );
  const oursAll = perAnswer.get('Kaja DNS') ?? [];
  const ours = median(oursAll.length > 0 ? oursAll : [Number.NaN]);
  const figures = (values: number[], unit: string) => values.map((value) => `${value.toFixed(2)}${unit}`).join(' ');
  for (const [name, all] of perAnswer) {
    const cpu = median(all);
    // Each run beside the median, and our ratio round by round: a round's runs come one after the other,
    // so its ratio moves less with the machine than the medians of separate runs do.
    const byRound = figures(
      all.map((value, i) => oursAll[i]! / value),
      'x',
    );
    const ratio = name === 'Kaja DNS' ? '' : `  (Kaja DNS / this: ${(ours / cpu).toFixed(2)}x; by round ${byRound})`;
    console.log(`  ${name.padEnd(20)} ${cpu.toFixed(2).padStart(6)} µs (runs ${figures(all, '')})${ratio}`);
    // The threads that spent it, in the last run: which of them answers, and what the others cost.
    for (const [thread, us] of threads.get(name) ?? []) console.log(`      ${thread.padEnd(24)} ${us.toFixed(2).padStart(6)} µs`);
  }
  if (started.length < contenders.length) process.exitCode = 1;
} finally {
  await cleanUp();
}

/** Microseconds per answer of each thread that used a hundredth of a second or more between the two readings. */
function threadSeconds(before: Map<string, number>, after: Map<string, number>, answers: number): Map<string, number> {
  const spent = new Map<string, number>();
  for (const [thread, seconds] of after) {
    const used = seconds - (before.get(thread) ?? 0);
    if (used >= 0.01) spent.set(thread, (used * 1e6) / answers);
  }
  return spent;
}
