// Every worker of a DNS-only node (`npm run dns` with two workers, on a PostgreSQL server of the
// test's own) answers a signed zone signed, whichever way the node started: with the database up,
// killed and restarted from its snapshot while the database is down, and once the database is back;
// and a key activated then reaches every worker. Each round asks from 40 source ports (SO_REUSEPORT
// spreads queries by their addresses and ports), checks that every answer carries its RRSIGs and
// denial proofs and that the answers came from both workers (each signs on its own, and ECDSA
// signatures differ), then has BIND's delv, trusting only the DS the API gives, validate every
// question from three ports of each worker.
import { createSocket, type Socket } from 'node:dgram';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signUpOwner, startTestApi, type TestAccount, type TestApi } from '@kaja/api/testing';
import { createZone, setPlan } from '@kaja/api/testing/zones';
import { type DatabaseHandle } from '@kaja/db';
import { sql } from '@kaja/db/orm';
import { createTestDatabase } from '@kaja/db/testing';
import { decodeMessage, DnsClass, emptyMessage, encodeMessage, Rcode, rcodeName, RRType, typeName, type Message } from '@kaja/dns-model';
import { readZoneSnapshots } from '@kaja/dns';
import { delv, writeDsTrustAnchor } from '@kaja/test-support/delv';
import { freePort } from '@kaja/test-support/ports';
import { startPostgres, type TestPostgres } from '@kaja/test-support/postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsNode, type DnsNodeProcess } from './testing';

const keyEncryptionKey = randomBytes(32);
const dataDir = mkdtempSync(join(tmpdir(), 'kaja-dns-signed-workers-'));
const snapshotDir = join(dataDir, 'dns-snapshot');
const sourcePorts = 40;

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

async function send(method: string, path: string, body?: unknown) {
  const response = await api.request(method, path, { token: owner.apiKey, body });
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body?.data;
}

function startNode(port: number): DnsNodeProcess {
  // Every question is asked from 40 ports of one address: response rate limiting would hold most back.
  return startDnsNode(['--listen', `127.0.0.1:${port}`, '--workers', '2', '--node-name', 'edge-1', '--rate-limit', '0'], {
    DATABASE_URL: database.url!,
    DATA_DIR: dataDir,
    KEY_ENCRYPTION_KEY: keyEncryptionKey.toString('hex'),
  });
}

interface SignedZone {
  id: string;
  name: string;
  /** delv's trust anchor: the DS the API gives. */
  anchors: string;
  denial: 'NSEC' | 'NSEC3';
}

/** A zone with www A, signed through the API (NSEC, or NSEC3). */
async function signedZone(nsec3: boolean): Promise<SignedZone> {
  const zone = await createZone(api, owner);
  await send('POST', `/zones/${zone.id}/records`, { type: 'A', name: 'www', content: '192.0.2.1', ttl: 300 });
  await send('PATCH', `/zones/${zone.id}/dnssec/status`, { enabled: true, nsec3 });
  await api.app.jobs.runUntilIdle();
  expect(await send('GET', `/zones/${zone.id}/dnssec/status`)).toMatchObject({ state: 'active' });
  const { ds } = await send('GET', `/zones/${zone.id}/dnssec/ds`);
  const anchors = join(dataDir, `${zone.name}.anchors`);
  await writeDsTrustAnchor(anchors, zone.name, (ds as { digest_type: number; content: string }[]).find((record) => record.digest_type === 2)!.content);
  return { id: zone.id, name: zone.name, anchors, denial: nsec3 ? 'NSEC3' : 'NSEC' };
}

/** The questions every worker is asked: an answer, the key set, a name that does not exist, a type that does not. */
const questions = (zone: string) => [
  { name: `www.${zone}`, type: 'A', negative: false },
  { name: zone, type: 'DNSKEY', negative: false },
  { name: `nothere.${zone}`, type: 'A', negative: true },
  { name: `www.${zone}`, type: 'TXT', negative: true },
];

/** The type an RRSIG covers. */
const covered = (rdata: Uint8Array) => (rdata[0]! << 8) | rdata[1]!;

/**
 * What an answer shows of its signing: its rcode and, per section, its types with the RRSIGs as
 * `RRSIG(type)`; answers of one worker and the other must read the same.
 */
function shape(message: Message): string {
  const section = (records: Message['answers']) =>
    [...new Set(records.map((r) => (r.type === RRType.RRSIG ? `RRSIG(${typeName(covered(r.rdata))})` : typeName(r.type))))].sort().join(' ');
  return `${rcodeName(message.rcode)} | ${section(message.answers)} | ${section(message.authorities)}`;
}

/** The signature over www's A set: each worker signs on its own, so it tells the workers apart. */
const wwwSignature = (message: Message) => {
  const rrsig = message.answers.find((r) => r.type === RRType.RRSIG && covered(r.rdata) === RRType.A);
  return rrsig ? Buffer.from(rrsig.rdata).toString('base64') : 'unsigned';
};

async function openSockets(count: number): Promise<Socket[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const socket = createSocket('udp4');
      socket.bind(0, '127.0.0.1');
      await once(socket, 'listening');
      return socket;
    }),
  );
}

