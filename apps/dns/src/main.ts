// `npm run dns`: the authoritative server, serving zone files (standalone) or, without them, the
// zones in the PostgreSQL database at DATABASE_URL (a DNS-only node). With more than one worker,
// the workers are threads of one process, each with its own sockets on the same addresses
// (SO_REUSEPORT: the kernel spreads queries and connections over them). Every worker serves the
// same zones in shared memory: standalone, the zone files are read once, here; in database mode the
// lead worker loads and follows the zones and tells the others of them (`database/zoneFeed.ts`).
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { startModuleWorker } from '@kaja/module-worker';
import type { Registry } from 'prom-client';
import { AliasResolver } from './alias';
import { parseCommandLine, usage, type Config } from './cli';
import { cacheCompiledCode } from './compileCache';
import { StaticKeySource, type SigningSettings } from './keySource';
import { Notifier } from './notify';
import { serveMetrics, type MetricFamilies } from './metrics/metricsServer';
import { serverRegistry } from './metrics/serverMetrics';
import { answerMetricsRequests, workerMetrics } from './metrics/workerMetrics';
import { keyRecords } from './publishedKeys';
import { startServer } from './server';
import { ZoneSigning } from './signing';
import { dsLines, standaloneSettings, startupKeysEnvironment } from './standaloneKeys';
import { stopOnSignals } from './stopSignals';
import { StaticTransferAccess } from './transferAccess';
import { presignedNotes } from './presigned/startup';
import { WorkerSupervisor, type ServeInPlace } from './workerSupervisor';
import { loadZoneFile, ZoneFileError } from './zoneFile';
import { Zone, type SharedZone } from './zone';
import { ZoneStore } from './zoneStore';

/** What the supervisor hands a worker thread. */
interface WorkerStart {
  lead: boolean;
  /** Started ahead, to serve in place of the next worker that ends (`WorkerSupervisor`), with its role then. */
  spare: boolean;
  /** `--listen` with the ports the supervisor chose for port 0, the same for every worker. */
  listen: Config['listen'];
  /** Standalone: the zones the supervisor read, to serve from shared memory. */
  zones?: SharedZones;
  /** Database mode: the channel over which the lead tells the other workers of the zones. */
  feedChannel?: string;
}

type SharedZones = { name: string; shared: SharedZone }[];

const worker = isMainThread ? undefined : (workerData as WorkerStart);
if (isMainThread) cacheCompiledCode();

function readConfig(): Config {
  try {
    const config = parseCommandLine(process.argv.slice(2));
    if (config === 'help') {
      console.log(usage);
      process.exit(0);
    }
    return config;
  } catch (error) {
    console.error(`dns: ${(error as Error).message}\n\n${usage}`);
    process.exit(2);
  }
}

// One worker of a node sends NOTIFY (and keeps the node's snapshot and writes its heartbeats), or
// every secondary would hear of each change once per worker. The supervisor gives that role to its
// first worker and, when the worker holding it ends, to the one serving in its place (the spare,
// told the role when it is told to serve).
const notifies = () => worker === undefined || worker.lead;

/**
 * Reads the zone files. As Knot does, a zone file with a bad line is not served, and the other
 * zones are.
 */
async function loadZones(config: Config, settings: Map<string, SigningSettings>): Promise<ZoneStore> {
  const zones = new ZoneStore();
  for (const source of config.zones) {
    const signed = settings.get(source.name);
    try {
      const zone = await loadZoneFile(source.name, source.file, signed ? keyRecords(source.name, signed) : []);
      zones.put(zone);
      for (const line of presignedNotes(zone, signed !== undefined)) console.log(`dns: ${line}`);
    } catch (error) {
      if (!(error instanceof ZoneFileError)) throw error;
      for (const problem of error.problems) console.error(`dns: ${problem}`);
      console.error(`dns: zone ${source.name} not loaded`);
    }
  }
  if (zones.size === 0) throw new Error('no zone loaded');
  return zones;
}

