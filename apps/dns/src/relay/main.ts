// `npm run relay`: a location's relay of zone change notices (see relay.ts). It holds the one
// LISTEN on the primary at DATABASE_URL for the location's DNS nodes and passes each notice on,
// with the primary's WAL position, to the nodes that present RELAY_TOKEN.
import { parseArgs } from 'node:util';
import { openDatabase } from '@kaja/db';
import { parseListenAddress } from '../cli';
import { startRelay } from './relay';

export const relayUsage = `Usage: npm run relay -- [--listen HOST:PORT]

Passes the zone change notices of the primary PostgreSQL server at DATABASE_URL to the DNS nodes of
one location (npm run dns -- --relay HOST:PORT), with the primary's WAL position, over TCP. Nodes
authenticate with the shared token in RELAY_TOKEN (16 characters or more).

  --listen HOST:PORT   address the nodes connect to, IPv6 as [::1]:5301 (default RELAY_ADDR,
                       else 127.0.0.1:5301)
  --help               show this text`;

function fail(message: string): never {
  console.error(`relay: ${message}`);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({ args: process.argv.slice(2), options: { listen: { type: 'string' }, help: { type: 'boolean' } }, strict: true }));
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
try {
  listen = parseListenAddress(values.listen ?? process.env.RELAY_ADDR ?? '127.0.0.1:5301', '--listen');
} catch (error) {
  fail((error as Error).message);
}

// One connection LISTENs, one reads the WAL position.
const primary = await openDatabase({ databaseUrl, dataDir: '', migrate: false, poolSize: 2 });
try {
  const relay = await startRelay({ primary, token, host: listen.host, port: listen.port });
  console.log(`relay: passing zone changes on ${listen.host.includes(':') ? `[${listen.host}]` : listen.host}:${relay.port}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void relay.close().finally(() => primary.close().finally(() => process.exit(0))));
  }
} catch (error) {
  console.error(`relay: ${(error as Error).message}`);
  await primary.close();
  process.exit(1);
}
