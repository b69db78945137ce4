import { execFile } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from '@kaja/db/orm';
import { rrsets, zones as zonesTable } from '@kaja/db';
import { parseCidr, resolveKeyEncryptionKey } from '@kaja/config';
import { decodeMessage, emptyMessage, encodeMessage, Opcode } from '@kaja/dns-model';
import { signResponse, verifyMessage } from '@kaja/dns-model/tsig';
import { secondaryAddressProblem } from '@kaja/config';
import { signUpOwner, startTestApi, type TestAccount, type TestApi } from '@kaja/api/testing';
import { DatabaseTransfers, type DnsServer, Notifier, startServer, wireRecord, Zone, ZoneStore } from '@kaja/dns';

const run = promisify(execFile);

let api: TestApi;
let owner: TestAccount;
let transfers: DatabaseTransfers;
let zone: { id: string; name: string; serial: number };
let key: { id: string; name: string; secret: string };
let secondary: { id: string };
/** Stands in for a secondary's NOTIFY handling on 127.0.0.2: checks the signature and answers signed. */
let listener: Socket;
const received: { zone: string; verified: string }[] = [];

/** The zone as the database holds it now, as the DNS server would load it. */
async function loadZone(): Promise<Zone> {
  const sets = await api.database.db.select().from(rrsets).where(eq(rrsets.zoneId, zone.id));
  return new Zone(
    zone.name,
    sets.flatMap((set) => set.contents.map((content) => wireRecord({ name: set.name, type: set.type, ttl: set.ttl, content }))),
  );
}

const post = (body: unknown) => api.request('POST', `/zones/${zone.id}/records`, { token: owner.apiKey, body });

beforeAll(async () => {
  // The secondaries here are sockets on loopback: the operator allows it.
  api = await startTestApi({ env: { SECONDARY_ALLOWED_CIDRS: '127.0.0.0/8' } });
  owner = await signUpOwner(api);
  const created = await api.request('POST', '/zones', { token: owner.apiKey, body: { name: `xfr-${process.pid}-${Date.now().toString(36)}.com` } });
  zone = created.body.data;
  transfers = new DatabaseTransfers(api.database, resolveKeyEncryptionKey(api.config));
  key = (await api.request('POST', `/zones/${zone.id}/tsig-keys`, { token: owner.apiKey, body: { can_transfer: true } })).body.data;
  listener = createSocket('udp4');
  await new Promise<void>((resolve) => listener.bind(0, '127.0.0.2', resolve));
  const lookup = (name: string) =>
    name === key.name ? { name, algorithm: 'hmac-sha256' as const, secret: new Uint8Array(Buffer.from(key.secret, 'base64')) } : undefined;
  listener.on('message', (packet, from) => {
    const request = decodeMessage(packet);
    const verified = verifyMessage(packet, lookup);
    received.push({ zone: request.questions[0]!.name, verified: verified.status });
    const answer = encodeMessage(emptyMessage({ id: request.id, qr: true, aa: true, opcode: Opcode.NOTIFY, questions: request.questions }));
    listener.send(signResponse(answer, verified), from.port, from.address);
  });
  secondary = (
    await api.request('POST', `/zones/${zone.id}/secondaries`, {
      token: owner.apiKey,
      body: { address: '127.0.0.2', port: (listener.address() as { port: number }).port, tsig_key_id: key.id },
    })
  ).body.data;
});
afterAll(async () => {
  listener.close();
  await api.close();
});