async function serve(config: Config): Promise<{ zones: number; fromSnapshot?: boolean; metrics: Registry; close: () => Promise<void> }> {
  const alias = new AliasResolver(config.aliasResolvers);
  const options = {
    listen: config.listen,
    nodeName: config.nodeName,
    alias,
    tcp: config.tcp,
    udp: config.udp,
    rateLimit: config.rateLimit,
    answerCacheSize: config.answerCacheSize,
    answersAhead: true,
  };
  if (config.databaseUrl) {
    // Loaded only here: a standalone server does not carry the database driver and the write path.
    const { serveDatabaseNode } = await import('./database/node');
    return serveDatabaseNode(config.databaseUrl, {
      ...options,
      ...(config.replicaUrl ? { replicaUrl: config.replicaUrl } : {}),
      ...(config.relays ? { relays: config.relays } : {}),
      notify: notifies(),
      heartbeat: notifies(),
      staleAfterSeconds: config.staleAfterSeconds,
      reusePort: worker !== undefined,
      feed: worker?.feedChannel === undefined ? undefined : { channel: worker.feedChannel, lead: worker.lead },
    });
  }
  const settings = await standaloneSettings(config.dnssec);
  let zones: ZoneStore;
  if (worker?.zones) {
    zones = new ZoneStore();
    for (const { name, shared } of worker.zones) zones.put(new Zone(name, shared));
  } else {
    for (const line of dsLines(settings)) console.log(`dns: ${line}`);
    zones = await loadZones(config, settings);
  }
  const signing = settings.size > 0 ? new ZoneSigning(zones, new StaticKeySource(settings)) : undefined;
  await signing?.ready();
  const transfersGiven = config.secondaries.length > 0 || config.transferRules.length > 0;
  const access = transfersGiven ? new StaticTransferAccess(config.secondaries, config.transferRules) : undefined;
  const transfers = access && { access, signedRecords: signing && ((zone: Zone) => signing.signedTransfer(zone, alias)) };
  const server = await startServer({ ...options, zones, signing, transfers, reusePort: worker !== undefined });
  // Only --secondary names servers to NOTIFY; --allow-transfer admits without telling anyone.
  const notifier = access && config.secondaries.length > 0 && notifies() ? new Notifier(zones, { access }) : undefined;
  return {
    zones: zones.size,
    metrics: serverRegistry({ counters: server.responder.metrics, zones: () => zones.size, rateLimit: server.responder.rateLimiter?.counts }),
    async close() {
      await notifier?.close();
      await server.close();
    },
  };
}

/**
 * A spare worker loads the code `serve` needs, which takes most of a new thread's start, then
 * waits to be told to serve in place of a worker that ended (taking its role) or to stop.
 */
async function waitToServe(start: WorkerStart, config: Config): Promise<void> {
  const told = new Promise<ServeInPlace['serve'] | undefined>((resolve) => {
    // Left listening: it keeps the thread alive while it waits, and a later message finds the promise settled.
    parentPort!.on('message', (message: Partial<ServeInPlace> & { stop?: boolean }) => {
      if (message?.serve || message?.stop) resolve(message.serve);
    });
  });
  if (config.databaseUrl) await import('./database/node');
  const order = await told;
  if (!order) process.exit(0);
  start.lead = order.lead;
  start.spare = false;
}

/** Serves the metrics (`--metrics`, METRICS_ADDR) when asked to, from the process that owns the address. */
async function startMetrics(config: Config, gather: () => Promise<MetricFamilies[]>): Promise<(() => Promise<void>) | undefined> {
  if (!config.metrics) return undefined;
  const { host, port } = config.metrics;
  const server = await serveMetrics(host, port, gather);
  console.log(`dns: metrics on http://${host.includes(':') ? `[${host}]` : host}:${server.port}/metrics`);
  return () => server.close();
}

function serving(config: Config, zones: number, fromSnapshot = false): string {
  const source = config.databaseUrl ? `${zones} zone(s) from the ${fromSnapshot ? 'snapshot' : 'database'}` : `${zones} of ${config.zones.length} zone(s)`;
  return `dns: serving ${source} on ${config.listen.map((a) => `${a.host}:${a.port}`).join(', ')}`;
}

/**
 * A port 0 in `--listen` becomes a free port here, once, so that every worker listens on the same
 * one (each would find a port of its own).
 */
