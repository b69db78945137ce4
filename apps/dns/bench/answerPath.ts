// `npm run bench:dns-answer [-- --rounds N --passes N --path NAME --questions all|held|made-up]`: the answer path of `bench:dns` without the kernel.
// The bench zone's query mix is answered in this process, through the batched addon's `onBatch`
// (the addon replaced by one that hands over batches of 64 already received), through what node
// dgram's message handler does, and through `respond` and `respondFromCache` alone; then as many
// names never asked before (NXDOMAIN, as a random-name flood asks), which no cache answers; then
// `bench:dnssec`'s first pass (`first pass, NSEC`, `first pass, NSEC3`): its queries with DO through
// `onBatch`, each pass by a responder with an empty answer cache over the bench zone signed ahead
// (`--questions`: all of them, or only those for names the zone holds, or only the made-up ones);
// prints the median nanoseconds per query. Under dnsperf on two cores a profile sees mostly the kernel, so a
// change to our JavaScript is measured here.
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { exitWithUsageOnHelp } from '@kaja/test-support/benchUsage';
import { generateCryptokey, signatureCacheCounts } from '@kaja/dnssec';
import { StaticKeySource } from '../src/keySource';
import { keyRecords } from '../src/publishedKeys';
import { Responder } from '../src/respond';
import { ZoneSigning } from '../src/signing';
import { listenUdpBatch } from '../src/udpBatch';
import { loadZoneText } from '../src/zoneFile';
import { ZoneStore } from '../src/zoneStore';
import { benchQueries, benchZoneFile, benchZoneName, madeUpQuestion } from './benchZone';

exitWithUsageOnHelp();

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '7' },
    passes: { type: 'string', default: '8' },
    path: { type: 'string' },
    questions: { type: 'string', default: 'all' },
  },
});
const rounds = Number(values.rounds);
const passes = Number(values.passes);
if (!Number.isInteger(rounds) || rounds < 1 || !Number.isInteger(passes) || passes < 1) throw new Error('--rounds and --passes must be positive whole numbers');

/** dnsperf's `-D`: an OPT record (EDNS0, 4096-octet payload) with the DO bit. */
const doOpt = Buffer.from([0, 0, 41, 0x10, 0, 0, 0, 0x80, 0, 0, 0]);

/** A query as dnsperf sends it: recursion desired, no EDNS, or EDNS with DO (`-D`) when `dnssecOk`. */
function query(id: number, line: string, dnssecOk = false): Buffer {
  const [name = '', type = 'A'] = line.split(' ');
  const labels = name.split('.').filter((label) => label !== '');
  const questionEnd = 12 + labels.reduce((n, label) => n + label.length + 1, 1) + 4;
  const packet = Buffer.alloc(questionEnd + (dnssecOk ? doOpt.length : 0));
  packet.writeUInt16BE(id & 0xffff, 0);
  packet.writeUInt16BE(0x0100, 2);
  packet.writeUInt16BE(1, 4);
  if (dnssecOk) {
    packet.writeUInt16BE(1, 10);
    doOpt.copy(packet, questionEnd);
  }
  let at = 12;
  for (const label of labels) {
    packet[at++] = label.length;
    at += packet.write(label, at, 'ascii');
  }
  packet[at++] = 0;
  packet.writeUInt16BE(type === 'TXT' ? 16 : 1, at);
  packet.writeUInt16BE(1, at + 2);
  return packet;
}

const packets = benchQueries()
  .split('\n')
  .filter((line) => line !== '')
  .map((line, i) => query(i, line));

/** A responder as `main.ts` builds one for `bench:dns`: the bench zone, rate limiting off (`notLimited`). */
function benchResponder(): Responder {
  const zones = new ZoneStore();
  zones.put(loadZoneText(benchZoneName, benchZoneFile()));
  return new Responder(zones, { nodeName: 'bench' });
}

