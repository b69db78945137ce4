// A DNS-only node (`npm run dns` on PostgreSQL) while its database goes away: it keeps answering,
// catches up when the database returns, and when restarted while the database is down it answers
// from its snapshot (signed zones signed with the sealed keys kept there), then catches up with
// what changed meanwhile, loading whole the zones whose journal was trimmed past its serial.
// The PostgreSQL server is the test's own, stopped and started by it.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { trimZoneChanges } from '@kaja/api';
import { signUpOwner, startTestApi, type TestApi, type TestAccount } from '@kaja/api/testing';
import { createZone, setPlan } from '@kaja/api/testing/zones';
import { cryptokeys, type DatabaseHandle } from '@kaja/db';
import { sql } from '@kaja/db/orm';
import { createTestDatabase } from '@kaja/db/testing';
import { readZoneSnapshots } from '@kaja/dns';
import { decryptPrivateKey } from '@kaja/dnssec';
import { dig } from '@kaja/test-support/dig';
import { freePort } from '@kaja/test-support/ports';
import { startPostgres, type TestPostgres } from '@kaja/test-support/postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsNode, type DnsNodeProcess } from './testing';

const keyEncryptionKey = randomBytes(32);
const dataDir = mkdtempSync(join(tmpdir(), 'kaja-dns-resilience-'));
const snapshotDir = join(dataDir, 'dns-snapshot');

let postgres: TestPostgres;
let database: DatabaseHandle & { url?: string };
let api: TestApi;
let owner: TestAccount;

beforeAll(async () => {
  postgres = await startPostgres();
  database = await createTestDatabase(postgres.url);
  api = await startTestApi({ database, env: { KEY_ENCRYPTION_KEY: keyEncryptionKey.toString('hex') } });
  owner = await signUpOwner(api);
  await setPlan(api, owner, 'scale');
});

