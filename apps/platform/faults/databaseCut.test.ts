// A DNS-only node (2 workers) serving a signed zone while its database goes away and comes back,
// while the node is killed and restarted (from its snapshot) and while its worker threads die.
// Throughout: no wrong answer (a probe checks every answer), every worker's signed answers
// validate with delv, and every change the API accepted reaches every worker.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answersOfEveryWorker, validateEveryWorker } from './everyWorker';
import { answersWith, probeLatency } from './latencyProbe';
import { sampleRss } from './rssSampler';
import { scenario, type Scenario } from './scenarios';
import { startSignedNodeBench, type SignedNodeBench } from './signedNode';
import { freePort } from '@kaja/test-support/ports';
import { crashWorker } from '@kaja/dns/testing/workerFault';

let bench: SignedNodeBench;

beforeAll(async () => {
  bench = await startSignedNodeBench();
});

afterAll(async () => {
  await bench?.close();
});

const www = () => `www.${bench.zone.name}`;

/** Every worker's DO answers validate: a positive answer, the DNSKEY set and a denial. */
async function everyWorkerValidates(record: Scenario, step: string): Promise<void> {
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
  record.note(`${step}: ${result.answers} DO answers, ${result.distinct} different, ${result.validated} validated by delv`);
  for (const failure of result.failures.slice(0, 4)) record.note(`${step}: ${failure}`);
  expect.soft(result.failures, `${step}: every worker's answers validate`).toEqual([]);
}

/** Waits until every worker answers `name` with `address`: the change reached them all. */
async function everyWorkerAnswers(name: string, address: string, timeout = 40_000): Promise<void> {
  await expect.poll(() => answersOfEveryWorker(bench.port, name), { timeout, interval: 250 }).toEqual([JSON.stringify(address)]);
}

const probeWww = () => probeLatency({ port: bench.port, name: www(), type: 'A', accepts: answersWith(['192.0.2.1']), source: '127.0.1.1' });

describe('a DNS-only node while its database is cut', () => {
  it('1. database cut: answers go on with the last data, signed; changes made meanwhile arrive after', async () => {
    const record = scenario('database cut (2 workers)');
    const node = await bench.startNode();
    const rss = sampleRss(node.pid);
    const probe = await probeWww();
    try {
      await everyWorkerValidates(record, 'before the cut');
      bench.cut.cut();
      // A change accepted while the node cannot hear of it.
      await bench.addA('during-cut', '192.0.2.11');
      // Past the node's periodic comparison with the database, more than once.
      await new Promise((resolve) => setTimeout(resolve, 8000));
      expect(await answersOfEveryWorker(bench.port, `during-cut.${bench.zone.name}`)).toEqual(['NXDOMAIN']);
      await everyWorkerValidates(record, 'during the cut');
      expect(node.process.output()).toContain('dns: could not compare the zones with the database');

      bench.cut.restore();
      await everyWorkerAnswers(`during-cut.${bench.zone.name}`, '192.0.2.11');
      await bench.addA('after-cut', '192.0.2.12');
      await everyWorkerAnswers(`after-cut.${bench.zone.name}`, '192.0.2.12');
      await everyWorkerValidates(record, 'after the cut');
    } finally {
      bench.cut.restore();
      record.probed(await probe.stop());
      record.rss(rss.stop());
      record.note(`${bench.cut.broken()} database connections broken by the cut`);
      await node.stop('SIGTERM');
    }
    expect(probe.wrongAnswers()).toEqual([]);
    expect(record.answersLost).toBe(0);
  });

  it('2. node kill -9 during the cut: restarts from its snapshot signed on every worker, catches up when the database returns', async () => {
    const record = scenario('kill -9 during the cut, snapshot start');
    let node = await bench.startNode();
    let rss = sampleRss(node.pid);
    try {
      await bench.snapshotCurrent();
      bench.cut.cut();
      await bench.addA('while-down', '192.0.2.21');
      await node.stop('SIGKILL');
      record.rss(rss.stop());

      node = await bench.startNode();
      rss = sampleRss(node.pid);
      expect(node.process.output()).toMatch(/from the snapshot on/);
      const probe = await probeWww();
      expect(await answersOfEveryWorker(bench.port, www())).toEqual([JSON.stringify('192.0.2.1')]);
      expect(await answersOfEveryWorker(bench.port, `while-down.${bench.zone.name}`)).toEqual(['NXDOMAIN']);
      await everyWorkerValidates(record, 'snapshot start, database cut');

      bench.cut.restore();
      await everyWorkerAnswers(`while-down.${bench.zone.name}`, '192.0.2.21');
      await everyWorkerValidates(record, 'snapshot start, database back');
      record.probed(await probe.stop());
      expect(probe.wrongAnswers()).toEqual([]);

      // Killed again with the database up: the next start is from the database.
      await node.stop('SIGKILL');
      record.rss(rss.stop());
      node = await bench.startNode();
      rss = sampleRss(node.pid);
      expect(node.process.output()).toMatch(/from the database on/);
      await everyWorkerAnswers(`while-down.${bench.zone.name}`, '192.0.2.21');
      await everyWorkerValidates(record, 'start from the database after kill -9');
    } finally {
      bench.cut.restore();
      record.rss(rss.stop());
      const problems = node.process.output().match(/^dns: .*(could not|failed).*$/gm) ?? [];
      for (const line of [...new Set(problems)].slice(0, 3)) record.note(`node said: ${line}`);
      await node.stop('SIGKILL');
    }
    expect(record.answersLost).toBe(0);
  });

  it('3. a worker thread dies: its replacement serves and signs, the lead role passes on, no change is lost', async () => {
    const record = scenario('worker thread killed (other, then lead)');
    const inspector = await freePort();
    const node = await bench.startNode({ nodeFlags: [`--inspect=127.0.0.1:${inspector}`] });
    const rss = sampleRss(node.pid);
    const probe = await probeWww();
    const began = performance.now();
    try {
      await everyWorkerValidates(record, 'before');
      let ended = 0;
      for (const which of ['other', 'lead'] as const) {
        record.note(`the ${which} worker crashed at ${((performance.now() - began) / 1000).toFixed(1)} s`);
        const threadId = await crashWorker(inspector, which);
        ended++;
        await expect
          .poll(() => node.process.output().includes(`dns: worker ${threadId} ended (1); starting another`), { timeout: 20_000 })
          .toBe(true)
          .catch((error: unknown) => {
            throw new Error(`the node did not say worker ${threadId} ended; it said:\n${node.process.output()}`, { cause: error });
          });
        // The replacement serves once it has the zones; a change made now reaches every worker.
        await bench.addA(`after-${which}`, `192.0.2.${30 + ended}`);
        await everyWorkerAnswers(`after-${which}.${bench.zone.name}`, `192.0.2.${30 + ended}`);
        await everyWorkerValidates(record, `after the ${which === 'lead' ? 'lead' : 'other'} worker died`);
      }
    } finally {
      record.probed(await probe.stop());
      record.rss(rss.stop());
      await node.stop('SIGTERM');
    }
    expect(probe.wrongAnswers()).toEqual([]);
    // A query already queued on the dying worker's socket is lost with it; a resolver retries it.
    const lost = probe.lostAt();
    if (lost.length > 0) record.note(`probe queries unanswered within 1 s were sent from ${lost[0]!.toFixed(1)} s to ${lost.at(-1)!.toFixed(1)} s`);
    expect(record.answersLost).toBeLessThanOrEqual(4);
  });
});
