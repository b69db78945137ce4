// A DNS node that falls behind the journal stops answering while another node is current, so a
// health-checked anycast route to it is withdrawn (decision 047): two DNS-only nodes (`npm run dns`)
// on one PostgreSQL database, one of them behind a TCP proxy the test cuts. Cut, it closes its
// listeners once its lag passes --stale-after; restored, it catches up and answers again. With no
// other node current (the other one killed), it goes on answering stale: stale answers beat none.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signUpOwner, startTestApi, type TestApi } from '@kaja/api/testing';
import { createZone, setPlan } from '@kaja/api/testing/zones';
import { dnsNodes, type DatabaseHandle } from '@kaja/db';
import { eq } from '@kaja/db/orm';
import { createTestDatabase } from '@kaja/db/testing';
import { dig } from '@kaja/test-support/dig';
import { scrape } from '@kaja/dns/testing/metrics';
import { freePort } from '@kaja/test-support/ports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxyDatabase, type DatabaseCut } from '../../faults/databaseCut';
import { startDnsNode, type DnsNodeProcess } from './testing';

const keyEncryptionKey = randomBytes(32).toString('hex');
const dataDir = mkdtempSync(join(tmpdir(), 'kaja-dns-stale-'));
const staleAfter = 10;
/** How long another node's heartbeat keeps it current in a cut node's eyes (REGION_OFFLINE_AFTER). */
const onlineFor = 25;

let database: DatabaseHandle & { url?: string };
let api: TestApi;
let proxy: DatabaseCut;

beforeAll(async () => {
  database = await createTestDatabase(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
  api = await startTestApi({ database, env: { KEY_ENCRYPTION_KEY: keyEncryptionKey } });
  proxy = await proxyDatabase(database.url!);
}, 60_000);

afterAll(async () => {
  await proxy?.close();
  await api?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Node {
  process: DnsNodeProcess;
  port: number;
  metrics: string;
}

async function startNode(id: string, databaseUrl: string, workers: number): Promise<Node> {
  const port = await freePort();
  const metricsPort = await freePort();
  const args = ['--listen', `127.0.0.1:${port}`, '--workers', String(workers), '--metrics', `127.0.0.1:${metricsPort}`, '--stale-after', String(staleAfter)];
  const process = startDnsNode(args, {
    DATABASE_URL: databaseUrl,
    DATA_DIR: join(dataDir, id),
    DNS_NODE_ID: id,
    DNS_HEARTBEAT_INTERVAL: '1',
    REGION_OFFLINE_AFTER: String(onlineFor),
    KEY_ENCRYPTION_KEY: keyEncryptionKey,
  });
  await expect.poll(() => process.output(), { timeout: 60_000, interval: 100 }).toContain('dns: serving');
  return { process, port, metrics: `http://127.0.0.1:${metricsPort}` };
}

/** The A records the node answers for `name`, or why it did not answer. */
async function ask(node: Node, name: string, tcp = false): Promise<string> {
  try {
    const answer = await dig(node.port, name, 'A', { client: 'kdig', tcp });
    return `${answer.rcode} ${answer.answer.map((record) => record.split(' ').at(-1)).join(',')}`.trim();
  } catch {
    return 'no answer';
  }
}

const withdrawn = async (node: Node) => (await scrape(node.metrics)).value('kaja_dns_stale_withdrawn');

describe('a stale DNS node', () => {
  it('stops answering while another node is current, answers again once current, and answers stale when none is', { timeout: 240_000 }, async () => {
    const owner = await signUpOwner(api);
    await setPlan(api, owner, 'scale');
    const zone = await createZone(api, owner);
    const add = async (name: string, content: string) => {
      const response = await api.request('POST', `/zones/${zone.id}/records`, { token: owner.apiKey, body: { type: 'A', name, content, ttl: 300 } });
      expect(response.status).toBe(201);
    };
    await add('www', '192.0.2.1');

    // Two workers behind the cut: the lead decides, and the other worker closes its listeners too.
    const cutOff = await startNode('cut-off', proxy.url, 2);
    let current: Node | undefined;
    try {
      current = await startNode('current', database.url!, 1);
      expect(await ask(cutOff, `www.${zone.name}`)).toBe('NOERROR 192.0.2.1');
      expect(await withdrawn(cutOff)).toBe(0);
      // The cut-off node has read the other's heartbeat (it reads them every heartbeat interval, 1 s here).
      await expect
        .poll(async () => (await database.db.select({ id: dnsNodes.id }).from(dnsNodes).where(eq(dnsNodes.id, 'current'))).length, {
          timeout: 10_000,
          interval: 100,
        })
        .toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 2_500));

      proxy.cut();
      const cutAt = Date.now();
      await add('new', '192.0.2.2');
      await expect.poll(() => ask(current!, `new.${zone.name}`), { timeout: 10_000, interval: 200 }).toBe('NOERROR 192.0.2.2');
      // Behind by more than --stale-after while `current` beats: no answer over UDP or TCP, from any worker.
      await expect.poll(() => withdrawn(cutOff), { timeout: 30_000, interval: 200 }).toBe(1);
      const silentAfter = Date.now() - cutAt;
      // Over TCP the connection is refused; over UDP kdig waits out its 3 s.
      for (const tcp of [true, false, true, true]) expect(await ask(cutOff, `www.${zone.name}`, tcp)).toBe('no answer');
      expect(cutOff.process.output()).toMatch(/stopped answering: [\d.]+ s behind the journal \(more than 10 s\) while .* is current/);
      expect(await ask(current, `www.${zone.name}`)).toBe('NOERROR 192.0.2.1');

      proxy.restore();
      const restoredAt = Date.now();
      await expect.poll(() => ask(cutOff, `new.${zone.name}`), { timeout: 30_000, interval: 200 }).toBe('NOERROR 192.0.2.2');
      const backAfter = Date.now() - restoredAt;
      expect(await withdrawn(cutOff)).toBe(0);
      for (let i = 0; i < 4; i++) expect(await ask(cutOff, `www.${zone.name}`, i % 2 === 1)).toBe('NOERROR 192.0.2.1');
      console.log(`--stale-after ${staleAfter}: silent ${silentAfter} ms after the cut; answering ${backAfter} ms after the database came back`);

      // The only other node killed: once its last heartbeat is older than REGION_OFFLINE_AFTER no node
      // is current, and the cut node answers what it has.
      current.process.child.kill('SIGKILL');
      await current.process.exited;
      await new Promise((resolve) => setTimeout(resolve, onlineFor * 1000));
      proxy.cut();
      await add('later', '192.0.2.3');
      await expect
        .poll(async () => (await scrape(cutOff.metrics)).value('kaja_dns_journal_lag_seconds'), { timeout: 30_000, interval: 200 })
        .toBeGreaterThan(staleAfter + 2);
      expect(await withdrawn(cutOff)).toBe(0);
      expect(await ask(cutOff, `www.${zone.name}`)).toBe('NOERROR 192.0.2.1');
      expect(await ask(cutOff, `later.${zone.name}`)).toBe('NXDOMAIN');
      proxy.restore();
      await expect.poll(() => ask(cutOff, `later.${zone.name}`), { timeout: 30_000, interval: 200 }).toBe('NOERROR 192.0.2.3');
    } finally {
      proxy.restore();
      current?.process.child.kill('SIGKILL');
      cutOff.process.child.kill('SIGTERM');
    }
    expect(await cutOff.process.exited).toBe(0);
  });
});
