// Abusive clients against a DNS-only node (2 workers, the defaults an operator runs: response rate
// limiting on, the TCP limits of `npm run dns`): TCP clients that never read, slowloris, pipelining
// floods and random-name UDP floods, all from 127.0.0.1. Meanwhile a normal client in another
// network asks over UDP and TCP and must be answered, right and within a second, and the node's
// memory stays bounded. After each: every worker's signed answers validate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nonReadingClients, pipeliningFlood, randomNameFlood, slowlorisClients } from './abusiveClients';
import { validateEveryWorker } from './everyWorker';
import { answersWith, probeLatency, type LatencyProbe } from './latencyProbe';
import { residentMb, sampleRss } from './rssSampler';
import { scenario, type Scenario } from './scenarios';
import { startSignedNodeBench, type RunningNode, type SignedNodeBench } from './signedNode';

let bench: SignedNodeBench;
let node: RunningNode;
/** The node's resident set once it serves and has answered every kind of question once. */
let settledMb: number;

beforeAll(async () => {
  bench = await startSignedNodeBench();
  node = await bench.startNode();
  await everyWorkerValidates(undefined);
  settledMb = residentMb(node.pid)!;
});

afterAll(async () => {
  await node?.stop('SIGTERM');
  await bench?.close();
});

async function everyWorkerValidates(record: Scenario | undefined): Promise<void> {
  const { zone } = bench;
  const result = await validateEveryWorker({
    port: bench.port,
    zone: zone.name,
    anchors: bench.anchors,
    questions: [
      [`www.${zone.name}`, 'A'],
      [zone.name, 'DNSKEY'],
      [`no-such-name.${zone.name}`, 'A'],
    ],
  });
  record?.note(`afterwards: ${result.answers} DO answers, ${result.distinct} different, ${result.validated} validated by delv`);
  expect(result.failures).toEqual([]);
}

/** A normal client in networks of its own asking www over UDP and over TCP while `abuse` runs. */
async function whileNormalClientsAsk(record: Scenario, abuse: () => Promise<void>): Promise<void> {
  const accepts = answersWith(['192.0.2.1']);
  const name = `www.${bench.zone.name}`;
  const probes: LatencyProbe[] = [
    await probeLatency({ port: bench.port, name, type: 'A', accepts, source: '127.0.1.1' }),
    await probeLatency({ port: bench.port, name, type: 'A', accepts, source: '127.0.3.1', tcp: true, intervalMs: 250 }),
  ];
  const rss = sampleRss(node.pid);
  try {
    await abuse();
  } finally {
    for (const [index, probe] of probes.entries()) {
      const figures = await probe.stop();
      record.probed(figures);
      record.note(
        `normal ${index === 0 ? 'UDP' : 'TCP'} client: ${figures.sent - figures.lost}/${figures.sent} answered within 1 s, max ${figures.max.toFixed(0)} ms`,
      );
      expect.soft(probe.wrongAnswers(), 'the normal client is answered right').toEqual([]);
    }
    record.rss(rss.stop());
    record.note(`node resident set ${settledMb.toFixed(0)} MB settled, ${record.maxRssMb!.toFixed(0)} MB at most during the abuse`);
  }
  expect.soft(record.answersLost, 'the normal client is answered within a second').toBe(0);
  await everyWorkerValidates(record);
}

const seconds = (s: number) => new Promise((resolve) => setTimeout(resolve, s * 1000));

describe('a DNS-only node and abusive clients', () => {
  it('5a. slowloris: connections trickling a query are closed, others answered', async () => {
    const record = scenario('abuse: 60 slowloris connections');
    await whileNormalClientsAsk(record, async () => {
      const slow = await slowlorisClients(bench.port, 60);
      try {
        // The I/O timeout (2 s) closes a connection whose query has not arrived whole in one to two of them.
        await expect.poll(() => slow.closedByServer(), { timeout: 10_000, interval: 200 }).toBe(60);
        record.note(`${slow.closedByServer()}/60 slowloris connections closed by the node`);
      } finally {
        slow.stop();
      }
    });
  });

  it('5b. pipelining flood over TCP: answered as fast as read, others answered', async () => {
    const record = scenario('abuse: pipelining flood, 16 TCP conns');
    await whileNormalClientsAsk(record, async () => {
      const flood = await pipeliningFlood(bench.port, 16, `www.${bench.zone.name}`, 8);
      record.note(`pipelining flood: ${flood.answered}/${flood.sent} answered in 8 s`);
      expect(flood.answered).toBeGreaterThan(0);
    });
    // What a reading client costs is the answers in flight: a few MB, not hundreds.
    expect(record.maxRssMb! - settledMb).toBeLessThan(100);
  });

  it('5c. random-name UDP flood: rate limited, others answered', async () => {
    const record = scenario('abuse: random-name UDP flood 10k q/s');
    await whileNormalClientsAsk(record, async () => {
      // 10,000 a second: a flood response rate limiting must meet, which this 2-core machine can send
      // beside the node it floods. At 20,000 the sender and the node share both cores to the full,
      // and what is measured is the machine (the sender itself reached 11,000 a second under load).
      const flood = await randomNameFlood(bench.port, bench.zone.name, 8, 10_000);
      record.note(`random-name flood: ${flood.sent} queries in 8 s, ${flood.answered} answered (the rest limited or dropped)`);
    });
    // Until it is full, each worker's answer cache admits every name (200,000 by default; decision
    // 041): signed denials of never-repeated names fill it. Bounded by names, not bytes: 226 MB
    // was measured here, and 400 MB allows for both workers' caches filling.
    const grew = record.maxRssMb! - settledMb;
    record.note(`resident set grew by ${grew.toFixed(0)} MB (bound: 400 MB)`);
    expect(grew).toBeLessThan(400);
  });

  it('5d. TCP clients that never read: memory stays bounded, others answered', async () => {
    const record = scenario('abuse: 40 non-reading TCP conns');
    // What the node holds now, after the floods before (their answer caches stay full): the
    // growth is the non-reading clients' own.
    const before = residentMb(node.pid)!;
    await whileNormalClientsAsk(record, async () => {
      // Each asks ~60 KB of DO queries for the large signed TXT set: ~8 MB of answers apiece.
      const clients = await nonReadingClients(bench.port, 40, `big.${bench.zone.name}`, 'TXT');
      try {
        await seconds(8);
        record.note(`${clients.opened} non-reading connections, ${clients.closedByServer()} closed by the node within 8 s`);
      } finally {
        clients.stop();
      }
    });
    // Bounded as Knot and NSD bound it (reading stops while a connection's unsent answers exceed a
    // small limit): 40 connections may cost a few MB each at most; unbounded they cost 17–24 MB each.
    const grew = record.maxRssMb! - before;
    record.note(`resident set grew by ${grew.toFixed(0)} MB (bound: 100 MB)`);
    expect(grew).toBeLessThan(100);
  });
});
