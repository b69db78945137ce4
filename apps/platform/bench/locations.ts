// `npm run bench:locations [-- --locations 3 --nodes 2 --rate 50 --duration 60 --delays 15,45,90 --cut 30]`:
// a provider's deployment simulated on this machine (`faults/deployment.ts`): one PostgreSQL
// primary with the API beside it and, per location, a link of its own one-way delay to the primary
// carrying everything between them, a streaming replica, two relays and `--nodes` DNS-only nodes.
// The API makes `--rate` record changes a second for `--duration` seconds; every node is asked for
// every change until it answers it. Printed per location and overall: change → answer p50/p99/max,
// the replicas' replay lag, the relays' notices, the connections each location holds on the
// primary; then the faults (the slowest location's link cut for `--cut` seconds, a relay killed, a
// replica restarted, the primary restarted) with changes going on at a fifth of the rate; then the
// same steady run with every node on the primary as a node without replica or relay runs.
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { exitWithUsageOnHelp } from '@kaja/test-support/benchUsage';
import { ChangeTracker, percentile } from '../faults/changeTracker';
import { type Deployment, type LocationPlan, scrape, startDeployment } from '../faults/deployment';
import { cutLink, type FaultFigures, killRelay, restartPrimary, restartReplica, sampleConnections, sampleReplicaLag } from '../faults/locationFaults';

exitWithUsageOnHelp();

