import { createSocket } from 'node:dgram';
import dnsPacket from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dig } from '@kaja/test-support/dig';
import { frame, query, tcpConnect } from './testing/packets';
import { seededRandom } from './testing/seededRandom';
import { serveZones, type TestServer } from './testing/server';

const zone = `$TTL 300
@ SOA ns1 hostmaster 1 7200 3600 1209600 60
@ NS ns1
@ ALIAS lb.example.net.
ns1 A 192.0.2.1
www A 192.0.2.80
www AAAA 2001:db8::80
alias CNAME www
loop CNAME loop
*.w TXT "wild"
sub NS ns.sub
ns.sub A 192.0.2.53
@ MX 10 mail
mail A 192.0.2.25
`;

const seeds: Buffer[] = [
  query('www.example.com', 'A'),
  query('WwW.ExAmPlE.CoM', 'AAAA'),
  query('alias.example.com', 'A'),
  query('loop.example.com', 'A'),
  query('x.y.w.example.com', 'TXT'),
  query('a.sub.example.com', 'A'),
  query('example.com', 'ANY'),
  query('example.com', 'MX'),
  query('nx.example.com', 'A'),
  query('example.org', 'A'),
  query('id.server', 'TXT', 1, { questions: [{ name: 'id.server', type: 'TXT', class: 'CH' }] }),
  query('www.example.com', 'A', 2, {
    additionals: [
      {
        name: '.',
        type: 'OPT',
        udpPayloadSize: 4096,
        flags: dnsPacket.DNSSEC_OK,
        options: [
          { code: 3, data: Buffer.alloc(0) },
          { code: 10, data: Buffer.alloc(8) },
        ],
      },
    ] as unknown as dnsPacket.Answer[],
  }),
  query('www.example.com', 'A', 3, { answers: [{ name: 'www.example.com', type: 'CNAME', data: 'alias.example.com' }] }),
];

function packets(count: number, seed: number): Buffer[] {
  const next = seededRandom(seed);
  const int = (n: number) => Math.floor(next() * n);
  const out: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    if (next() < 0.3) {
      out.push(Buffer.from(Array.from({ length: int(600) }, () => int(256))));
      continue;
    }
    const packet = Buffer.from(seeds[int(seeds.length)]!);
    let bytes: Buffer = packet;
    for (let m = 1 + int(4); m > 0; m--) {
      const at = int(bytes.length);
      switch (int(6)) {
        case 0:
          bytes[at] = bytes[at]! ^ (1 << int(8));
          break;
        case 1:
          bytes[at] = int(256);
          break;
        case 2:
          bytes = bytes.subarray(0, at);
          break;
        case 3:
          bytes = Buffer.concat([bytes, Buffer.from(Array.from({ length: 1 + int(40) }, () => int(256)))]);
          break;
        case 4:
          // Counts and flags are where parsers trust the sender most.
          if (bytes.length >= 12) bytes.writeUInt16BE(int(0x10000), 2 + 2 * int(5));
          break;
        case 5:
          // A compression pointer somewhere it does not belong.
          if (bytes.length >= 2) bytes.writeUInt16BE(0xc000 | int(bytes.length + 16), Math.max(0, at - 1));
          break;
      }
    }
    out.push(bytes);
  }
  return out;
}

let server: TestServer;
beforeAll(async () => {
  // No ALIAS resolver is configured: the apex ALIAS answers empty, through the same path.
  server = await serveZones({ 'example.com': zone });
});
afterAll(() => server.close());

describe('fuzzing', () => {
  it('survives 100,000 random and mutated packets through the answer path (UDP and TCP limits)', async () => {
    const errors = vi.spyOn(console, 'error');
    const pending: Promise<unknown>[] = [];
    let answered = 0;
    for (const packet of packets(100_000, 20261122)) {
      for (const tcp of [false, true]) {
        const reply = server.responder.respond(packet, tcp);
        if (reply instanceof Promise) pending.push(reply);
        else if (reply) {
          answered++;
          // Every reply must be a message a real decoder accepts, under the size limit.
          expect(() => dnsPacket.decode(reply)).not.toThrow();
          if (!tcp) expect(reply.length).toBeLessThanOrEqual(1232);
        }
      }
    }
    await Promise.all(pending);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(answered).toBeGreaterThan(10_000);
  }, 120_000);

  it('survives 100,000 of them over UDP and still answers a valid query', async () => {
    const client = createSocket('udp4');
    let replies = 0;
    client.on('message', () => replies++);
    await new Promise<void>((resolve) => client.bind(0, '127.0.0.1', () => resolve()));
    const all = packets(100_000, 7);
    for (let i = 0; i < all.length; i += 200) {
      for (const packet of all.slice(i, i + 200)) client.send(packet, server.port, '127.0.0.1');
      await new Promise((r) => setTimeout(r, 1));
    }
    await new Promise((r) => setTimeout(r, 200));
    client.close();
    expect(replies).toBeGreaterThan(1000);
    const response = await dig(server.port, 'www.example.com', 'A');
    expect(response.answer).toEqual(['www.example.com. 300 IN A 192.0.2.80']);
  }, 120_000);

  it('survives garbage on TCP connections and still answers on a new one', async () => {
    const next = seededRandom(99);
    for (let c = 0; c < 20; c++) {
      const client = await tcpConnect(server.port);
      const junk = packets(50, c).map((p) => (next() < 0.8 ? frame(p) : p));
      client.socket.write(Buffer.concat(junk));
      client.socket.end();
      await Promise.race([client.closed, new Promise((r) => setTimeout(r, 200))]);
      client.socket.destroy();
    }
    const response = await dig(server.port, 'www.example.com', 'A', { tcp: true });
    expect(response.answer).toEqual(['www.example.com. 300 IN A 192.0.2.80']);
  }, 60_000);
});
