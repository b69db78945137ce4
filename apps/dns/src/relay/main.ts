// `npm run relay`: a location's relay of zone change notices (see relay.ts). It holds the one
// LISTEN on the primary at DATABASE_URL for the location's DNS nodes and passes each notice on,
// with the primary's WAL position, to the nodes that present RELAY_TOKEN.
import { parseArgs } from 'node:util';
import { openDatabase } from '@kaja/db';
import { parseListenAddress } from '../cli';
import { serveMetrics } from '../metrics/metricsServer';
import { stopOnSignals } from '../stopSignals';
import { startRelay } from './relay';
import { relayRegistry } from './relayMetrics';

export const relayUsage = `Usage: npm run relay -- [--listen HOST:PORT] [--metrics HOST:PORT]

Passes the zone change notices of the primary PostgreSQL server at DATABASE_URL to the DNS nodes of
one location (npm run dns -- --relay HOST:PORT), with the primary's WAL position, over TCP. Nodes
authenticate with the shared token in RELAY_TOKEN (16 characters or more).

  --listen HOST:PORT   address the nodes connect to, IPv6 as [::1]:5301 (default RELAY_ADDR,
                       else 127.0.0.1:5301)
  --metrics HOST:PORT  serve Prometheus metrics at http://HOST:PORT/metrics (default METRICS_ADDR,
                       unset: none): nodes served, the LISTEN held, notices heard and sent
  --help               show this text`;

function fail(message: string): never {
  console.error(`relay: ${message}`);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    args: process.argv.slice(2),
    options: { listen: { type: 'string' }, metrics: { type: 'string' }, help: { type: 'boolean' } },
    strict: true,
  }));
} catch (error) {
  fail(`${(error as Error).message}\n\n${relayUsage}`);
}
if (values.help) {
  console.log(relayUsage);
  process.exit(0);
}
const databaseUrl = process.env.DATABASE_URL;
const token = process.env.RELAY_TOKEN ?? '';
if (!databaseUrl) fail('set DATABASE_URL to the primary PostgreSQL server');
if (token.length < 16) fail('set RELAY_TOKEN to the token the nodes present, of 16 characters or more');
let listen;
let metrics;
try {
  listen = parseListenAddress(values.listen ?? process.env.RELAY_ADDR ?? '127.0.0.1:5301', '--listen');
  const metricsAddress = values.metrics ?? process.env.METRICS_ADDR;
  metrics = metricsAddress ? parseListenAddress(metricsAddress, '--metrics') : undefined;
} catch (error) {
  fail((error as Error).message);
}

const shown = (address: { host: string; port: number }) => `${address.host.includes(':') ? `[${address.host}]` : address.host}:${address.port}`;

// One connection, held while nodes use the relay: it LISTENs and reads the WAL position.
const primary = await openDatabase({ databaseUrl, dataDir: '', migrate: false, poolSize: 1 });
try {
  const relay = await startRelay({ primary, token, host: listen.host, port: listen.port });
  const registry = relayRegistry(relay);
  const metricsServer = metrics ? await serveMetrics(metrics.host, metrics.port, async () => [await registry.getMetricsAsJSON()]) : undefined;
  console.log(
    `relay: passing zone changes on ${shown({ host: listen.host, port: relay.port })}${metricsServer ? `, metrics on http://${shown(metricsServer)}/metrics` : ''}`,
  );
  stopOnSignals('relay', () => void Promise.all([relay.close(), metricsServer?.close()]).finally(() => primary.close().finally(() => process.exit(0))));
} catch (error) {
  console.error(`relay: ${(error as Error).message}`);
  await primary.close();
  process.exit(1);
}
