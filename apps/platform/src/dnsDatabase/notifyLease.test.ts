// NOTIFY from one node of the deployment (decision 047): two DNS-only nodes (`npm run dns`) on one
// PostgreSQL database, a secondary that is a UDP socket of this test. It hears each change once,
// from the holder of the NOTIFY lease; when the holder is killed (SIGKILL: it gives nothing up),
// the node standing by takes the lease once it has expired and sends the NOTIFY still pending.
import { createSocket, type Socket } from 'node:dgram';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signUpOwner, startTestApi, type TestApi } from '@kaja/api/testing';
import { createZone, setPlan } from '@kaja/api/testing/zones';
import { dnsLeases, zoneSecondaries, type DatabaseHandle } from '@kaja/db';
import { createTestDatabase } from '@kaja/db/testing';
import { decodeMessage, emptyMessage, encodeMessage, Opcode, soaSerial } from '@kaja/dns-model';
import { signResponse, verifyMessage, type TsigKey } from '@kaja/dns-model/tsig';
import { scrape } from '@kaja/dns/testing/metrics';
import { freePort } from '@kaja/test-support/ports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsNode, type DnsNodeProcess } from './testing';

const keyEncryptionKey = randomBytes(32).toString('hex');
const dataDir = mkdtempSync(join(tmpdir(), 'kaja-dns-lease-'));
/** Short, so the test waits seconds for an expiry; renewed every second. */
const leaseSeconds = 3;

let database: DatabaseHandle & { url?: string };
let api: TestApi;

beforeAll(async () => {
  database = await createTestDatabase(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
  // The secondary is this test on loopback: the operator allows it.
  api = await startTestApi({ database, env: { KEY_ENCRYPTION_KEY: keyEncryptionKey, SECONDARY_ALLOWED_CIDRS: '127.0.0.0/8' } });
}, 60_000);

afterAll(async () => {
  await api?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A secondary that records every NOTIFY it hears and, while answering, acknowledges it signed. */
async function startSecondary(key: TsigKey): Promise<{ socket: Socket; port: number; heard: number[]; answering(on: boolean): void }> {
  const socket = createSocket('udp4');
  socket.bind(0, '127.0.0.1');
  await once(socket, 'listening');
  const heard: number[] = [];
  let answering = true;
  socket.on('message', (packet, from) => {
    const request = decodeMessage(packet);
    if (request.opcode !== Opcode.NOTIFY || request.qr) return;
    heard.push(soaSerial(request.answers[0]!.rdata));
    if (!answering) return;
    const verified = verifyMessage(packet, (name) => (name === key.name ? key : undefined));
    const reply = encodeMessage(emptyMessage({ id: request.id, qr: true, opcode: Opcode.NOTIFY, aa: true, questions: request.questions }));
    socket.send(signResponse(reply, verified), from.port, from.address);
  });
  return { socket, port: (socket.address() as { port: number }).port, heard, answering: (on) => (answering = on) };
}

interface Node {
  process: DnsNodeProcess;
  metrics: string;
}

async function startNode(id: string): Promise<Node> {
  const metricsPort = await freePort();
  const process = startDnsNode(['--listen', `127.0.0.1:${await freePort()}`, '--workers', '1', '--metrics', `127.0.0.1:${metricsPort}`], {
    DATABASE_URL: database.url!,
    DATA_DIR: join(dataDir, id),
    DNS_NODE_ID: id,
    DNS_NOTIFY_LEASE: String(leaseSeconds),
    KEY_ENCRYPTION_KEY: keyEncryptionKey,
    SECONDARY_ALLOWED_CIDRS: '127.0.0.0/8',
  });
  await expect.poll(() => process.output(), { timeout: 60_000, interval: 100 }).toContain('dns: serving');
  return { process, metrics: `http://127.0.0.1:${metricsPort}` };
}

const holds = async (node: Node) => (await scrape(node.metrics)).value('kaja_dns_notify_lease_held');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('NOTIFY from the holder of the lease', () => {
  it('reaches a secondary once per change from two nodes, and from the other node after the holder is killed', { timeout: 240_000 }, async () => {
    const owner = await signUpOwner(api);
    await setPlan(api, owner, 'scale');
    const zone = await createZone(api, owner);
    const send = async (method: string, path: string, body?: unknown) => {
      const response = await api.request(method, path, { token: owner.apiKey, body });
      if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body.data;
    };
    const made = await send('POST', `/zones/${zone.id}/tsig-keys`, { can_transfer: true });
    const key: TsigKey = { name: made.name, algorithm: made.algorithm, secret: Buffer.from(made.secret, 'base64') };
    const secondary = await startSecondary(key);
    await send('POST', `/zones/${zone.id}/secondaries`, { address: '127.0.0.1', port: secondary.port, tsig_key_id: made.id });
    const notified = async () => (await database.db.select({ serial: zoneSecondaries.notifiedSerial }).from(zoneSecondaries))[0]?.serial;
    const holder = async () => (await database.db.select({ id: dnsLeases.holderId }).from(dnsLeases))[0]?.id;
    let record = 0;
    const change = async () => {
      record++;
      await send('POST', `/zones/${zone.id}/records`, { type: 'A', name: `host${record}`, content: `192.0.2.${record}`, ttl: 300 });
      return (await send('GET', `/zones/${zone.id}`)).serial as number;
    };
    const timesHeard = (serial: number) => secondary.heard.filter((heard) => heard === serial).length;

    const a = await startNode('node-a');
    let b: Node | undefined;
    try {
      b = await startNode('node-b');
      expect(await holder()).toBe('node-a');
      expect(await holds(a)).toBe(1);
      expect(await holds(b)).toBe(0);

      for (let i = 0; i < 3; i++) {
        const serial = await change();
        await expect.poll(notified, { timeout: 20_000, interval: 100 }).toBe(serial);
        // Both nodes serve the change; a second NOTIFY would come within the same moments.
        await sleep(1_500);
        expect(timesHeard(serial)).toBe(1);
      }

      // The secondary stops answering: the holder keeps retrying, the NOTIFY stays pending.
      secondary.answering(false);
      const pending = await change();
      await expect.poll(() => timesHeard(pending), { timeout: 20_000, interval: 50 }).toBeGreaterThan(0);
      a.process.child.kill('SIGKILL');
      expect(await a.process.exited).toBe(null);
      const killedAt = Date.now();
      secondary.answering(true);
      await expect.poll(notified, { timeout: 30_000, interval: 100 }).toBe(pending);
      const takeover = Date.now() - killedAt;
      console.log(`NOTIFY lease of ${leaseSeconds} s: the pending NOTIFY acknowledged ${takeover} ms after the holder was killed`);
      // Within the killed holder's lease, the standby's next try after it, and a NOTIFY round.
      expect(takeover).toBeLessThan((leaseSeconds * 2 + 2) * 1000);
      expect(await holder()).toBe('node-b');
      expect(await holds(b)).toBe(1);

      const next = await change();
      await expect.poll(notified, { timeout: 20_000, interval: 100 }).toBe(next);
      await sleep(1_500);
      expect(timesHeard(next)).toBe(1);
    } finally {
      a.process.child.kill('SIGKILL');
      b?.process.child.kill('SIGTERM');
      secondary.socket.close();
    }
    expect(await b.process.exited).toBe(0);
    // A clean stop gives the lease up rather than leaving it to expire.
    expect(await holder()).toBeUndefined();
  });
});
