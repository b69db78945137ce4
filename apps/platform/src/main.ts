// The whole platform in one process: the API at /v1 and the marketing site at / on HOST:PORT,
// the DNS server on DNS_ADDR:DNS_PORT, the background jobs, all on the embedded database (or
// DATABASE_URL). PGlite is single-process, so the DNS server lives here and hears the API's
// changes in process.
import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { fileURLToPath } from 'node:url';
import { buildApp, createUpdateService } from '@kaja/api';
import { resolveKeyEncryptionKey } from '@kaja/config';
import { openDatabase } from '@kaja/db';
import { AliasResolver, serveDatabaseZones } from '@kaja/dns';
import { buildDashboardServer } from './dashboard';
import { firstRunHint } from './firstRun';
import { registerSite } from './site';
import { configOrExit } from './startup';

const config = configOrExit();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp({ config, database });

const siteDir = fileURLToPath(new URL('../../site/build/client', import.meta.url));
const siteServed = existsSync(siteDir);
if (siteServed) await registerSite(app, siteDir, config);

const dashboardDir = fileURLToPath(new URL('../../dashboard/dist', import.meta.url));
const dashboard = existsSync(dashboardDir) ? await buildDashboardServer(dashboardDir, config) : null;

const dns = await serveDatabaseZones({
  database,
  subscribe: (listener) => app.zoneChanges.subscribe(listener),
  listen: config.dnsAddr.map((host) => ({ host, port: config.dnsPort })),
  nodeName: hostname(),
  alias: new AliasResolver([]),
  keyEncryptionKey: resolveKeyEncryptionKey(config),
  updates: createUpdateService({ ...app.context, zoneChanges: app.zoneChanges }),
  notify: true,
}).catch(async (error: Error) => {
  console.error(`DNS server: ${error.message}`);
  await app.close();
  await database.close();
  process.exit(1);
});

await app.listen({ host: config.host, port: config.port });
await dashboard?.listen({ host: config.host, port: config.appPort });
app.jobs.start();

const origin = config.apiBaseUrl.replace(/\/v1$/, '');
const lines = [
  '',
  'Kaja DNS is running',
  `  Site       ${siteServed ? config.siteUrl : '(not built: npm start builds it)'}`,
  `  Dashboard  ${dashboard ? config.appUrl : '(not built: npm start builds it)'}`,
  `  API        ${config.apiBaseUrl}  (OpenAPI: ${origin}/v1/openapi.json)`,
  `  DNS        ${dns.addresses.map(({ host, port }) => (host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`)).join(', ')}  (UDP and TCP, ${dns.zones.size} zone(s))`,
  `  Database   ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded, in ${config.dataDir}`}`,
  `  Mail       ${config.smtpUrl ? 'SMTP (SMTP_URL)' : `written to ${config.dataDir}/outbox`}`,
];
const hint = await firstRunHint(database.db);
console.log([...lines, ...(hint ? ['', hint] : []), ''].join('\n'));

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'stopping');
  await dashboard?.close();
  await app.close();
  await app.jobs.stop();
  await dns.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
