import { createSocket } from 'node:dgram';
import dnsPacket from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AliasResolver } from './alias';
import type { UdpMode } from './server';
import { dig } from '@kaja/test-support/dig';
import { query } from './testing/packets';
import { serveZones, type TestServer } from './testing/server';
import { udpBatchAddon } from './udpBatch';

const zone = `$TTL 300
@ SOA ns1 hostmaster 1 7200 3600 1209600 60
@ NS ns1
ns1 A 192.0.2.1
www A 192.0.2.80
big TXT ${Array.from({ length: 8 }, (_, i) => `"${String(i).repeat(200)}"`).join(' ')}
`;

/** Sends `count` queries at once from one socket and collects the replies by ID. */
async function burst(port: number, host: string, count: number): Promise<Map<number, dnsPacket.DecodedPacket>> {
  const socket = createSocket(host.includes(':') ? 'udp6' : 'udp4');
  const replies = new Map<number, dnsPacket.DecodedPacket>();
  const done = new Promise<void>((resolve) => {
    socket.on('message', (message) => {
      const reply = dnsPacket.decode(message);
      replies.set(reply.id!, reply);
      if (replies.size === count) resolve();
    });
    setTimeout(resolve, 3000);
  });
  await new Promise<void>((resolve) => socket.bind(0, host, () => resolve()));
  // Client and server share this process: the replies wait in the client's buffer until it reads.
  socket.setRecvBufferSize(4 * 1024 * 1024);
  for (let id = 0; id < count; id++) socket.send(query(id % 2 ? 'www.example.com' : `nx${id}.example.com`, 'A', id), port, host);
  await done;
  socket.close();
  return replies;
}

const modes: UdpMode[] = udpBatchAddon ? ['dgram', 'batch'] : ['dgram'];

describe.each(modes)('UDP through %s', (udp) => {
  let target: TestServer;
  let server: TestServer;
  beforeAll(async () => {
    target = await serveZones({ 'cdn.example': '$TTL 60\n@ SOA ns1 hostmaster 1 7200 3600 1209600 60\n@ NS ns1\nlb A 198.51.100.7\n' });
    server = await serveZones(
      { 'example.com': zone, 'example.net': '$TTL 300\n@ SOA ns1 hostmaster 1 7200 3600 1209600 60\n@ NS ns1\n@ ALIAS lb.cdn.example.\n' },
      {
        udp,
        listen: [
          { host: '127.0.0.1', port: 0 },
          { host: '::1', port: 0 },
        ],
        alias: new AliasResolver([`127.0.0.1:${target.port}`]),
      },
    );
  });
  afterAll(async () => {
    await server.close();
    await target.close();
  });

  it('answers on IPv4 and IPv6', async () => {
    expect((await dig(server.addresses[0]!.port, 'www.example.com', 'A')).answer).toEqual(['www.example.com. 300 IN A 192.0.2.80']);
    expect((await dig(server.addresses[1]!.port, 'www.example.com', 'A', {}, '::1')).answer).toEqual(['www.example.com. 300 IN A 192.0.2.80']);
  });

  it('answers every query of a burst, each to its own ID', async () => {
    const replies = await burst(server.port, '127.0.0.1', 500);
    expect(replies.size).toBe(500);
    for (const [id, reply] of replies) {
      if (id % 2) expect((reply.answers![0] as { data: string }).data).toBe('192.0.2.80');
      else expect(reply.flags! & 0x0f).toBe(3);
    }
  });

  it('truncates what does not fit and sends answers that wait for an ALIAS target', async () => {
    const big = await dig(server.port, 'big.example.com', 'TXT', { args: ['+ignore', '+noedns'] });
    expect(big.flags).toContain('tc');
    const alias = await dig(server.port, 'example.net', 'A');
    expect(alias.answer).toEqual(['example.net. 60 IN A 198.51.100.7']);
  });
});

describe('choosing the UDP path', () => {
  it(udpBatchAddon ? 'takes the addon when it is built' : 'says so when the addon is asked for but not built', async () => {
    if (udpBatchAddon) {
      const server = await serveZones({ 'example.com': zone }, { udp: 'batch' });
      expect((await dig(server.port, 'www.example.com', 'A')).answer).toHaveLength(1);
      await server.close();
    } else {
      await expect(serveZones({ 'example.com': zone }, { udp: 'batch' })).rejects.toThrow('the batched UDP addon is not built');
    }
  });
});

describe.each(modes)('a server on UDP through %s', (udp) => {
  it('closes once, and a second close does nothing', async () => {
    const server = await serveZones({ 'example.com': zone }, { udp });
    await server.close();
    await expect(server.close()).resolves.toBeUndefined();
  });
});
