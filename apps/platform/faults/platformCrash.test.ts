// The platform as `npm start` runs it (API, jobs and its DNS thread in one process) on a PostgreSQL
// server of the test's own: heavy writes (a 50,000-record import, 1,000-set PATCHes) while a client
// asks its DNS thread, then kill -9 in the middle of such writes. After each restart the write path's
// invariants hold for every zone (serial, journal, counts, replay), an interrupted import or PATCH
// is whole or absent, the DNS thread serves what the database holds, and its signed answers validate.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { subscriptions, zones, type DatabaseHandle } from '@kaja/db';
import { and, eq, like, sql } from '@kaja/db/orm';
import { rrsets } from '@kaja/db';
import { createTestDatabase } from '@kaja/db/testing';
import { writeDsTrustAnchor } from '@kaja/test-support/delv';
import { dig } from '@kaja/test-support/dig';
import { freePort } from '@kaja/test-support/ports';
import { startPostgres, type TestPostgres } from '@kaja/test-support/postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { platformClient, signUpFromOutbox, startPlatform, type PlatformClient, type RunningPlatform } from '../src/testing';
import { validateEveryWorker } from './everyWorker';
import { journalInconsistencies } from './journalConsistency';
import { answersWith, probeLatency } from './latencyProbe';
import { sampleRss } from './rssSampler';
import { scenario, type Scenario } from './scenarios';
import { waitFor } from './waitFor';

const dataDir = mkdtempSync(join(tmpdir(), 'kaja-faults-platform-'));
let postgres: TestPostgres;
let database: DatabaseHandle & { url?: string };
let platform: RunningPlatform | undefined;
let env: Record<string, string>;
let client: PlatformClient;
let apiKey: string;
let dnsPort: number;
/** A signed zone with `www` A 192.0.2.1: the one the probe asks and delv validates. */
let zone: { id: string; name: string };
let anchors: string;

async function call(method: string, path: string, body?: unknown, type?: string) {
  return client.call(method, path, { token: apiKey, ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body), type }) });
}

async function createSignedZone(name: string): Promise<{ id: string; name: string }> {
  const created = await call('POST', '/zones', { name });
  expect(created.status).toBe(201);
  const made = created.body.data as { id: string; name: string };
  expect((await call('POST', `/zones/${made.id}/records`, { type: 'A', name: 'www', content: '192.0.2.1', ttl: 300 })).status).toBe(201);
  expect((await call('PATCH', `/zones/${made.id}/dnssec/status`, { enabled: true })).status).toBe(200);
  // The platform's job runner makes the keys.
  await waitFor(
    async () => (await call('GET', `/zones/${made.id}/dnssec/status`)).body.data.state,
    (state) => state === 'active',
    60_000,
    250,
  );
  return made;
}

/** The platform and its signed zone, set up by the first scenario (startPlatform waits as tests do, not as hooks may). */
let ready: Promise<void> | undefined;
const setUp = () => (ready ??= startWithSignedZone());

async function startWithSignedZone(): Promise<void> {
  postgres = await startPostgres();
  database = await createTestDatabase(postgres.url);
  const port = await freePort();
  dnsPort = await freePort();
  env = { DATABASE_URL: database.url!, DATA_DIR: dataDir, PORT: String(port), DNS_ADDR: '127.0.0.1', DNS_PORT: String(dnsPort), LOG_LEVEL: 'warn' };
  platform = await startPlatform(env);
  client = platformClient(port);
  const account = await signUpFromOutbox(client, dataDir, 'owner@faults-platform.example');
  apiKey = account.apiKey;
  // The Scale plan (no record limit): there is no billing here.
  await database.db.update(subscriptions).set({ planId: 'scale' }).where(eq(subscriptions.customerId, account.customerId));
  zone = await createSignedZone('faults-platform.com');
  const ds = (await call('GET', `/zones/${zone.id}/dnssec/ds`)).body.data.ds as { digest_type: number; content: string }[];
  anchors = join(dataDir, 'anchors.conf');
  await writeDsTrustAnchor(anchors, zone.name, ds.find((record) => record.digest_type === 2)!.content);
}

