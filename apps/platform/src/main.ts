// The whole platform in one process: the API at /v1 and the marketing site at / on HOST:PORT,
// the DNS server on DNS_ADDR:DNS_PORT, the background jobs, all on the embedded database (or
// DATABASE_URL). PGlite is single-process, so the DNS server lives here, on a thread of its own
// (dnsThread.ts), and hears the API's changes in process.
import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { fileURLToPath } from 'node:url';
import { buildApp, scheduleLifeCycle } from '@kaja/api';
import { serveMetrics } from '@kaja/dns';
import { createUpdateService } from '@kaja/zone-writes';
import { privateDirectory, resolveKeyEncryptionKey } from '@kaja/config';
import { serveAdminSocket } from './adminSocket';
import { buildDashboardServer } from './dashboard';
import { startDnsThread } from './dnsThread';
import { firstRunHint } from './firstRun';
import { processMetrics } from './processMetrics';
import { registerSite } from './site';
import { configOrExit, openDatabaseOrExit } from './startup';

const config = configOrExit();
// Also with DATABASE_URL it may hold the key-encryption key and the outbox.
privateDirectory(config.dataDir);
const database = await openDatabaseOrExit(config);
const keyEncryptionKeys = resolveKeyEncryptionKey(config);
// Stacks of the platform's own errors read in the sources: the server build's maps (decision 063).
if (config.errorReporting.enabled) process.setSourceMapsEnabled(true);
const siteDir = fileURLToPath(new URL('../../site/build/client', import.meta.url));
const dashboardDir = fileURLToPath(new URL('../../dashboard/dist', import.meta.url));
// The web apps' source maps stay beside their builds, never served: the API maps browsers' stacks with them.
const app = await buildApp({
  config,
  database,
  sourceMaps: {
    site: fileURLToPath(new URL('../../site/build/sourcemaps', import.meta.url)),
    dashboard: fileURLToPath(new URL('../../dashboard/build/sourcemaps', import.meta.url)),
  },
});

const siteServed = existsSync(siteDir);
if (siteServed) await registerSite(app, siteDir, config);

const dashboard = existsSync(dashboardDir) ? await buildDashboardServer(dashboardDir, config) : null;

const dns = await startDnsThread({
  database,
  ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
  zoneChanges: app.zoneChanges,
  updates: createUpdateService({ ...app.context, zoneChanges: app.zoneChanges }),
  listen: config.dnsAddr.map((host) => ({ host, port: config.dnsPort })),
  nodeName: hostname(),
  node: { dnsNode: config.dnsNode, dataDir: config.dataDir },
  notifyLeaseSeconds: config.dnsNotifyLeaseSeconds,
  ...(config.dnsStaleAfterSeconds > 0 ? { staleAfter: { seconds: config.dnsStaleAfterSeconds, onlineForSeconds: config.regionOfflineAfterSeconds } } : {}),
  keyEncryptionKey: keyEncryptionKeys,
  secondaryAllowedCidrs: config.secondaryAllowedCidrs,
  rateLimit: config.dnsRateLimit,
  answerCacheSize: config.dnsAnswerCacheSize,
  queryCountsIntervalSeconds: config.dnsQueryCountsIntervalSeconds,
  onFailure: (error) => {
    console.error(`DNS server: ${error.message}`);
    // Recorded before stopping: the crash is what staff find in the errors when the platform is back.
    void app.errorReports.report('dns', error, 'DNS server').finally(() => stop('DNS server stopped', 1));
  },
}).catch(async (error: Error) => {
  console.error(`DNS server: ${error.message}`);
  await app.close();
  await database.close();
  process.exit(1);
});

await app.listen({ host: config.host, port: config.port });
// Metrics on an address of their own (METRICS_ADDR), never the API's port: the process (memory,
// event loop), the API and the DNS thread, each read when scraped.
const processFigures = processMetrics();
const metrics = config.metricsAddr
  ? await serveMetrics(config.metricsAddr.address, config.metricsAddr.port, async () => [
      await processFigures(),
      await app.metrics.getMetricsAsJSON(),
      await dns.metrics(),
    ]).catch(async (error: Error) => {
      console.error(`Metrics: ${error.message}`);
      await dns.close();
      await app.close();
      await database.close();
      process.exit(1);
    })
  : null;
await scheduleLifeCycle(app.context);
await dashboard?.listen({ host: config.host, port: config.appPort });
app.jobs.start();
// `npm run admin` cannot open the embedded database while we hold it, so it asks us.
const adminSocket =
  database.kind === 'pglite'
    ? await serveAdminSocket(config.dataDir, database.db, keyEncryptionKeys).catch((error: Error) => {
        app.log.warn({ err: error }, 'admin commands cannot reach this process (npm run admin needs it stopped)');
        return null;
      })
    : null;

const origin = config.apiBaseUrl.replace(/\/v1$/, '');
const lines = [
  '',
  'Kaja DNS is running',
  `  Site       ${siteServed ? config.siteUrl : '(not built: npm start builds it)'}`,
  `  Dashboard  ${dashboard ? config.appUrl : '(not built: npm start builds it)'}`,
  `  API        ${config.apiBaseUrl}  (OpenAPI: ${origin}/v1/openapi.json)`,
  `  DNS        ${dns.addresses.map(({ host, port }) => (host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`)).join(', ')}  (UDP and TCP, ${dns.zones} zone(s))`,
  `  Metrics    ${metrics ? `http://${metrics.host.includes(':') ? `[${metrics.host}]` : metrics.host}:${metrics.port}/metrics` : '(METRICS_ADDR unset)'}`,
  `  Database   ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded, in ${config.dataDir}`}`,
  `  Mail       ${config.smtpUrl ? 'SMTP (SMTP_URL)' : `written to ${config.dataDir}/outbox`}`,
];
const hint = await firstRunHint(database.db);
console.log([...lines, ...(hint ? ['', hint] : []), ''].join('\n'));

let stopping = false;
async function stop(reason: string, code = 0) {
  if (stopping) return;
  stopping = true;
  app.log.info({ reason }, 'stopping');
  adminSocket?.close();
  await metrics?.close();
  await dashboard?.close();
  await app.close();
  await app.jobs.stop();
  await dns?.close();
  await database.close();
  process.exit(code);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
