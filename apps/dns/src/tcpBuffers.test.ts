// A TCP client that does not read its answers stops being read from, and the unsent answers all
// connections of a worker hold are bounded: the defence against clients that pipeline queries and
// never read (see tcpMemory.test.ts for the same against a whole node's memory).
import { connect, type Socket } from 'node:net';
import dnsPacket from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frame, query, tcpConnect } from './testing/packets';
import { serveZones, type TestServer } from './testing/server';

/** An answer of about 7.7 KB: 30 strings of 255 octets. */
const zone = `$TTL 300
@ SOA ns1 hostmaster 1 7200 3600 1209600 60
@ NS ns1
ns1 A 192.0.2.1
www A 192.0.2.80
big TXT ${Array.from({ length: 30 }, (_, i) => `"${String(i % 10).repeat(255)}"`).join(' ')}
`;

/** `count` pipelined queries for the big TXT set, IDs 0 to count - 1. */
const pipelined = (count: number) => Buffer.concat(Array.from({ length: count }, (_, id) => frame(query('big.example.com', 'TXT', id))));

/** A connection that sends `queries` and then reads nothing (its socket paused) until told. */
function nonReading(port: number, queries: Buffer): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.pause();
      socket.write(queries);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

const until = async (check: () => boolean, what: string) => {
  const deadline = Date.now() + 15_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`waited 15 s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('TCP clients that do not read their answers', () => {
  let server: TestServer;
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(warning.name);
  beforeAll(async () => {
    process.on('warning', onWarning);
    server = await serveZones({ 'example.com': zone }, { tcp: { connectionBufferBytes: 64 * 1024, maxBufferedBytes: 256 * 1024 } });
  });
  afterAll(async () => {
    process.off('warning', onWarning);
    await server.close();
  });

  it('are not read from while their answers wait, then answered in order once they read', async () => {
    // 2,000 answers of 7.7 KB (15 MB) are more than the kernel's buffers of one connection hold.
    const count = 2000;
    const socket = await nonReading(server.port, pipelined(count));
    await until(() => server.responder.metrics.tcpBackedUp > 0, 'the connection to stop being read');
    const ids: number[] = [];
    let buffered = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      while (buffered.length >= 2 && buffered.length >= buffered.readUInt16BE(0) + 2) {
        ids.push(dnsPacket.decode(buffered.subarray(2, buffered.readUInt16BE(0) + 2)).id!);
        buffered = buffered.subarray(buffered.readUInt16BE(0) + 2);
      }
    });
    socket.resume();
    await until(() => ids.length === count, `${count} answers`);
    socket.destroy();
    expect(ids).toEqual(Array.from({ length: count }, (_, id) => id));
    expect(server.responder.metrics.tcpClosedForMemory).toBe(0);
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  });

  it('are closed, the one holding most first, once the worker holds more unsent answers than it may; others are answered', async () => {
    const abusers = await Promise.all(Array.from({ length: 10 }, () => nonReading(server.port, pipelined(1500))));
    try {
      await until(() => server.responder.metrics.tcpClosedForMemory > 0, 'a connection to be closed for memory');
      const client = await tcpConnect(server.port);
      client.socket.write(frame(query('www.example.com', 'A', 7)));
      const [reply] = await client.read(1, 5000);
      client.socket.destroy();
      expect(dnsPacket.decode(reply!)).toMatchObject({ id: 7, answers: [{ data: '192.0.2.80' }] });
    } finally {
      for (const socket of abusers) socket.destroy();
    }
  });
});
