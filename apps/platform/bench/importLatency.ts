// `npm run bench:import-latency [-- --records 50000 --idle 10 --database embedded|postgresql]`: the platform as `npm start` runs
// it (API, jobs and the DNS thread in one process), on the embedded database and then on a
// PostgreSQL server of its own, answering DNS and `/v1/health` while a zone file of `records`
// A records is imported. A UDP SOA query every 20 ms and a health request every 100 ms, first with
// nothing else going on (`idle` seconds), then from the import's start until the DNS thread serves
// the imported serial. Knot DNS, serving a zone of its own on the same machine, is asked the same
// way at the same time, so the machine's share of any wait (the import takes both cores) shows
// beside the platform's own.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { openDatabase, subscriptions } from '@kaja/db';
import { eq } from '@kaja/db/orm';
import { createTestDatabase } from '@kaja/db/testing';
import { dig } from '@kaja/test-support/dig';
import { serveWithKnot } from '@kaja/dns/testing/knotReference';
import { freePort } from '@kaja/test-support/ports';
import { startPostgres } from '@kaja/test-support/postgres';
import { exitWithUsageOnHelp } from '@kaja/test-support/benchUsage';
import { probeLatency, rcodeOf, type LatencyFigures, type LatencyProbe } from '../faults/latencyProbe';
import { platformClient, signUpFromOutbox, startPlatform } from '../src/testing';

exitWithUsageOnHelp();

const { values } = parseArgs({
  options: { records: { type: 'string', default: '50000' }, idle: { type: 'string', default: '10' }, database: { type: 'string' } },
});
const records = Number(values.records);
const idleSeconds = Number(values.idle);
if (!Number.isInteger(records) || records < 1) throw new Error('--records must be a positive whole number');
if (!Number.isInteger(idleSeconds) || idleSeconds < 1) throw new Error('--idle must be a positive whole number');
const databases = (['embedded', 'postgresql'] as const).filter((kind) => values.database === undefined || values.database === kind);
if (databases.length === 0) throw new Error('--database must be embedded or postgresql');

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

/** Latency of requests sent every `intervalMs` without waiting for the one before, as monitors do. */
function probeHealth(port: number, token: string, intervalMs = 100) {
  const waits: number[] = [];
  let failed = 0;
  const pending = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const sent = performance.now();
    const request = fetch(`http://127.0.0.1:${port}/v1/health`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(10_000) })
      .then(async (response) => {
        await response.arrayBuffer();
        if (response.ok) waits.push(performance.now() - sent);
        else failed++;
      })
      .catch(() => void failed++)
      .finally(() => pending.delete(request));
    pending.add(request);
  }, intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
      return { ...percentiles(waits), failed };
    },
  };
}

function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN };
}

const soaProbe = (port: number, name: string): Promise<LatencyProbe> =>
  probeLatency({ port, name, type: 'SOA', intervalMs: 20, accepts: (reply) => rcodeOf(reply) === 'NOERROR' });

interface Phase {
  kaja: LatencyFigures;
  knot: LatencyFigures;
  health: ReturnType<typeof percentiles> & { failed: number };
  seconds: number;
  load: number;
}

interface Run {
  database: string;
  idle: Phase;
  importing: Phase;
  importSeconds: number;
  servedSeconds: number;
}

const zoneText = (count: number) => {
  let text = '$TTL 300\n';
  for (let i = 0; i < count; i++) text += `h${i} IN A 10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}\n`;
  return text;
};

