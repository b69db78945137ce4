// A provider's deployment in two locations (`deployment.ts`: a primary with the API, and per
// location a delayed link, a streaming replica, two relays and a DNS-only node), the shorter
// variant of `npm run bench:locations`. Every change the API accepts reaches every node; each
// location holds a few connections on the primary whatever its nodes; and through a location cut
// off, a relay killed, a replica and the primary restarted, the nodes keep answering what they
// have and then answer every change made meanwhile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangeTracker, percentile } from './changeTracker';
import { type Deployment, scrape, startDeployment } from './deployment';
import { cutLink, type FaultFigures, killRelay, restartPrimary, restartReplica, sampleConnections } from './locationFaults';
import { scenario } from './scenarios';

let deployment: Deployment;
let tracker: ChangeTracker;

beforeAll(async () => {
  deployment = await startDeployment({
    locations: [
      { name: 'near', delayMs: 10, nodes: 1 },
      { name: 'far', delayMs: 40, nodes: 1 },
    ],
    relays: true,
    zones: 5,
  });
  tracker = new ChangeTracker(deployment);
  await tracker.start();
});

// The processes' stops are bounded by 10 s each (`stopChild`), the PostgreSQL servers' by pg_ctl's
// own 60 s: together more than the default 120 s. `close` names a part whose stop is slow.
afterAll(async () => {
  tracker?.close();
  await deployment?.close();
}, 300_000);

/** The scenario's figures in the table, and what every fault must keep: answers throughout, every change in the end. */
async function holds(title: string, fault: () => Promise<FaultFigures>): Promise<FaultFigures> {
  const record = scenario(title);
  const figures = await fault();
  record.answersSent = figures.probed.sent;
  record.answersLost = figures.probed.lost;
  record.wrongAnswers = figures.probed.wrong;
  record.maxDnsLatencyMs = figures.delay.max;
  record.note(
    `${figures.changes} changes (${figures.refused} refused), change → answer p50 ${figures.delay.p50.toFixed(0)} ms, max ${figures.delay.max.toFixed(0)} ms` +
      (figures.convergedMs === undefined ? '' : `, every node had every change ${(figures.convergedMs / 1000).toFixed(2)} s after the fault`),
  );
  for (const note of figures.notes) record.note(note);
  expect(figures.probed.lost, 'queries for data already served, unanswered').toBe(0);
  expect(figures.probed.wrong).toBe(0);
  expect(figures.complete, 'every node answered every change').toBe(true);
  return figures;
}

describe('a deployment in two locations on replicas and relays', () => {
  it('brings every change to every node, each location holding at most 4 connections on the primary', async () => {
    const record = scenario('locations: 2 × 1 node, 10 changes/s');
    const connections = sampleConnections(deployment);
    await tracker.make('steady', 10, 5);
    expect(await tracker.drained(30_000), JSON.stringify(Object.fromEntries(tracker.awaited()))).toBe(true);
    const held = connections();
    const delays = tracker.delays((change) => change.phase === 'steady');
    record.maxDnsLatencyMs = delays.at(-1);
    record.note(`change → answer p50 ${percentile(delays, 50).toFixed(0)} ms, p99 ${percentile(delays, 99).toFixed(0)} ms over ${delays.length}`);
    record.note(`connections on the primary, most per location: ${[...held].map(([name, { max }]) => `${name} ${max}`).join(', ')}`);
    expect(tracker.changes.filter((change) => change.phase === 'steady')).toHaveLength(50);
    for (const { max } of held.values()) expect(max).toBeLessThanOrEqual(4);

    // Each location's nodes are on one relay, which heard every change; the other stands by and holds nothing.
    for (const location of deployment.locations) {
      const [notices, listening] = await Promise.all([
        Promise.all(location.relays.map((relay) => scrape(relay.metricsPort, 'kaja_relay_notices_total'))),
        Promise.all(location.relays.map((relay) => scrape(relay.metricsPort, 'kaja_relay_listening'))),
      ]);
      expect(listening.sort()).toEqual([0, 1]);
      expect(Math.max(...notices.map(Number))).toBeGreaterThanOrEqual(50);
    }
  });

  it('a location cut off answers what it has, and has every change made meanwhile soon after the link returns', async () => {
    await holds('locations: far link cut 5 s', () => cutLink(deployment, tracker, deployment.locations[1]!, { rate: 5, seconds: 5 }));
  });

  it('a killed relay: the nodes go to the second', async () => {
    const location = deployment.locations[0]!;
    const figures = await holds('locations: near relay killed', () => killRelay(deployment, tracker, location, { rate: 5, seconds: 2 }));
    expect(figures.notes).toContain('1 of 1 nodes on the other relay after the kill');
  });

  it('a replica restarted', async () => {
    await holds('locations: far replica restarted', () => restartReplica(deployment, tracker, deployment.locations[1]!, { rate: 5, seconds: 2 }));
  });

  it('the primary restarted', async () => {
    await holds('locations: primary restarted', () => restartPrimary(deployment, tracker, { rate: 5, seconds: 2 }));
  });
});