async function resolvePorts(listen: Config['listen']): Promise<Config['listen']> {
  const free = (host: string) =>
    new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen({ host, port: 0 }, () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
  return Promise.all(listen.map(async ({ host, port }) => ({ host, port: port === 0 ? await free(host) : port })));
}

async function superviseWorkers(config: Config): Promise<void> {
  // Keys made at start are made once, here, so that every worker signs with the same ones.
  const settings = await standaloneSettings(config.dnssec);
  for (const line of dsLines(settings)) console.log(`dns: ${line}`);
  const env = { ...process.env, ...startupKeysEnvironment(config.dnssec, settings) };
  const listen = await resolvePorts(config.listen);
  const feedChannel = config.databaseUrl ? `kaja-dns-zones-${randomUUID()}` : undefined;
  // Zone files are read once, here, before the workers start: a big one is read on two cores
  // (decision 080), which threads loading the server's code beside it would share. Each worker is
  // handed the images at its start and serves them from the same shared memory.
  let zones: SharedZones | undefined;
  const supervisor = new WorkerSupervisor({
    count: config.workers,
    start: (lead, spare) =>
      startModuleWorker(new URL(import.meta.url), {
        argv: process.argv.slice(2),
        env,
        workerData: { lead, spare, listen, zones, feedChannel } satisfies WorkerStart,
      }),
    onReady: ({ ready, fromSnapshot }) => console.log(`${serving({ ...config, listen }, ready, fromSnapshot)} with ${config.workers} workers`),
    log: (line) => console.error(line),
  });
  // The workers' figures are added together here, at each scrape; an address in use stops the start before any worker.
  const stopMetrics = await startMetrics(config, () => workerMetrics([...supervisor.workers]));
  if (!config.databaseUrl) {
    const loaded = await loadZones(config, settings);
    zones = [...loaded.names()].map((name) => ({ name, shared: loaded.get(name)!.share() }));
    // What reading them left is given back (see the collection after a load, below).
    globalThis.gc?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  }
  // A standalone node's spare loads once the workers serve: its heap added to their start's. A
  // worker ending before the spare has loaded is replaced as the spare is, with the spare's load
  // still to go.
  supervisor.start({ spareOnceServing: zones !== undefined });
  stopOnSignals('dns', () => {
    void stopMetrics?.();
    // Each worker closes what it serves (and writes what it keeps); one that hangs is ended.
    void supervisor.stop();
  });
  await supervisor.started.catch(() => {
    // The worker said why; the others are ended.
    void stopMetrics?.();
    process.exitCode = 1;
  });
}

const config = worker ? { ...readConfig(), listen: worker.listen } : readConfig();
if (config.workers > 1 && isMainThread) {
  await superviseWorkers(config).catch((error: Error) => {
    console.error(`dns: ${error.message}`);
    process.exit(1);
  });
} else {
  if (worker?.spare) await waitToServe(worker, config);
  try {
    const { zones, fromSnapshot, metrics, close } = await serve(config);
    // A load leaves its garbage (rows read, parsed records, zone text) spread over an old generation
    // V8 grew for it and would keep. One last-resort collection compacts the heap and gives the
    // emptied pages back before the node says it is ready: at 100,000 zones the resident set went
    // from 2.0 GB to 1.3 GB (decision 041). `npm run dns` exposes gc; without it V8 keeps what it keeps.
    const collect = () => globalThis.gc?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    // A worker handed the zone files' images loaded only its code: it says it is ready first and
    // collects then, its queries waiting on its socket meanwhile. Collecting before held every worker
    // from serving for 0.2 to 0.3 s on a busy machine; not collecting kept 26 MB more resident.
    if (!worker?.zones) collect();
    if (worker) {
      answerMetricsRequests(parentPort!, metrics);
      parentPort!.on('message', (message: { stop?: boolean }) => {
        if (message?.stop) void close().then(() => process.exit(0));
      });
      parentPort!.postMessage({ ready: zones, fromSnapshot });
      if (worker.zones) collect();
    } else {
      const stopMetrics = await startMetrics(config, async () => [await metrics.getMetricsAsJSON()]);
      console.log(serving(config, zones, fromSnapshot));
      stopOnSignals('dns', () => void Promise.all([stopMetrics?.(), close()]).then(() => process.exit(0)));
    }
  } catch (error) {
    console.error(`dns: ${(error as Error).message}`);
    process.exit(1);
  }
}
