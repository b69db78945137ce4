// The faults of a multi-location deployment (`deployment.ts`), each injected for real while the
// API keeps making changes: a location's link cut, a relay killed, a replica restarted, the
// primary restarted. Each gives its figures; `npm run bench:locations` prints them and
// `locations.test.ts` holds them to what decision 046 promises.
import { setTimeout as sleep } from 'node:timers/promises';
import { type ChangeTracker, percentile } from './changeTracker';
import { type Deployment, type Location, replicaLag, scrape } from './deployment';
import { type LatencyFigures, probeLatency, rcodeOf } from './latencyProbe';

/** What a fault did to the answers and the changes. */
export interface FaultFigures {
  /** Queries for data already served, sent to the nodes concerned while the fault lasted, and those not answered within a second. */
  probed: { sent: number; lost: number; wrong: number };
  /** Changes the API accepted in the scenario, and those it refused (the primary down). */
  changes: number;
  refused: number;
  /** Change → answer on the nodes concerned: p50, p99, max (ms). */
  delay: { p50: number; p99: number; max: number };
  /** From the fault's end to the moment the nodes concerned answered every change made during it (ms); undefined when none was made. */
  convergedMs?: number;
  /** Whether every node answered every change of the scenario by its end. */
  complete: boolean;
  notes: string[];
}

export interface FaultOptions {
  /** Changes a second made throughout. */
  rate: number;
  /** How long the fault lasts, in seconds (a link's cut; a server's stop). */
  seconds: number;
  /** How long the nodes get to answer every change after the fault ends. */
  settleSeconds?: number;
}

/** Every node's zone apex, asked for its SOA every 100 ms: answered NOERROR with the record means the node answers what it has. */
async function probeNodes(deployment: Deployment, locations: Location[]) {
  const zone = deployment.zones[0]!.name;
  const probes = await Promise.all(
    locations
      .flatMap((location) => location.nodes)
      .map((node) => probeLatency({ port: node.port, name: zone, type: 'SOA', accepts: (reply) => rcodeOf(reply) === 'NOERROR' && reply.readUInt16BE(6) > 0 })),
  );
  return async () => {
    const figures: LatencyFigures[] = await Promise.all(probes.map((probe) => probe.stop()));
    return figures.reduce((sum, one) => ({ sent: sum.sent + one.sent, lost: sum.lost + one.lost, wrong: sum.wrong + one.wrong }), {
      sent: 0,
      lost: 0,
      wrong: 0,
    });
  };
}

/**
 * Runs `inject` (which resolves when the fault is over) while changes are made at `rate`, then keeps
 * making them for a second and waits for every node to answer every change. Figures are of the
 * nodes of `concerned` (the location hit; every location for the primary).
 */
async function scenario(
  deployment: Deployment,
  tracker: ChangeTracker,
  phase: string,
  concerned: Location[],
  options: FaultOptions,
  inject: () => Promise<void>,
): Promise<FaultFigures> {
  const stopProbes = await probeNodes(deployment, concerned);
  const notes: string[] = [];
  let endedAt = 0;
  const fault = inject().then(() => (endedAt = performance.now()));
  // Changes during the fault, then a second past its end (what a restarted server must catch up on).
  await tracker.make(phase, options.rate, 3600, fault);
  await tracker.make(`${phase} (after)`, options.rate, 1);
  const probed = await stopProbes();
  const complete = await tracker.drained((options.settleSeconds ?? 60) * 1000);
  if (!complete) notes.push(`unanswered after ${options.settleSeconds ?? 60} s: ${JSON.stringify(Object.fromEntries(tracker.awaited()))}`);
  const names = new Set(concerned.flatMap((location) => location.nodes.map((node) => node.name)));
  const during = tracker.changes.filter((change) => change.phase === phase);
  const answeredAll = during.flatMap((change) => [...change.answeredAt].filter(([name]) => names.has(name)).map(([, at]) => at));
  const delays = tracker.delays(
    (change) => change.phase.startsWith(phase),
    (node) => names.has(node.name),
  );
  const refused = (tracker.failures.get(phase)?.length ?? 0) + (tracker.failures.get(`${phase} (after)`)?.length ?? 0);
  return {
    probed,
    changes: tracker.changes.filter((change) => change.phase.startsWith(phase)).length,
    refused,
    delay: { p50: percentile(delays, 50), p99: percentile(delays, 99), max: delays.at(-1) ?? NaN },
    ...(during.length > 0 && complete ? { convergedMs: Math.max(0, Math.max(...answeredAll) - endedAt) } : {}),
    complete,
    notes,
  };
}