async function runOn(database: 'embedded (PGlite)' | 'PostgreSQL', knotPort: number): Promise<Run> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kaja-bench-import-'));
  const postgres = database === 'PostgreSQL' ? await startPostgres() : undefined;
  const handle = postgres ? await createTestDatabase(postgres.url) : undefined;
  const port = await freePort();
  const dnsPort = await freePort();
  // Response rate limiting off, as on Knot's side: the probes ask one name 50 times a second.
  const env = {
    DATABASE_URL: handle?.url ?? '',
    DATA_DIR: dataDir,
    PORT: String(port),
    DNS_ADDR: '127.0.0.1',
    DNS_PORT: String(dnsPort),
    DNS_RATE_LIMIT: '0',
    LOG_LEVEL: 'warn',
  };
  const client = platformClient(port);
  let platform = await startPlatform(env);
  try {
    const account = await signUpFromOutbox(client, dataDir, 'owner@import-latency.example');
    // The Scale plan (no record limit; there is no billing here). The embedded database can only be
    // opened while the platform is stopped.
    if (handle) {
      await handle.db.update(subscriptions).set({ planId: 'scale' }).where(eq(subscriptions.customerId, account.customerId));
    } else {
      await platform.stop();
      const embedded = await openDatabase({ dataDir, migrate: false });
      await embedded.db.update(subscriptions).set({ planId: 'scale' }).where(eq(subscriptions.customerId, account.customerId));
      await embedded.close();
      platform = await startPlatform(env);
    }
    const call = (method: string, path: string, body?: string, type?: string) =>
      client.call(method, path, { token: account.apiKey, ...(body === undefined ? {} : { body, type }) });
    const probed = await call('POST', '/zones', JSON.stringify({ name: 'bench-probed.com' }));
    const target = await call('POST', '/zones', JSON.stringify({ name: 'bench-imported.com' }));
    if (probed.status !== 201 || target.status !== 201) throw new Error(`zones not created: ${probed.status} ${target.status}`);
    await sleep(2000);

    const measure = async (work: () => Promise<void>): Promise<Phase> => {
      const started = performance.now();
      const [kaja, knot] = await Promise.all([soaProbe(dnsPort, 'bench-probed.com'), soaProbe(knotPort, 'knot.example')]);
      const health = probeHealth(port, account.apiKey);
      await work();
      const [kajaFigures, knotFigures, healthFigures] = await Promise.all([kaja.stop(), knot.stop(), health.stop()]);
      return { kaja: kajaFigures, knot: knotFigures, health: healthFigures, seconds: (performance.now() - started) / 1000, load: loadavg()[0]! };
    };

    log(`${database}: ${idleSeconds} s idle`);
    const idle = await measure(() => sleep(idleSeconds * 1000));
    log(`${database}: importing ${records.toLocaleString('en')} records`);
    let importSeconds = 0;
    let servedSeconds = 0;
    const importing = await measure(async () => {
      const started = performance.now();
      const imported = await call('POST', `/zones/${target.body.data.id}/import`, zoneText(records), 'text/dns');
      importSeconds = (performance.now() - started) / 1000;
      if (imported.status !== 200) throw new Error(`import failed: ${imported.status} ${JSON.stringify(imported.body).slice(0, 300)}`);
      // The import is done for DNS once the DNS thread answers its last record.
      for (;;) {
        const answer = await dig(dnsPort, `h${records - 1}.bench-imported.com`, 'A');
        if (answer.answer.length > 0) break;
        if (performance.now() - started > 300_000) throw new Error('the imported records were not served within 5 minutes');
        await sleep(50);
      }
      servedSeconds = (performance.now() - started) / 1000;
      await sleep(1000);
    });
    return { database, idle, importing, importSeconds, servedSeconds };
  } finally {
    await platform.stop();
    await handle?.close();
    await postgres?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');
const dnsCell = (figures: LatencyFigures) => `${ms(figures.p50)} / ${ms(figures.p99)} / ${ms(figures.max)} (${figures.lost} lost of ${figures.sent})`;

const knot = await serveWithKnot({
  'knot.example': '$TTL 300\n@ SOA ns.knot.example. hostmaster.knot.example. 1 3600 600 86400 300\n@ NS ns\nns A 192.0.2.53\n',
});
const runs: Run[] = [];
try {
  for (const database of databases) runs.push(await runOn(database === 'embedded' ? 'embedded (PGlite)' : 'PostgreSQL', knot.port));
} finally {
  await knot.stop();
}

console.log(
  `\nDNS and API latency while ${records.toLocaleString('en')} records are imported (ms: p50 / p99 / max; a UDP SOA query every 20 ms, /v1/health every 100 ms)\n`,
);
console.log('| Database | Phase | Kaja DNS | Knot DNS beside it | /v1/health | Load average |');
console.log('|---|---|---|---|---|---|');
for (const run of runs) {
  for (const [phase, figures] of [
    [`idle ${idleSeconds} s`, run.idle],
    [`import (${run.importSeconds.toFixed(1)} s, served after ${run.servedSeconds.toFixed(1)} s)`, run.importing],
  ] as const) {
    console.log(
      `| ${run.database} | ${phase} | ${dnsCell(figures.kaja)} | ${dnsCell(figures.knot)} | ${ms(figures.health.p50)} / ${ms(figures.health.p99)} / ${ms(figures.health.max)}${figures.health.failed ? ` (${figures.health.failed} failed)` : ''} | ${figures.load.toFixed(2)} |`,
    );
  }
}
console.log('');
for (const run of runs) {
  const ratio = run.importing.kaja.max / run.idle.kaja.max;
  console.log(
    `${run.database}: Kaja DNS max during the import ${ms(run.importing.kaja.max)} ms, ${ratio.toFixed(1)}x its idle max (target at most 2x); Knot's ${ms(run.importing.knot.max)} ms, ${(run.importing.knot.max / run.idle.knot.max).toFixed(1)}x`,
  );
}
