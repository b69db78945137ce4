// NOTIFY to a zone's secondaries outlives the worker that was sending it: `npm run dns` with two
// workers on a PostgreSQL server of the test's own, killed (SIGKILL, workers and all) while a NOTIFY
// waits for its answer; the lead worker of the node started in its place sends what was never
// acknowledged (the secondary's notified serial behind its zone's). A worker thread that ends
// inside a running node passes its role on likewise (`workerSupervisor.test.ts` in the DNS app).
import { createSocket, type Socket } from 'node:dgram';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signUpOwner, startTestApi, type TestApi } from '@kaja/api/testing';
import { createZone, setPlan } from '@kaja/api/testing/zones';
import { zoneSecondaries, type DatabaseHandle } from '@kaja/db';
import { createTestDatabase } from '@kaja/db/testing';
import { decodeMessage, emptyMessage, encodeMessage, Opcode, soaSerial } from '@kaja/dns-model';
import { signResponse, verifyMessage, type TsigKey } from '@kaja/dns-model/tsig';
import { freePort } from '@kaja/test-support/ports';
import { startPostgres, type TestPostgres } from '@kaja/test-support/postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsNode, type DnsNodeProcess } from './testing';

const keyEncryptionKey = randomBytes(32).toString('hex');
const dataDir = mkdtempSync(join(tmpdir(), 'kaja-dns-notify-'));

let postgres: TestPostgres;
let database: DatabaseHandle & { url?: string };
let api: TestApi;

beforeAll(async () => {
  postgres = await startPostgres();
  database = await createTestDatabase(postgres.url);
  // The secondary is this test on loopback: the operator allows it.
  api = await startTestApi({ database, env: { KEY_ENCRYPTION_KEY: keyEncryptionKey, SECONDARY_ALLOWED_CIDRS: '127.0.0.0/8' } });
});

afterAll(async () => {
  await api?.close();
  await database?.close();
  await postgres?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A secondary that hears NOTIFY and, once told to, acknowledges it signed with its key. */
async function startSecondary(key: TsigKey): Promise<{ socket: Socket; port: number; heard: number[]; answer(): void }> {
  const socket = createSocket('udp4');
  socket.bind(0, '127.0.0.1');
  await once(socket, 'listening');
  const heard: number[] = [];
  let answering = false;
  socket.on('message', (packet, from) => {
    const request = decodeMessage(packet);
    if (request.opcode !== Opcode.NOTIFY || request.qr) return;
    heard.push(soaSerial(request.answers[0]!.rdata));
    if (!answering) return;
    const verified = verifyMessage(packet, (name) => (name === key.name ? key : undefined));
    const reply = encodeMessage(emptyMessage({ id: request.id, qr: true, opcode: Opcode.NOTIFY, aa: true, questions: request.questions }));
    socket.send(signResponse(reply, verified), from.port, from.address);
  });
  return { socket, port: (socket.address() as { port: number }).port, heard, answer: () => (answering = true) };
}

function startNode(port: number): DnsNodeProcess {
  return startDnsNode(['--listen', `127.0.0.1:${port}`, '--workers', '2'], {
    DATABASE_URL: database.url!,
    DATA_DIR: dataDir,
    KEY_ENCRYPTION_KEY: keyEncryptionKey,
    SECONDARY_ALLOWED_CIDRS: '127.0.0.0/8',
  });
}

describe('NOTIFY from a DNS-only node', () => {
  it('is sent, until acknowledged, by the node started in place of a killed one', { timeout: 240_000 }, async () => {
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

    const port = await freePort();
    const killed = startNode(port);
    let node: DnsNodeProcess | undefined;
    try {
      await expect.poll(() => killed.output(), { timeout: 60_000, interval: 100 }).toContain('with 2 workers');
      await send('POST', `/zones/${zone.id}/records`, { type: 'A', name: 'www', content: '192.0.2.1', ttl: 300 });
      const { serial } = await send('GET', `/zones/${zone.id}`);
      // The secondary hears it but does not answer: the NOTIFY is still being retried.
      await expect.poll(() => secondary.heard.includes(serial), { timeout: 20_000, interval: 50 }).toBe(true);
      killed.child.kill('SIGKILL');
      expect(await killed.exited).toBe(null);

      node = startNode(port);
      await expect.poll(() => node!.output(), { timeout: 60_000, interval: 100 }).toContain('with 2 workers');
      const heardBefore = secondary.heard.length;
      secondary.answer();
      // Nothing acknowledged it, so a new worker sends it again and records the answer.
      await expect.poll(notified, { timeout: 60_000, interval: 200 }).toBe(serial);
      expect(secondary.heard.length).toBeGreaterThan(heardBefore);

      // And the role stays with it: the next change is notified too.
      await send('POST', `/zones/${zone.id}/records`, { type: 'A', name: 'mail', content: '192.0.2.2', ttl: 300 });
      const next = (await send('GET', `/zones/${zone.id}`)).serial;
      await expect.poll(notified, { timeout: 30_000, interval: 200 }).toBe(next);
    } finally {
      killed.child.kill('SIGKILL');
      node?.child.kill('SIGTERM');
      secondary.socket.close();
    }
    expect(await node.exited).toBe(0);
  });
});