afterAll(async () => {
  await api?.close();
  await database?.close();
  await postgres?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function startNode(port: number): DnsNodeProcess {
  return startDnsNode(['--listen', `127.0.0.1:${port}`, '--workers', '1', '--node-name', 'edge-1'], {
    DATABASE_URL: database.url!,
    DATA_DIR: dataDir,
    KEY_ENCRYPTION_KEY: keyEncryptionKey.toString('hex'),
  });
}

async function send(method: string, path: string, body?: unknown) {
  const response = await api.request(method, path, { token: owner.apiKey, body });
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body?.data;
}

const addA = (zone: { id: string }, name: string, content: string) => send('POST', `/zones/${zone.id}/records`, { type: 'A', name, content, ttl: 300 });

/** The A addresses kdig gets, or the rcode when there are none. */
async function addresses(port: number, name: string): Promise<string[] | string> {
  const response = await dig(port, name, 'A', { client: 'kdig' });
  const found = response.answer.filter((line) => line.split(' ')[3] === 'A').map((line) => line.split(' ')[4]!);
  return found.length > 0 ? found.sort() : response.rcode;
}

/** Whether the answer to `name` A with the DO bit carries the signature of the A set. */
async function signedAnswer(port: number, name: string): Promise<boolean> {
  const response = await dig(port, name, 'A', { client: 'kdig', args: ['+dnssec'] });
  return response.answer.some((line) => / RRSIG A /.test(line));
}

/** Resolves once the node's snapshot holds every zone at the serial the API gives now. */
async function snapshotCurrent(zones: { id: string }[]) {
  const wanted = Object.fromEntries(await Promise.all(zones.map(async (zone) => [zone.id, (await send('GET', `/zones/${zone.id}`)).serial as number])));
  await expect
    .poll(async () => Object.fromEntries((await readZoneSnapshots(snapshotDir)).map((s) => [s.id, s.zone.serial])), { timeout: 20_000, interval: 100 })
    .toEqual(wanted);
}

/** The database answers again (the API's pool has let go of the connections the stop broke). */
async function databaseBack() {
  await expect
    .poll(
      () =>
        database.db.execute(sql`select 1`).then(
          () => true,
          () => false,
        ),
      { timeout: 20_000, interval: 100 },
    )
    .toBe(true);
}

describe('a DNS node while its database is away', () => {
  it('keeps answering, restarts from its snapshot, and catches up when the database returns', { timeout: 300_000 }, async () => {
    const port = await freePort();
    const signed = await createZone(api, owner);
    const plain = await createZone(api, owner);
    const trimmed = await createZone(api, owner);
    const disabled = await createZone(api, owner);
    for (const zone of [signed, plain, trimmed, disabled]) await addA(zone, 'www', '192.0.2.1');
    await send('PATCH', `/zones/${signed.id}/dnssec/status`, { enabled: true });
    await api.app.jobs.runUntilIdle();
    expect(await send('GET', `/zones/${signed.id}/dnssec/status`)).toMatchObject({ state: 'active' });

    let node = startNode(port);
    try {
      await expect.poll(() => node.output(), { timeout: 60_000, interval: 100 }).toContain('dns: serving 4 zone(s) from the database');
      expect(await addresses(port, `www.${plain.name}`)).toEqual(['192.0.2.1']);
      expect(await signedAnswer(port, `www.${signed.name}`)).toBe(true);

      // The database stops: answers go on, also past the node's periodic comparison with it.
      await postgres.stop();
      const comparisonFailed = () => node.output().includes('dns: could not compare the zones with the database');
      for (const deadline = Date.now() + 30_000; ;) {
        const compared = comparisonFailed();
        expect(await addresses(port, `www.${plain.name}`)).toEqual(['192.0.2.1']);
        expect(await signedAnswer(port, `www.${signed.name}`)).toBe(true);
        if (compared) break;
        if (Date.now() > deadline) throw new Error(`the node did not try to compare its zones with the stopped database within 30 s:\n${node.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }

      // It comes back: a change made now reaches the node.
      await postgres.start();
      await databaseBack();
      await addA(plain, 'after', '192.0.2.2');
      await expect.poll(() => addresses(port, `after.${plain.name}`), { timeout: 40_000, interval: 200 }).toEqual(['192.0.2.2']);

      // The node stops with its snapshot current; changes are made while it is away.
      await snapshotCurrent([signed, plain, trimmed, disabled]);
      node.child.kill('SIGTERM');
      expect(await node.exited, `the node ended (signal ${node.child.signalCode}) with this output:\n${node.output()}`).toBe(0);
      await addA(plain, 'meanwhile', '192.0.2.3');
      for (const name of ['one', 'two', 'three']) await addA(trimmed, name, '192.0.2.4');
      // The retention job with a rule that keeps only each zone's newest change.
      expect(await trimZoneChanges(database.db, { days: 0, keepChanges: 1 }, new Date(Date.now() + 1000))).toBeGreaterThan(0);
      expect((await send('PUT', `/zones/${disabled.id}`, { status: 'disabled' })).status).toBe('disabled');
      const created = await createZone(api, owner);
      const sealed = await database.db.select().from(cryptokeys);
      expect(sealed.length).toBeGreaterThan(0);
      await postgres.stop();

      // Restarted while the database is down: the snapshot is served, signed zones signed.
      node = startNode(port);
      await expect.poll(() => node.output(), { timeout: 60_000, interval: 100 }).toContain('serving 4 zone(s) from the snapshot in');
      await expect.poll(() => node.output(), { timeout: 10_000, interval: 100 }).toMatch(/dns: serving 4 zone\(s\) from the snapshot on/);
      expect(await addresses(port, `www.${plain.name}`)).toEqual(['192.0.2.1']);
      expect(await addresses(port, `after.${plain.name}`)).toEqual(['192.0.2.2']);
      expect(await addresses(port, `meanwhile.${plain.name}`)).toBe('NXDOMAIN');
      expect(await addresses(port, `www.${disabled.name}`)).toEqual(['192.0.2.1']);
      expect(await addresses(port, `www.${created.name}`)).toBe('REFUSED');
      expect(await signedAnswer(port, `www.${signed.name}`)).toBe(true);

      // The keys on disk are sealed as in the database, never in clear.
      const files = (await readZoneSnapshots(snapshotDir)).map((s) => readFileSync(join(snapshotDir, `${s.id}.zone`)));
      for (const key of sealed) {
        const clear = Buffer.from(decryptPrivateKey(Buffer.from(key.privateKey, 'base64'), { current: keyEncryptionKey, previous: [] }, key.id));
        expect(files.some((file) => file.includes(key.privateKey))).toBe(true);
        expect(files.some((file) => file.includes(clear) || file.includes(clear.toString('base64')))).toBe(false);
      }

      // The database returns: what changed meanwhile arrives, the trimmed zone loaded whole.
      await postgres.start();
      await databaseBack();
      await expect.poll(() => addresses(port, `meanwhile.${plain.name}`), { timeout: 40_000, interval: 200 }).toEqual(['192.0.2.3']);
      await expect.poll(() => addresses(port, `three.${trimmed.name}`), { timeout: 10_000, interval: 200 }).toEqual(['192.0.2.4']);
      await expect.poll(() => addresses(port, `www.${disabled.name}`), { timeout: 10_000, interval: 200 }).toBe('REFUSED');
      await expect.poll(() => addresses(port, `www.${created.name}`), { timeout: 10_000, interval: 200 }).toBe('NXDOMAIN');
      expect(await signedAnswer(port, `www.${signed.name}`)).toBe(true);
      expect(node.output()).toContain('dns: the database answers again; caught up with it');
      expect(node.output()).toMatch(new RegExp(`the journal of ${trimmed.name.replace(/\./g, '\\.')} no longer reaches serial \\d+; loading the zone whole`));
      // And the snapshot follows: the disabled zone's file is gone, the new zone's written.
      await snapshotCurrent([signed, plain, trimmed, created]);

      // Restarted with the database up: current files are not written again, the file of a zone
      // deleted meanwhile and a temporary file a killed writer left are removed.
      node.child.kill('SIGTERM');
      expect(await node.exited, `the node ended (signal ${node.child.signalCode}) with this output:\n${node.output()}`).toBe(0);
      const written = Object.fromEntries(readdirSync(snapshotDir).map((entry) => [entry, statSync(join(snapshotDir, entry)).mtimeMs]));
      await send('DELETE', `/zones/${created.id}`);
      await api.app.jobs.runUntilIdle();
      writeFileSync(join(snapshotDir, `${plain.id}.zone.tmp-999999`), 'cut short');
      node = startNode(port);
      await expect.poll(() => node.output(), { timeout: 60_000, interval: 100 }).toContain('dns: serving 3 zone(s) from the database');
      await expect
        .poll(() => readdirSync(snapshotDir).sort(), { timeout: 10_000, interval: 100 })
        .toEqual([signed, plain, trimmed].map((zone) => `${zone.id}.zone`).sort());
      for (const zone of [signed, plain, trimmed]) expect(statSync(join(snapshotDir, `${zone.id}.zone`)).mtimeMs).toBe(written[`${zone.id}.zone`]);
    } finally {
      node.child.kill('SIGTERM');
    }
    expect(await node.exited, `the node ended (signal ${node.child.signalCode}) with this output:\n${node.output()}`).toBe(0);
  });
});