/** The link between `location` and the primary cut for `seconds`: its nodes answer what they have, and catch up after. */
export function cutLink(deployment: Deployment, tracker: ChangeTracker, location: Location, options: FaultOptions): Promise<FaultFigures> {
  return scenario(deployment, tracker, `${location.plan.name} cut`, [location], options, async () => {
    location.link.cut();
    await sleep(options.seconds * 1000);
    location.link.restore();
  });
}

/** The relay the location's nodes use killed (SIGKILL): they go to the second; it is started again afterwards. */
export async function killRelay(deployment: Deployment, tracker: ChangeTracker, location: Location, options: FaultOptions): Promise<FaultFigures> {
  const serving = [];
  for (const relay of location.relays) if (((await scrape(relay.metricsPort, 'kaja_relay_nodes')) ?? 0) > 0) serving.push(relay);
  const victim = serving[0] ?? location.relays[0]!;
  const figures = await scenario(deployment, tracker, `${location.plan.name} relay killed`, [location], options, async () => {
    victim.child.kill('SIGKILL');
    await victim.exited;
    await sleep(options.seconds * 1000);
  });
  const others = location.relays.filter((relay) => relay !== victim);
  const taken = (await Promise.all(others.map((relay) => scrape(relay.metricsPort, 'kaja_relay_nodes')))).reduce<number>((sum, n) => sum + (n ?? 0), 0);
  figures.notes.push(`${taken} of ${location.nodes.length} nodes on the other relay after the kill`);
  await deployment.restartRelay(victim);
  return figures;
}

/** The location's replica stopped (`pg_ctl stop -m fast`) for `seconds` and started again. */
export function restartReplica(deployment: Deployment, tracker: ChangeTracker, location: Location, options: FaultOptions): Promise<FaultFigures> {
  return scenario(deployment, tracker, `${location.plan.name} replica restarted`, [location], options, async () => {
    await location.replica!.stop();
    await sleep(options.seconds * 1000);
    await location.replica!.start();
  });
}

/** The primary stopped for `seconds` and started again: the API refuses changes meanwhile; every location catches up after. */
export function restartPrimary(deployment: Deployment, tracker: ChangeTracker, options: FaultOptions): Promise<FaultFigures> {
  return scenario(deployment, tracker, 'primary restarted', deployment.locations, options, async () => {
    await deployment.primary.stop();
    await sleep(options.seconds * 1000);
    await deployment.primary.start();
  });
}

/** Samples the connections each location holds on the primary (through its link) every 100 ms until stopped: the most and the mean. */
export function sampleConnections(deployment: Deployment): () => Map<string, { max: number; mean: number }> {
  const samples = new Map(deployment.locations.map((location) => [location.plan.name, [] as number[]]));
  const timer = setInterval(() => {
    for (const location of deployment.locations) samples.get(location.plan.name)!.push(location.link.connections());
  }, 100);
  return () => {
    clearInterval(timer);
    return new Map(
      [...samples].map(([name, values]) => [name, { max: Math.max(...values), mean: values.reduce((sum, value) => sum + value, 0) / values.length }]),
    );
  };
}

/** Samples each replica's replay lag on the primary every 500 ms until stopped: lags in ms (sorted) and the most WAL bytes behind. */
export function sampleReplicaLag(deployment: Deployment): () => Promise<Map<string, { lagsMs: number[]; maxBytes: number }>> {
  const samples = new Map(deployment.locations.map((location) => [location.plan.name, { lagsMs: [] as number[], maxBytes: 0 }]));
  let sampling = Promise.resolve();
  const timer = setInterval(() => {
    sampling = sampling.then(async () => {
      const lags = await replicaLag(deployment.admin).catch(() => new Map());
      for (const [name, { lagMs, bytes }] of lags) {
        const entry = samples.get(name);
        if (!entry) continue;
        if (lagMs !== null) entry.lagsMs.push(lagMs);
        if (bytes !== null) entry.maxBytes = Math.max(entry.maxBytes, bytes);
      }
    });
  }, 500);
  return async () => {
    clearInterval(timer);
    await sampling;
    for (const entry of samples.values()) entry.lagsMs.sort((a, b) => a - b);
    return samples;
  };
}
