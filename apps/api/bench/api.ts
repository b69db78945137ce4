// `npm run bench:api [-- --postgres URL] [--smoke]`: how fast the zone and record API writes and reads.
// Records created per second through POST and through PATCH, the time to import a 100,000-record
// zone file, and GET /zones/{id}/records latency under concurrent load (autocannon), on PGlite
// and, with DATABASE_URL or --postgres, on PostgreSQL (a database made for the run and dropped).
import autocannon from 'autocannon';
import { exitWithUsageOnHelp } from '@kaja/test-support/benchUsage';
import { startTestApi, signUpOwner, type TestApi, type TestAccount } from '../src/testing';
import { setPlan } from '../src/routes/v1/zones/zoneTestKit';

exitWithUsageOnHelp();

// --smoke: tiny settings that only show the benchmark runs end to end; its numbers mean nothing.
const smoke = process.argv.includes('--smoke');
const postSeconds = smoke ? 1 : 8;
const patchSeconds = smoke ? 1 : 8;
const getSeconds = smoke ? 1 : 10;
const importRecords = smoke ? 1_000 : 100_000;

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

interface Result {
  backend: string;
  postPerSecond: number;
  patchPerSecond: number;
  importSeconds: number;
  getP50: number;
  getP99: number;
  getPerSecond: number;
}

async function createZone(api: TestApi, account: TestAccount, label: string) {
  const response = await api.request('POST', '/zones', { token: account.apiKey, body: { name: `${label}-${Date.now().toString(36)}.com` } });
  if (response.status !== 201) throw new Error(`zone: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as { id: string; name: string };
}

/** POSTs one new record per request from 4 connections for a fixed time. */
async function benchPost(api: TestApi, account: TestAccount) {
  const zone = await createZone(api, account, 'post');
  let sequence = 0;
  const result = await autocannon({
    url: `${api.origin}/v1/zones/${zone.id}/records`,
    connections: 4,
    duration: postSeconds,
    requests: [
      {
        method: 'POST',
        headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/json' },
        setupRequest: (request: Record<string, unknown>) => {
          const n = sequence++;
          return { ...request, body: JSON.stringify({ type: 'A', name: `host-${n}`, content: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` }) };
        },
      },
    ],
  });
  if (result.non2xx > 0) throw new Error(`POST: ${result.non2xx} failed requests`);
  return result['2xx'] / postSeconds;
}

/** PATCHes 1,000 new sets per request, one request at a time, for a fixed time. */
async function benchPatch(api: TestApi, account: TestAccount) {
  const zone = await createZone(api, account, 'patch');
  let records = 0;
  let batch = 0;
  const started = performance.now();
  while (performance.now() - started < patchSeconds * 1000) {
    const changes = Array.from({ length: 1000 }, (_, i) => ({ action: 'create', type: 'A', name: `b${batch}-${i}`, content: '192.0.2.1' }));
    const response = await api.request('PATCH', `/zones/${zone.id}/records`, { token: account.apiKey, body: { changes } });
    if (response.status !== 200) throw new Error(`PATCH: ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`);
    records += 1000;
    batch++;
  }
  return records / ((performance.now() - started) / 1000);
}

/** A zone file of mixed types, `count` records. */
function zoneFile(count: number): string {
  const lines = ['$TTL 3600'];
  for (let i = 0; lines.length <= count; i++) {
    lines.push(`host-${i} IN A 10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    if (i % 4 === 0) lines.push(`host-${i} IN AAAA 2001:db8::${(i >> 16).toString(16)}:${(i & 0xffff).toString(16)}`);
    if (i % 8 === 0) lines.push(`txt-${i} IN TXT "v=spf1 include:_spf.example.net -all ${i}"`);
    if (i % 16 === 0) lines.push(`mail-${i} IN MX 10 host-${i}`);
    if (i % 16 === 8) lines.push(`alias-${i} IN CNAME host-${i}`);
  }
  return lines.slice(0, count + 1).join('\n') + '\n';
}

async function benchImport(api: TestApi, account: TestAccount) {
  const zone = await createZone(api, account, 'import');
  const text = zoneFile(importRecords);
  const started = performance.now();
  const response = await api.request('POST', `/zones/${zone.id}/import`, { token: account.apiKey, headers: { 'content-type': 'text/dns' }, body: text });
  const seconds = (performance.now() - started) / 1000;
  if (response.status !== 200) throw new Error(`import: ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`);
  if (response.body.data.summary.records_added !== importRecords) throw new Error(`import added ${response.body.data.summary.records_added}`);
  return { zone, seconds, bytes: Buffer.byteLength(text) };
}

/** GET the first page of 100 sets of the big zone from 10 connections. */
async function benchGet(api: TestApi, account: TestAccount, zoneId: string) {
  const result = await autocannon({
    url: `${api.origin}/v1/zones/${zoneId}/records?limit=100`,
    connections: 10,
    duration: getSeconds,
    headers: { authorization: `Bearer ${account.apiKey}` },
  });
  if (result.non2xx > 0) throw new Error(`GET: ${result.non2xx} failed requests`);
  return { p50: result.latency.p50, p99: result.latency.p99, perSecond: result.requests.average };
}

async function run(backend: string, databaseUrl: string | undefined): Promise<Result> {
  if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
  else delete process.env.DATABASE_URL;
  // Rate limits lifted: this measures the API, not its throttle.
  const api = await startTestApi({ rateLimits: { planScale: 100_000 } });
  try {
    const account = await signUpOwner(api);
    await setPlan(api, account, 'scale');
    console.error(`${backend}: POST...`);
    const postPerSecond = await benchPost(api, account);
    console.error(`${backend}: PATCH...`);
    const patchPerSecond = await benchPatch(api, account);
    console.error(`${backend}: import of ${importRecords} records...`);
    const imported = await benchImport(api, account);
    console.error(`${backend}: GET under load...`);
    const get = await benchGet(api, account, imported.zone.id);
    return { backend, postPerSecond, patchPerSecond, importSeconds: imported.seconds, getP50: get.p50, getP99: get.p99, getPerSecond: get.perSecond };
  } finally {
    await api.close();
  }
}

const postgres = option('--postgres') ?? process.env.DATABASE_URL;
const results = [await run('PGlite', undefined)];
if (postgres) results.push(await run('PostgreSQL', postgres));

const rows = [
  ['', ...results.map((result) => result.backend)],
  ['records/s via POST (4 connections)', ...results.map((result) => result.postPerSecond.toFixed(0))],
  ['records/s via PATCH (1,000 sets per call)', ...results.map((result) => result.patchPerSecond.toFixed(0))],
  [`import of ${importRecords.toLocaleString('en')} records (s)`, ...results.map((result) => result.importSeconds.toFixed(1))],
  ['GET /records?limit=100, 10 connections: p50 (ms)', ...results.map((result) => String(result.getP50))],
  ['GET /records?limit=100, 10 connections: p99 (ms)', ...results.map((result) => String(result.getP99))],
  ['GET /records?limit=100, 10 connections: req/s', ...results.map((result) => result.getPerSecond.toFixed(0))],
];
const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
console.log(rows.map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ')).join('\n'));
if (!postgres) console.log('(PostgreSQL: set DATABASE_URL or pass --postgres URL)');