const { values } = parseArgs({
  options: {
    locations: { type: 'string', default: '3' },
    nodes: { type: 'string', default: '2' },
    rate: { type: 'string', default: '50' },
    duration: { type: 'string', default: '60' },
    delays: { type: 'string', default: '15,45,90' },
    cut: { type: 'string', default: '30' },
  },
});
const [locationCount, nodeCount, rate, duration, cutSeconds] = [values.locations, values.nodes, values.rate, values.duration, values.cut].map(Number) as [
  number,
  number,
  number,
  number,
  number,
];
const delays = values.delays.split(',').map(Number);
for (const [flag, value] of Object.entries({ locations: locationCount, nodes: nodeCount, rate, duration, cut: cutSeconds })) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${flag} must be a positive whole number`);
}
if (delays.some((delay) => !Number.isInteger(delay) || delay < 0)) throw new Error('--delays must be whole numbers of milliseconds, comma-separated');
const regions = ['eu', 'us', 'asia', 'sa', 'af', 'oc'];
const plans: LocationPlan[] = Array.from({ length: locationCount }, (_, i) => ({
  name: `${regions[i % regions.length]}${i >= regions.length ? i : ''}-${delays[i % delays.length]}ms`,
  delayMs: delays[i % delays.length]!,
  nodes: nodeCount,
}));
const slowest = Math.max(...plans.map((plan) => plan.delayMs));

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const ms = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(1));
const table = (header: string[], rows: string[][]) => {
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column]!.length)));
  const line = (row: string[]) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  console.log([line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n'));
};

interface SteadyFigures {
  /** Change → answer per location (sorted ms), and overall under ''. */
  delays: Map<string, number[]>;
  connections: Map<string, { max: number; mean: number }>;
  lag?: Map<string, { lagsMs: number[]; maxBytes: number }>;
  relays?: { name: string; notices: number; sent: number }[];
  changes: number;
  failed: number;
  seconds: number;
  load: string;
}

/** Changes at `rate` for `duration` s on a deployment that has settled, with its figures. */
async function steady(deployment: Deployment, tracker: ChangeTracker, withRelays: boolean): Promise<SteadyFigures> {
  // Warm-up: every node has answered changes before the measured ones.
  await tracker.make('warm-up', rate, 3);
  if (!(await tracker.drained(60_000))) throw new Error('the nodes did not answer the warm-up changes within 60 s');
  const stopConnections = sampleConnections(deployment);
  const stopLag = withRelays ? sampleReplicaLag(deployment) : undefined;
  const relaysBefore = withRelays ? await relayCounts(deployment) : [];
  const started = performance.now();
  await tracker.make('steady', rate, duration);
  const seconds = (performance.now() - started) / 1000;
  const complete = await tracker.drained(60_000);
  const figures: SteadyFigures = {
    delays: new Map([
      ['', tracker.delays((change) => change.phase === 'steady')],
      ...deployment.locations.map(
        (location) =>
          [
            location.plan.name,
            tracker.delays(
              (change) => change.phase === 'steady',
              (node) => node.location === location,
            ),
          ] as [string, number[]],
      ),
    ]),
    connections: stopConnections(),
    changes: tracker.changes.filter((change) => change.phase === 'steady').length,
    failed: tracker.failures.get('steady')?.length ?? 0,
    seconds,
    load: load(),
  };
  if (stopLag) figures.lag = await stopLag();
  if (withRelays) {
    const after = await relayCounts(deployment);
    figures.relays = after.map((relay, i) => ({
      name: relay.name,
      notices: relay.notices - relaysBefore[i]!.notices,
      sent: relay.sent - relaysBefore[i]!.sent,
    }));
  }
  if (!complete) throw new Error(`answers still awaited 60 s after the last change: ${JSON.stringify(Object.fromEntries(tracker.awaited()))}`);
  return figures;
}

async function relayCounts(deployment: Deployment) {
  return Promise.all(
    deployment.locations.flatMap((location) =>
      location.relays.map(async (relay) => ({
        name: relay.name,
        notices: (await scrape(relay.metricsPort, 'kaja_relay_notices_total')) ?? 0,
        sent: (await scrape(relay.metricsPort, 'kaja_relay_messages_sent_total')) ?? 0,
      })),
    ),
  );
}

async function run(withRelays: boolean): Promise<{ steady: SteadyFigures; faults: [string, FaultFigures][] }> {
  log(
    `starting ${locationCount} locations × ${nodeCount} nodes ${withRelays ? 'on replicas and relays' : 'on the primary (no replica, no relay)'}; load ${load()}`,
  );
  const deployment = await startDeployment({ locations: plans, relays: withRelays, log });
  const tracker = new ChangeTracker(deployment);
  try {
    await tracker.start();
    log(`${rate} changes a second for ${duration} s; load ${load()}`);
    const figures = await steady(deployment, tracker, withRelays);
    const faults: [string, FaultFigures][] = [];
    if (withRelays) {
      const faultRate = Math.max(1, Math.round(rate / 5));
      const [first, second] = [deployment.locations[0]!, deployment.locations[1] ?? deployment.locations[0]!];
      const last = deployment.locations.at(-1)!;
      log(`faults, with ${faultRate} changes a second throughout; load ${load()}`);
      faults.push([`${last.plan.name}: link cut ${cutSeconds} s`, await cutLink(deployment, tracker, last, { rate: faultRate, seconds: cutSeconds })]);
      log(`link cut done; load ${load()}`);
      faults.push([`${first.plan.name}: serving relay killed`, await killRelay(deployment, tracker, first, { rate: faultRate, seconds: 5 })]);
      log(`relay kill done; load ${load()}`);
      faults.push([`${second.plan.name}: replica stopped 5 s`, await restartReplica(deployment, tracker, second, { rate: faultRate, seconds: 5 })]);
      log(`replica restart done; load ${load()}`);
      faults.push(['primary stopped 5 s', await restartPrimary(deployment, tracker, { rate: faultRate, seconds: 5 })]);
      log(`primary restart done; load ${load()}`);
    }
    return { steady: figures, faults };
  } finally {
    tracker.close();
    await deployment.close();
  }
}

const relayed = await run(true);
const direct = await run(false);

console.log(
  `\n${locationCount} locations × ${nodeCount} DNS-only nodes (1 worker each), one-way delays ${plans.map((plan) => `${plan.delayMs} ms`).join(', ')}; ` +
    `${rate} changes a second for ${duration} s through the API`,
);
console.log(
  `With replicas and relays: ${relayed.steady.changes} changes in ${relayed.steady.seconds.toFixed(1)} s (${relayed.steady.failed} refused), load average ${relayed.steady.load}`,
);
console.log(
  `Nodes on the primary:     ${direct.steady.changes} changes in ${direct.steady.seconds.toFixed(1)} s (${direct.steady.failed} refused), load average ${direct.steady.load}\n`,
);

console.log(`Change → answer on every node, ms (target: p99 under the slowest delay + 100 ms = ${slowest + 100} ms)`);
table(
  ['location', 'relays p50', 'p99', 'max', 'primary p50', 'p99', 'max'],
  [...relayed.steady.delays.keys()].map((name) => {
    const [a, b] = [relayed.steady.delays.get(name)!, direct.steady.delays.get(name)!];
    return [name || 'all', ms(percentile(a, 50)), ms(percentile(a, 99)), ms(a.at(-1)!), ms(percentile(b, 50)), ms(percentile(b, 99)), ms(b.at(-1)!)];
  }),
);

console.log('\nConnections each location holds on the primary (through its link; target ≤ 4), replicas and relays');
table(
  ['location', 'relays max', 'mean', 'primary max', 'mean', 'replay lag p50 ms', 'max ms', 'max bytes behind'],
  plans.map((plan) => {
    const [a, b] = [relayed.steady.connections.get(plan.name)!, direct.steady.connections.get(plan.name)!];
    const lag = relayed.steady.lag?.get(plan.name);
    return [
      plan.name,
      String(a.max),
      a.mean.toFixed(2),
      String(b.max),
      b.mean.toFixed(2),
      ms(percentile(lag?.lagsMs ?? [], 50)),
      ms(lag?.lagsMs.at(-1) ?? NaN),
      String(lag?.maxBytes ?? '-'),
    ];
  }),
);

console.log('\nRelays: notices heard from the primary and lines sent to nodes during the steady run');
table(
  ['relay', 'notices heard', 'sent to nodes'],
  (relayed.steady.relays ?? []).map((relay) => [relay.name, String(relay.notices), String(relay.sent)]),
);

console.log(`\nFaults (changes at ${Math.max(1, Math.round(rate / 5))} a second throughout; figures of the nodes concerned)`);
table(
  ['fault', 'probes lost', 'changes', 'refused', 'p50 ms', 'p99 ms', 'max ms', 'caught up after the fault', 'all answered'],
  relayed.faults.map(([name, figures]) => [
    name,
    `${figures.probed.lost}/${figures.probed.sent}`,
    String(figures.changes),
    String(figures.refused),
    ms(figures.delay.p50),
    ms(figures.delay.p99),
    ms(figures.delay.max),
    figures.convergedMs === undefined ? '-' : `${(figures.convergedMs / 1000).toFixed(2)} s`,
    figures.complete ? 'yes' : 'NO',
  ]),
);
for (const [name, figures] of relayed.faults) for (const note of figures.notes) console.log(`${name}: ${note}`);
console.log(`\nLoad average at the end: ${load()}`);
process.exit(0);