/** 127.0.0.1 as a Linux `sockaddr_in`, and its network as `clientNetwork` numbers it. */
const peerAddress = Buffer.from([2, 0, 0, 53, 127, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
const peerNetwork = 0x7f0000;

type Path = (packet: Buffer) => void;

/** `onBatch` of `listenUdpBatch`, fed by an addon that has just received `BATCH` packets (by default `bench:dns`'s queries). */
function batchPath(responder: Responder, queries = packets): { answerAll(): number } {
  const BATCH = 64;
  const SLOT = 4096;
  let input: Buffer = Buffer.alloc(0);
  let meta: Int32Array = new Int32Array(0);
  let onBatch: (count: number) => void = () => {};
  let sent = 0;
  const addon = {
    BATCH,
    SLOT,
    open(_host: string, _port: number, i: Buffer, _o: Buffer, m: Int32Array, callback: (count: number) => void): [unknown, number] {
      [input, meta, onBatch] = [i, m, callback];
      return [{}, 53];
    },
    peer: () => peerAddress,
    sendTo: () => ++sent,
    close() {},
  };
  listenUdpBatch(addon, '127.0.0.1', 53, responder);
  // Two numbers per packet before the addon passed each one's network, three since.
  const stride = meta.length / BATCH;
  return {
    answerAll() {
      let answers = 0;
      for (let start = 0; start < queries.length; start += BATCH) {
        const count = Math.min(BATCH, queries.length - start);
        for (let i = 0; i < count; i++) {
          const packet = queries[start + i]!;
          packet.copy(input, i * SLOT);
          meta[i * stride] = packet.length;
          meta[i * stride + 1] = 0;
          if (stride > 2) meta[i * stride + 2] = peerNetwork;
        }
        onBatch(count);
        for (let i = 0; i < count; i++) if (meta[i * stride + 1]! > 0) answers++;
      }
      return answers + sent;
    },
  };
}

interface Counters {
  took?(milliseconds: number, count?: number): void;
}

// Before rate limiting there was no client network to read from the address.
const clientNetwork = await import('../src/responseRateLimit').then(
  (module) => module.clientNetwork,
  () => undefined,
);

/** What `listenUdp`'s message handler does for one datagram, the socket left out. */
function dgramPath(responder: Responder): Path {
  const metrics = (responder as { metrics?: Counters }).metrics;
  const limited = (responder as { rateLimiter?: unknown }).rateLimiter !== undefined;
  const address = '127.0.0.1';
  // Before the metrics, the handler read no clock.
  if (metrics?.took === undefined || clientNetwork === undefined) return (packet) => void responder.respond(packet, false, address);
  return (packet) => {
    const started = performance.now();
    const reply = responder.respond(packet, false, address, limited ? clientNetwork(address) : -1);
    if (reply instanceof Buffer) metrics.took!(performance.now() - started);
  };
}

/**
 * `respond` for names never asked before, each answered whole (lookup and encoding), as under a
 * flood of random names: every query's first label is a number written anew for each answer.
 */
function newNamesPath(responder: Responder): { answerAll(): number } {
  const DIGITS = 10;
  const packet = query(0, `${'0'.repeat(DIGITS)}.${benchZoneName} A`);
  let next = 0;
  return {
    answerAll() {
      for (let i = 0; i < packets.length; i++) {
        let n = next++;
        for (let at = 12 + DIGITS; at > 12; at--, n = Math.floor(n / 10)) packet[at] = 0x30 + (n % 10);
        void responder.respond(packet, false, '127.0.0.1', peerNetwork);
      }
      return packets.length;
    },
  };
}

// --questions held or made-up: the first passes ask only the names the zone holds, or only the others.
if (!['all', 'held', 'made-up'].includes(values.questions)) throw new Error('--questions must be all, held or made-up');
const signedPackets = benchQueries()
  .split('\n')
  .filter((line) => line !== '' && (values.questions === 'all' || (values.questions === 'made-up') === madeUpQuestion(line)))
  .map((line, i) => query(i, line, true));

/**
 * The bench zone signed (ECDSAP256SHA256, NSEC or NSEC3) and signed ahead whole, as `bench:dnssec`'s
 * server is once ready: every signature made, the NSEC/NSEC3 chain built.
 */
async function signedAhead(nsec3: boolean): Promise<{ zones: ZoneStore; signing: ZoneSigning }> {
  const settings = { keys: [generateCryptokey({ keytype: 'ksk', algorithm: 13 }), generateCryptokey({ keytype: 'zsk', algorithm: 13 })], nsec3 };
  const zones = new ZoneStore();
  zones.put(loadZoneText(benchZoneName, benchZoneFile(), benchZoneName, keyRecords(benchZoneName, settings)));
  const signing = new ZoneSigning(zones, new StaticKeySource([[benchZoneName, settings]]));
  // The signing threads do not keep a process alive: this does, until they are done.
  const alive = setInterval(() => {}, 1000);
  await signing.ready();
  await signing.signedAhead();
  clearInterval(alive);
  signings.push(signing);
  return { zones, signing };
}

/**
 * `bench:dnssec`'s first pass: its query file once, with DO, through `onBatch` as the server's
 * UDP path answers, by a responder whose answer cache is empty (a new one each pass), over a zone
 * signed ahead. Names asked again within the pass (the hosts) come from the answer cache, as they
 * do under dnsperf; wildcard and NXDOMAIN names are new.
 */
function firstPassPath({ zones, signing }: { zones: ZoneStore; signing: ZoneSigning }): { answerAll(): number } {
  return {
    answerAll() {
      const responder = new Responder(zones, { nodeName: 'bench', signing });
      return batchPath(responder, signedPackets).answerAll();
    },
  };
}

const out = Buffer.alloc(4096);
const paths: Record<string, (responder: Responder) => Path | { answerAll(): number }> = {
  'batch onBatch': batchPath,
  'dgram handler': dgramPath,
  respond: (responder) => (packet) => void responder.respond(packet, false, '127.0.0.1', peerNetwork),
  respondFromCache: (responder) => (packet) => void responder.respondFromCache(packet, out, 0, peerNetwork),
  'respond, new names': newNamesPath,
};
const signedPaths: Record<string, () => Promise<{ answerAll(): number }>> = {
  'first pass, NSEC': async () => firstPassPath(await signedAhead(false)),
  'first pass, NSEC3': async () => firstPassPath(await signedAhead(true)),
};
/** Signing of the signed paths, closed at the end (its threads would keep the process). */
const signings: ZoneSigning[] = [];

function answerAll(path: Path | { answerAll(): number }): void {
  if ('answerAll' in path) {
    path.answerAll();
    return;
  }
  for (const packet of packets) path(packet);
}

console.log(
  `${packets.length} queries of bench:dns (the first passes: ${signedPackets.length}, --questions ${values.questions}), ${passes} passes per round, ${rounds} rounds; median CPU ns per query (cold: the first pass, every answer encoded, wall clock)`,
);
// --path names one path, as when run under `valgrind --tool=callgrind` for its instruction counts.
const chosen = <T>(all: Record<string, T>) => Object.entries(all).filter(([name]) => values.path === undefined || values.path === name);
/** Each path, with what its cold (first) pass does: respondFromCache alone never fills the cache, it is filled by respond first. */
const made: [string, () => Promise<{ path: Path | { answerAll(): number }; cold: () => void; questions: number }>][] = [
  ...chosen(paths).map(([name, make]): (typeof made)[number] => [
    name,
    async () => {
      const responder = benchResponder();
      const path = make(responder);
      const fill = () => {
        for (const packet of packets) void responder.respond(packet, false, '127.0.0.1', peerNetwork);
      };
      return { path, cold: name === 'respondFromCache' ? fill : () => answerAll(path), questions: packets.length };
    },
  ]),
  ...chosen(signedPaths).map(([name, make]): (typeof made)[number] => [
    name,
    async () => {
      const path = await make();
      return { path, cold: () => answerAll(path), questions: signedPackets.length };
    },
  ]),
];
for (const [name, make] of made) {
  const { path, cold: coldPass, questions } = await make();
  const missesBefore = signatureCacheCounts.misses;
  const started = process.hrtime.bigint();
  coldPass();
  const cold = Number(process.hrtime.bigint() - started) / questions;
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    // CPU time rather than the wall clock: on a shared machine this process is not always running.
    const cpu = process.cpuUsage();
    for (let pass = 0; pass < passes; pass++) answerAll(path);
    const { user, system } = process.cpuUsage(cpu);
    times.push(((user + system) * 1000) / (questions * passes));
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  // Signed ahead whole, the answers should make no signature: one made here would be measured too.
  const online = name in signedPaths ? `; ${signatureCacheCounts.misses - missesBefore} signatures made when asked` : '';
  console.log(
    `${name.padEnd(18)} ${median.toFixed(1).padStart(7)} ns/query (min ${times[0]!.toFixed(1)}, max ${times.at(-1)!.toFixed(1)}; cold ${cold.toFixed(0)} ns${online})`,
  );
}
for (const signing of signings) signing.close();