describe('transfers configured through the API', () => {
  it('opens the zone’s transfer keys with the key-encryption key', async () => {
    const [opened] = await transfers.keys(zone.name);
    expect(opened).toEqual({ name: key.name, algorithm: 'hmac-sha256', secret: new Uint8Array(Buffer.from(key.secret, 'base64')) });
    await api.request('POST', `/zones/${zone.id}/tsig-keys`, { token: owner.apiKey, body: { can_transfer: false } });
    expect(await transfers.keys(zone.name)).toHaveLength(1);
    expect(await transfers.keys('nowhere.example')).toEqual([]);
  });

  it('allows the secondary’s address with its key only', async () => {
    expect(await transfers.allowed(zone.name, '127.0.0.2', key.name)).toBe(true);
    expect(await transfers.allowed(zone.name, '127.0.0.1', key.name)).toBe(false);
    expect(await transfers.allowed(zone.name, '127.0.0.2', `other.${zone.name}`)).toBe(false);
  });

  it('stops transfers of a disabled zone', async () => {
    await api.database.db.update(zonesTable).set({ status: 'disabled' }).where(eq(zonesTable.id, zone.id));
    try {
      expect(await transfers.keys(zone.name)).toEqual([]);
      expect(await transfers.allowed(zone.name, '127.0.0.2', key.name)).toBe(false);
    } finally {
      await api.database.db.update(zonesTable).set({ status: 'active' }).where(eq(zonesTable.id, zone.id));
    }
  });

  it('serves IXFR from the journal the API wrote, and AXFR when it does not reach back', async () => {
    const store = new ZoneStore();
    const start = (await api.request('GET', `/zones/${zone.id}`, { token: owner.apiKey })).body.data.serial;
    await post({ type: 'A', name: 'www', content: '192.0.2.1' });
    await post({ type: 'TXT', name: 'www', content: 'hello' });
    store.put(await loadZone());
    const server: DnsServer = await startServer({
      listen: [{ host: '127.0.0.1', port: 0 }],
      zones: store,
      nodeName: 'test',
      transfers: { access: transfers, source: transfers },
    });
    try {
      const dig = async (type: string) =>
        (
          await run(
            'dig',
            [
              '@127.0.0.1',
              '-p',
              String(server.addresses[0]!.port),
              '-b',
              '127.0.0.2',
              '-y',
              `hmac-sha256:${key.name}:${key.secret}`,
              '+tries=1',
              zone.name,
              type,
            ],
            { timeout: 15_000 },
          )
        ).stdout
          .split('\n')
          .filter((line) => /\sIN\s/.test(line) && !line.startsWith(';'))
          .map((line) => {
            const fields = line.trim().split(/\s+/);
            return `${fields[3]} ${fields[3] === 'SOA' ? fields[6] : fields.slice(4).join(' ')}`;
          });
      expect(await dig(`IXFR=${start}`)).toEqual([
        `SOA ${start + 2}`,
        `SOA ${start}`,
        `SOA ${start + 1}`,
        'A 192.0.2.1',
        `SOA ${start + 1}`,
        `SOA ${start + 2}`,
        'TXT "hello"',
        `SOA ${start + 2}`,
      ]);
      const whole = await dig('IXFR=7');
      expect(whole[0]).toBe(`SOA ${start + 2}`);
      expect(whole).toContain('A 192.0.2.1');
      expect(whole[1]).toMatch(/^NS /);
    } finally {
      await server.close();
    }
  });

  it('sends a signed NOTIFY after a change and records the serial the secondary acknowledged', async () => {
    const store = new ZoneStore();
    store.put(await loadZone());
    const notifier = new Notifier(store, { access: transfers, onNotified: (s, serial) => transfers.notified(s, serial), timeoutMs: 200 });
    const before = store.get(zone.name)!.serial;
    const response = await post({ type: 'A', name: 'notify', content: '192.0.2.9' });
    expect(response.status).toBe(201);
    const after = await loadZone();
    // What the database mode's loader does with each journal row: apply it, which fires onChange.
    const [change] = (await transfers.changesSince(zone.name, before))!;
    expect(store.apply(zone.name, change!)).toBe('applied');
    expect(store.get(zone.name)!.serial).toBe(after.serial);
    await notifier.settled();
    await notifier.close();
    expect(received.at(-1)).toEqual({ zone: zone.name, verified: 'valid' });
    const listed = (await api.request('GET', `/zones/${zone.id}/secondaries/${secondary.id}`, { token: owner.apiKey })).body.data;
    expect(listed.notified_serial).toBe(after.serial);
    expect(Date.parse(listed.notified_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('sends no NOTIFY to a special-purpose address the operator no longer allows, and does once allowed', async () => {
    const other = (await api.request('POST', '/zones', { token: owner.apiKey, body: { name: `notify-${process.pid}-${Date.now().toString(36)}.com` } })).body
      .data;
    const otherKey = (await api.request('POST', `/zones/${other.id}/tsig-keys`, { token: owner.apiKey, body: { can_transfer: true } })).body.data;
    const internal = createSocket('udp4');
    await new Promise<void>((resolve) => internal.bind(0, '127.0.0.3', resolve));
    try {
      const port = (internal.address() as { port: number }).port;
      const created = await api.request('POST', `/zones/${other.id}/secondaries`, {
        token: owner.apiKey,
        body: { address: '127.0.0.3', port, tsig_key_id: otherKey.id },
      });
      expect(created.status).toBe(201);
      const sets = await api.database.db.select().from(rrsets).where(eq(rrsets.zoneId, other.id));
      const store = new ZoneStore();
      store.put(
        new Zone(
          other.name,
          sets.flatMap((set) => set.contents.map((content) => wireRecord({ name: set.name, type: set.type, ttl: set.ttl, content }))),
        ),
      );
      const datagrams: Buffer[] = [];
      internal.on('message', (packet) => datagrams.push(packet));

      // The allowance is gone (the platform restarted without it): refused before anything is sent.
      const strict = new Notifier(store, { access: transfers, attempts: 1, timeoutMs: 100, addressProblem: (address) => secondaryAddressProblem(address, []) });
      expect(await strict.notifyZone(other.name)).toEqual(['refused']);
      await strict.close();
      // Loopback keeps order: a marker sent now arrives after anything the notifier sent.
      const marker = createSocket('udp4');
      const arrived = once(internal, 'message');
      marker.send('marker', port, '127.0.0.3', () => marker.close());
      await arrived;
      expect(datagrams.map((packet) => packet.toString())).toEqual(['marker']);

      const allowed = new Notifier(store, {
        access: transfers,
        attempts: 1,
        timeoutMs: 100,
        addressProblem: (address) => secondaryAddressProblem(address, [parseCidr('127.0.0.0/8')!]),
      });
      expect(await allowed.notifyZone(other.name)).toEqual(['unanswered']);
      await allowed.close();
      expect(datagrams).toHaveLength(2);
      const notify = decodeMessage(datagrams[1]!);
      expect([notify.opcode, notify.questions[0]!.name]).toEqual([Opcode.NOTIFY, other.name]);
    } finally {
      internal.close();
    }
  });
});