/** Asks `name` `type` with the DO bit from `socket`, and waits for the answer. */
async function ask(socket: Socket, port: number, name: string, type: string): Promise<Message> {
  const id = randomBytes(2).readUInt16BE(0);
  const query = encodeMessage(
    emptyMessage({
      id,
      questions: [{ name, type: RRType[type as keyof typeof RRType], class: DnsClass.IN }],
      edns: { udpSize: 1232, version: 0, do: true, flags: 0, options: [] },
    }),
  );
  const answered = new Promise<Message>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer to ${name} ${type} from port ${socket.address().port}`)), 5000);
    const listener = (packet: Buffer) => {
      const message = decodeMessage(packet);
      if (message.id !== id) return;
      clearTimeout(timer);
      socket.off('message', listener);
      resolve(message);
    };
    socket.on('message', listener);
  });
  socket.send(query, port, '127.0.0.1');
  return answered;
}

/**
 * Asks every question of `zone` from 40 source ports: every answer is signed and shaped alike, both
 * workers answered, and delv validates every question from three ports of each worker.
 */
async function expectEveryWorkerSigned(port: number, zone: SignedZone, label: string): Promise<void> {
  const sockets = await openSockets(sourcePorts);
  const workerOf = new Map<number, string>();
  const shapes = new Map<string, Set<string>>();
  try {
    for (const socket of sockets) {
      for (const { name, type, negative } of questions(zone.name)) {
        const answer = await ask(socket, port, name, type);
        const key = `${name} ${type}`;
        const seen = shapes.get(key) ?? new Set();
        seen.add(shape(answer));
        shapes.set(key, seen);
        if (!negative) {
          expect(answer.rcode, `${label}: ${key}`).toBe(Rcode.NOERROR);
          expect(shape(answer), `${label}: ${key}`).toContain(`RRSIG(${type})`);
        } else {
          expect(shape(answer), `${label}: ${key}`).toContain(`${zone.denial} RRSIG(${zone.denial}) RRSIG(SOA) SOA`);
        }
        if (type === 'A' && !negative) workerOf.set(socket.address().port, wwwSignature(answer));
      }
    }
  } finally {
    for (const socket of sockets) socket.close();
  }
  for (const [key, seen] of shapes) expect([...seen], `${label}: every answer to ${key} alike`).toHaveLength(1);
  const workers = new Map<string, number[]>();
  for (const [source, worker] of workerOf) workers.set(worker, [...(workers.get(worker) ?? []), source]);
  expect(workers.size, `${label}: answers from both workers`).toBe(2);

  for (const sources of workers.values()) {
    for (const source of sources.slice(0, 3)) {
      for (const { name, type, negative } of questions(zone.name)) {
        const output = await delv(port, zone.anchors, zone.name, name, type, ['-b', `127.0.0.1#${source}`]);
        expect(output, `${label}: delv ${name} ${type} from port ${source}`).toMatch(negative ? /; negative response, fully validated/ : /; fully validated/);
      }
    }
  }
}

/** Resolves once the node's snapshot holds every zone at the serial the API gives now. */
async function snapshotCurrent(zones: SignedZone[]) {
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

/** The key tags over www's A set as each of 40 source ports gets it. */
async function wwwSigners(port: number, zone: SignedZone): Promise<string[]> {
  const sockets = await openSockets(sourcePorts);
  try {
    const signers = new Set<string>();
    for (const socket of sockets) {
      const answer = await ask(socket, port, `www.${zone.name}`, 'A');
      const tags = answer.answers.filter((r) => r.type === RRType.RRSIG).map((r) => (r.rdata[16]! << 8) | r.rdata[17]!);
      signers.add(tags.sort((a, b) => a - b).join(' ') || 'unsigned');
    }
    return [...signers];
  } finally {
    for (const socket of sockets) socket.close();
  }
}

describe('a DNS node with two workers', () => {
  it('answers signed from every worker after every kind of start, and every worker takes a key change', { timeout: 600_000 }, async () => {
    const port = await freePort();
    const zones = [await signedZone(false), await signedZone(true)];
    const every = async (label: string) => {
      for (const zone of zones) await expectEveryWorkerSigned(port, zone, `${label}, ${zone.name}`);
    };

    let node = startNode(port);
    try {
      await expect.poll(() => node.output(), { timeout: 60_000, interval: 100 }).toMatch(/serving 2 zone\(s\) from the database on .* with 2 workers/);
      await every('started with the database');

      await snapshotCurrent(zones);
      node.child.kill('SIGKILL');
      expect(await node.exited).toBe(null);
      await postgres.stop();
      node = startNode(port);
      await expect.poll(() => node.output(), { timeout: 60_000, interval: 100 }).toMatch(/serving 2 zone\(s\) from the snapshot on .* with 2 workers/);
      await every('started from the snapshot');

      await postgres.start();
      await databaseBack();
      await expect.poll(() => node.output(), { timeout: 60_000, interval: 200 }).toContain('dns: the database answers again; caught up with it');
      await every('the database back');

      // A ZSK published, then activated: every worker signs with it too.
      const [zone] = zones;
      const keys = `/zones/${zone!.id}/dnssec/cryptokeys`;
      const oldZsk = ((await send('GET', keys)) as { id: string; keytype: string; key_tag: number }[]).find((key) => key.keytype === 'zsk')!;
      const newZsk = await send('POST', keys, { keytype: 'zsk', active: false });
      await send('PUT', `${keys}/${newZsk.id}`, { active: true });
      const both = [oldZsk.key_tag, newZsk.key_tag].sort((a, b) => a - b).join(' ');
      await expect.poll(() => wwwSigners(port, zone!), { timeout: 20_000, interval: 200 }).toEqual([both]);
      await expectEveryWorkerSigned(port, zone!, 'a ZSK activated');
      expect(node.output()).not.toContain('could not read the DNSSEC keys');
    } finally {
      node.child.kill('SIGTERM');
    }
    expect(await node.exited).toBe(0);
  });
});