afterAll(async () => {
  await platform?.stop('SIGKILL');
  await database?.close();
  await postgres?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The invariants of every zone, and the DNS thread serving each at the serial the database holds. */
async function consistent(record: Scenario, step: string): Promise<void> {
  const all = await database.db.select({ id: zones.id, name: zones.name, serial: zones.serial }).from(zones);
  const problems = (await Promise.all(all.map((each) => journalInconsistencies(database.db, each.id)))).flat();
  record.note(`${step}: ${all.length} zones checked, ${problems.length} inconsistencies`);
  expect(problems).toEqual([]);
  for (const each of all) {
    await expect
      .poll(async () => Number((await dig(dnsPort, each.name, 'SOA')).answer[0]?.split(' ')[6]), { timeout: 30_000, interval: 250 })
      .toBe(each.serial);
  }
}

async function everyWorkerValidates(record: Scenario, step: string): Promise<void> {
  const result = await validateEveryWorker({
    port: dnsPort,
    zone: zone.name,
    anchors,
    questions: [
      [`www.${zone.name}`, 'A'],
      [zone.name, 'DNSKEY'],
      [`no-such-name.${zone.name}`, 'A'],
    ],
  });
  record.note(`${step}: ${result.answers} DO answers, ${result.distinct} different, ${result.validated} validated by delv`);
  expect(result.failures).toEqual([]);
}

const importText = (count: number, prefix: string) => {
  let text = '$TTL 300\n';
  for (let i = 0; i < count; i++) text += `${prefix}${i} IN A 10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}\n`;
  return text;
};

const patchChanges = (count: number, prefix: string) => ({
  changes: Array.from({ length: count }, (_, i) => ({ action: 'replace', type: 'TXT', name: `${prefix}${i}`, content: [`set ${i}`], ttl: 300 })),
});

/** Records of `zoneId` whose owner starts with `prefix`. */
async function countNamed(zoneId: string, zoneName: string, prefix: string): Promise<number> {
  const [row] = await database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(rrsets)
    .where(and(eq(rrsets.zoneId, zoneId), like(rrsets.name, `${prefix}%.${zoneName}`)));
  return row!.count;
}

/**
 * Kills the platform (-9) once its connection is inside the write: a transaction open that has
 * touched the record sets. Gives what the kill interrupted, or how the write ended when it ended first.
 */
async function killDuringWrite(write: Promise<{ status: number; body: any }>): Promise<string> {
  let ended: string | undefined;
  void write.then(
    (response) => (ended = `after the write ended with ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`),
    (error: Error) => (ended = `after the request failed: ${error.message} ${String((error.cause as Error | undefined)?.message ?? '')}`),
  );
  for (;;) {
    const { rows } = (await database.db.execute(
      sql`select 1 from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null and query ilike '%rrsets%'`,
    )) as { rows: unknown[] };
    if (rows.length > 0 || ended) {
      const interrupted = ended ?? 'mid-write, inside its transaction';
      await platform!.stop('SIGKILL');
      platform = undefined;
      return interrupted;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the platform under heavy writes and kill -9', () => {
  it('6. heavy writes: a 50,000-record import and 1,000-set PATCHes while DNS is asked; none of it lost', { timeout: 420_000 }, async () => {
    await setUp();
    const record = scenario('heavy writes (platform, PostgreSQL)');
    const target = await call('POST', '/zones', { name: 'faults-heavy.com' });
    expect(target.status).toBe(201);
    const heavy = target.body.data as { id: string; name: string };
    const probe = await probeLatency({ port: dnsPort, name: `www.${zone.name}`, type: 'A', accepts: answersWith(['192.0.2.1']), source: '127.0.1.1' });
    const rss = sampleRss(platform!.pid);
    try {
      const started = performance.now();
      const imported = await call('POST', `/zones/${heavy.id}/import`, importText(50_000, 'h'), 'text/dns');
      expect(imported.status).toBe(200);
      record.note(`50,000-record import: ${((performance.now() - started) / 1000).toFixed(1)} s`);
      for (let round = 0; round < 3; round++) {
        const began = performance.now();
        const patched = await call('PATCH', `/zones/${heavy.id}/records`, patchChanges(1000, `p${round}-`));
        expect(patched.status).toBe(200);
        record.note(`1,000-set PATCH ${round + 1}: ${((performance.now() - began) / 1000).toFixed(1)} s`);
      }
    } finally {
      const figures = await probe.stop();
      record.probed(figures);
      record.rss(rss.stop());
      record.note(`DNS during the writes: p50 ${figures.p50.toFixed(0)} ms, p99 ${figures.p99.toFixed(0)} ms, max ${figures.max.toFixed(0)} ms`);
    }
    expect(await countNamed(heavy.id, heavy.name, 'h')).toBe(50_000);
    await consistent(record, 'after the writes');
    await everyWorkerValidates(record, 'after the writes');
    expect(probe.wrongAnswers()).toEqual([]);
    // The figure to watch is the latency; the assertion is that no answer took a resolver's timeout.
    expect(record.answersLost).toBe(0);
  });

  it('4. kill -9 during a 50,000-record import and during a 1,000-set PATCH: whole or absent, consistent after restart', { timeout: 420_000 }, async () => {
    await setUp();
    const record = scenario('platform kill -9 mid-import / mid-PATCH');
    const created = await call('POST', '/zones', { name: 'faults-killed.com' });
    expect(created.status).toBe(201);
    const killed = created.body.data as { id: string; name: string };

    const importing = call('POST', `/zones/${killed.id}/import`, importText(50_000, 'k'), 'text/dns');
    const importKill = await killDuringWrite(importing);
    record.note(`import: killed ${importKill}`);
    await importing.catch(() => undefined);
    platform = await startPlatform(env);
    const imported = await countNamed(killed.id, killed.name, 'k');
    record.note(`import after restart: ${imported} of 50,000 records`);
    expect([0, 50_000]).toContain(imported);
    await consistent(record, 'after the kill mid-import');
    await everyWorkerValidates(record, 'after the kill mid-import');

    const patching = call('PATCH', `/zones/${killed.id}/records`, patchChanges(1000, 'q'));
    const patchKill = await killDuringWrite(patching);
    record.note(`PATCH: killed ${patchKill}`);
    await patching.catch(() => undefined);
    platform = await startPlatform(env);
    const patched = await countNamed(killed.id, killed.name, 'q');
    record.note(`PATCH after restart: ${patched} of 1,000 sets`);
    expect([0, 1000]).toContain(patched);
    await consistent(record, 'after the kill mid-PATCH');
    await everyWorkerValidates(record, 'after the kill mid-PATCH');

    // The write path works on after both: the interrupted PATCH made again is applied whole.
    expect((await call('PATCH', `/zones/${killed.id}/records`, patchChanges(1000, 'q'))).status).toBe(200);
    expect(await countNamed(killed.id, killed.name, 'q')).toBe(1000);
    await consistent(record, 'after the PATCH made again');
    // Both kills landed inside the writes, not after them: otherwise this scenario proved nothing.
    expect([importKill, patchKill]).toEqual(['mid-write, inside its transaction', 'mid-write, inside its transaction']);
  });
});
