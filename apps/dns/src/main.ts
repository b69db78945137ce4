// `npm run dns`: the authoritative server, serving zone files (standalone) or, without them, the
// zones in the PostgreSQL database at DATABASE_URL (a DNS-only node). With more than one worker,
// node's cluster module shares each UDP socket and TCP listener between processes; in database
// mode every worker has its own connection, LISTEN and zones.
import cluster from 'node:cluster';
import type { Registry } from 'prom-client';
import { AliasResolver } from './alias';
import { parseCommandLine, usage, type Config } from './cli';
import { StaticKeySource } from './keySource';
import { Notifier } from './notify';
import { serveMetrics, type MetricFamilies } from './metrics/metricsServer';
import { serverRegistry } from './metrics/serverMetrics';
import { answerMetricsRequests, workerMetrics } from './metrics/workerMetrics';
import { keyRecords } from './publishedKeys';
import { startServer } from './server';
import { ZoneSigning } from './signing';
import { dsLines, standaloneSettings, startupKeysEnvironment } from './standaloneKeys';
import { StaticTransferAccess } from './transferAccess';
import { presignedNotes } from './presigned/startup';
import { loadZoneFile, ZoneFileError } from './zoneFile';
import type { Zone } from './zone';
import { ZoneStore } from './zoneStore';

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

// One process of a node sends NOTIFY (and keeps the node's snapshot and writes its heartbeats), or
// every secondary would hear of each change once per worker. The supervisor gives that role to its
// first worker and, when the worker holding it ends, to the one started in its place.
const leadVariable = 'DNS_LEAD_WORKER';
const notifies = () => cluster.isPrimary || process.env[leadVariable] === '1';
// Likewise one process reports a zone file's problems, not each worker once.
const speaks = notifies;

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
  };
  if (config.databaseUrl) {
    // Loaded only here: a standalone server does not carry the database driver and the write path.
    const { serveDatabaseNode } = await import('./database/node');
    return serveDatabaseNode(config.databaseUrl, { ...options, notify: notifies(), heartbeat: notifies() });
  }
  const settings = await standaloneSettings(config.dnssec);
  if (!cluster.isWorker) for (const line of dsLines(settings)) console.log(`dns: ${line}`);
  const zones = new ZoneStore();
  // As Knot does: a zone file with a bad line is not served, and the other zones are.
  for (const source of config.zones) {
    const signed = settings.get(source.name);
    try {
      const zone = await loadZoneFile(source.name, source.file, signed ? keyRecords(source.name, signed) : []);
      zones.put(zone);
      if (!cluster.isWorker) for (const line of presignedNotes(zone, signed !== undefined)) console.log(`dns: ${line}`);
    } catch (error) {
      if (!(error instanceof ZoneFileError)) throw error;
      if (speaks()) {
        for (const problem of error.problems) console.error(`dns: ${problem}`);
        console.error(`dns: zone ${source.name} not loaded`);
      }
    }
  }
  if (zones.size === 0) throw new Error('no zone loaded');
  const signing = settings.size > 0 ? new ZoneSigning(zones, new StaticKeySource(settings)) : undefined;
  await signing?.ready();
  const transfersGiven = config.secondaries.length > 0 || config.transferRules.length > 0;
  const access = transfersGiven ? new StaticTransferAccess(config.secondaries, config.transferRules) : undefined;
  const transfers = access && { access, signedRecords: signing && ((zone: Zone) => signing.signedTransfer(zone, alias)) };
  const server = await startServer({ ...options, zones, signing, transfers });
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

async function superviseWorkers(config: Config): Promise<void> {
  let ready = 0;
  let stopping = false;
  // Keys made at start are made once, here, so that every worker signs with the same ones.
  const settings = await standaloneSettings(config.dnssec);
  for (const line of dsLines(settings)) console.log(`dns: ${line}`);
  const env = startupKeysEnvironment(config.dnssec, settings);
  let lead: number | undefined;
  const fork = (leads: boolean) => {
    const worker = cluster.fork({ ...env, [leadVariable]: leads ? '1' : '0' });
    if (leads) lead = worker.id;
    worker.on('message', (message: unknown) => {
      const { ready: zones, fromSnapshot } = (message ?? {}) as { ready?: number; fromSnapshot?: boolean };
      if (zones !== undefined && ++ready === config.workers) {
        console.log(`${serving(config, zones, fromSnapshot)} with ${config.workers} workers`);
      }
    });
  };
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    if (ready < config.workers) {
      // A worker that fails while starting (a bad zone file, a port in use) would fail again.
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.kill();
      process.exitCode = 1;
      return;
    }
    console.error(`dns: worker ${worker.process.pid} ended (${signal ?? code}); starting another`);
    fork(worker.id === lead);
  });
  // The workers' figures are added together here, at each scrape; an address in use stops the start before any worker.
  const stopMetrics = await startMetrics(config, () => workerMetrics());
  for (let i = 0; i < config.workers; i++) fork(i === 0);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopping = true;
      void stopMetrics?.();
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill();
    });
  }
}

const config = readConfig();
if (config.workers > 1 && cluster.isPrimary) {
  await superviseWorkers(config).catch((error: Error) => {
    console.error(`dns: ${error.message}`);
    process.exit(1);
  });
} else {
  try {
    const { zones, fromSnapshot, metrics, close } = await serve(config);
    // A load leaves its garbage (rows read, parsed records, zone text) spread over an old generation
    // V8 grew for it and would keep. One last-resort collection compacts the heap and gives the
    // emptied pages back before the node says it is ready: at 100,000 zones the resident set went
    // from 2.0 GB to 1.3 GB (decision 041). `npm run dns` exposes gc; without it V8 keeps what it keeps.
    globalThis.gc?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    if (cluster.isWorker) answerMetricsRequests(metrics);
    const stopMetrics = cluster.isWorker ? undefined : await startMetrics(config, async () => [await metrics.getMetricsAsJSON()]);
    if (cluster.isWorker) process.send?.({ ready: zones, fromSnapshot });
    else console.log(serving(config, zones, fromSnapshot));
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => void Promise.all([stopMetrics?.(), close()]).then(() => process.exit(0)));
    }
  } catch (error) {
    console.error(`dns: ${(error as Error).message}`);
    process.exit(1);
  }
}
