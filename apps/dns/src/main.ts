// `npm run dns`: the standalone authoritative server, serving zone files. With more than one
// worker, node's cluster module shares each UDP socket and TCP listener between processes.
import cluster from 'node:cluster';
import { AliasResolver } from './alias';
import { parseCommandLine, usage, type Config } from './cli';
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

async function serve(config: Config): Promise<() => Promise<void>> {
  const zones = new ZoneStore();
  for (const source of config.zones) zones.put(await loadZoneFile(source.name, source.file));
  const alias = new AliasResolver(config.aliasResolvers);
  const access = config.secondaries.length > 0 ? new StaticTransferAccess(config.secondaries) : undefined;
  const transfers = access && { access };
  const server = await startServer({ listen: config.listen, zones, nodeName: config.nodeName, alias, tcp: config.tcp, udp: config.udp, transfers });
  // One process sends NOTIFY, or every secondary would hear of each change once per worker.
  const notifier = access && (cluster.isPrimary || cluster.worker?.id === 1) ? new Notifier(zones, { access }) : undefined;
  return async () => {
    await notifier?.close();
    await server.close();
  };
}

function superviseWorkers(config: Config): void {
  let ready = 0;
  let stopping = false;
  const fork = () => {
    const worker = cluster.fork();
    worker.on('message', (message) => {
      if (message === 'ready' && ++ready === config.workers) {
        console.log(`dns: serving ${config.zones.length} zone(s) on ${config.listen.map((a) => `${a.host}:${a.port}`).join(', ')} with ${config.workers} workers`);
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
    const close = await serve(config);
    if (cluster.isWorker) process.send?.('ready');
    else console.log(`dns: serving ${config.zones.length} zone(s) on ${config.listen.map((a) => `${a.host}:${a.port}`).join(', ')}`);
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void close().then(() => process.exit(0)));
  } catch (error) {
    console.error(`dns: ${(error as Error).message}`);
    process.exit(1);
  }
}
