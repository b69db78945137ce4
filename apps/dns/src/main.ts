// `npm run dns`: the authoritative server, serving zone files (standalone) or, without them, the
// zones in the PostgreSQL database at DATABASE_URL (a DNS-only node). With more than one worker,
// node's cluster module shares each UDP socket and TCP listener between processes; in database
// mode every worker has its own connection, LISTEN and zones.
import cluster from 'node:cluster';
import { openDatabase } from '@kaja/db';
import { AliasResolver } from './alias';
import { parseCommandLine, usage, type Config } from './cli';
import { serveDatabaseZones } from './database/serve';
import { Notifier } from './notify';
import { startServer } from './server';
import { StaticTransferAccess } from './transferAccess';
import { loadZoneFile } from './zoneFile';
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

async function serve(config: Config): Promise<{ zones: number; close: () => Promise<void> }> {
  const alias = new AliasResolver(config.aliasResolvers);
  const options = { listen: config.listen, nodeName: config.nodeName, alias, tcp: config.tcp, udp: config.udp };
  if (config.databaseUrl) {
    // The API's nodes own the schema: a DNS node only reads zones and adds query counts.
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: '', migrate: false });
    try {
      const server = await serveDatabaseZones({ ...options, database });
      return { zones: server.zones.size, close: () => server.close().finally(() => database.close()) };
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  const zones = new ZoneStore();
  for (const source of config.zones) zones.put(await loadZoneFile(source.name, source.file));
  const access = config.secondaries.length > 0 ? new StaticTransferAccess(config.secondaries) : undefined;
  const server = await startServer({ ...options, zones, transfers: access && { access } });
  // One process sends NOTIFY, or every secondary would hear of each change once per worker.
  const notifier = access && (cluster.isPrimary || cluster.worker?.id === 1) ? new Notifier(zones, { access }) : undefined;
  return {
    zones: zones.size,
    async close() {
      await notifier?.close();
      await server.close();
    },
  };
}

function serving(config: Config, zones?: number): string {
  const source = config.databaseUrl ? `${zones === undefined ? 'the' : zones} zone(s) from the database` : `${config.zones.length} zone(s)`;
  return `dns: serving ${source} on ${config.listen.map((a) => `${a.host}:${a.port}`).join(', ')}`;
}

function superviseWorkers(config: Config): void {
  let ready = 0;
  let stopping = false;
  const fork = () => {
    const worker = cluster.fork();
    worker.on('message', (message) => {
      if (message === 'ready' && ++ready === config.workers) {
        console.log(`${serving(config)} with ${config.workers} workers`);
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
    fork();
  });
  for (let i = 0; i < config.workers; i++) fork();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill();
    });
  }
}

const config = readConfig();
if (config.workers > 1 && cluster.isPrimary) superviseWorkers(config);
else {
  try {
    const { zones, close } = await serve(config);
    if (cluster.isWorker) process.send?.('ready');
    else console.log(serving(config, zones));
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void close().then(() => process.exit(0)));
  } catch (error) {
    console.error(`dns: ${(error as Error).message}`);
    process.exit(1);
  }
}
