// Clients a public DNS server meets on a bad day, each bounded in time and size: they connect to
// 127.0.0.1 (one client network, whose limits they meet) and stop when told.
import { createSocket } from 'node:dgram';
import { connect, type Socket } from 'node:net';
import dnsPacket from 'dns-packet';

/** A query with the DO bit (EDNS, 1232 octets), unframed. */
export function doQuery(name: string, type: dnsPacket.RecordType, id = 1): Buffer {
  return dnsPacket.encode({
    id,
    type: 'query',
    flags: 0,
    questions: [{ name, type }],
    additionals: [{ type: 'OPT', name: '.', udpPayloadSize: 1232, flags: dnsPacket.DNSSEC_OK } as dnsPacket.Answer],
  });
}

const framed = (message: Buffer) => Buffer.concat([Buffer.from([message.length >> 8, message.length & 255]), message]);

function open(port: number, source = '127.0.0.1'): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: source }, () => resolve(socket));
    socket.once('error', reject);
  });
}

export interface AbusiveClients {
  /** Connections the server closed (or refused) while they were abusive. */
  closedByServer(): number;
  opened: number;
  /** Closes what is left. */
  stop(): void;
}

/**
 * Connections that each pipeline about `bytes` of DO queries for `name` and `type` (a large set: each
 * answer thousands of times the query) and never read an answer.
 */
export async function nonReadingClients(port: number, connections: number, name: string, type: dnsPacket.RecordType, bytes = 60_000): Promise<AbusiveClients> {
  const sockets: Socket[] = [];
  let closed = 0;
  const queries: Buffer[] = [];
  for (let size = 0, id = 1; size < bytes; id++) {
    const query = framed(doQuery(name, type, id & 0xffff));
    queries.push(query);
    size += query.length;
  }
  const burst = Buffer.concat(queries);
  for (let i = 0; i < connections; i++) {
    const socket = await open(port).catch(() => undefined);
    if (!socket) {
      closed++;
      continue;
    }
    // Never read: what the server sends stays in the kernel's buffers, then in the server's.
    socket.pause();
    socket.on('error', () => {});
    socket.once('close', () => closed++);
    socket.write(burst);
    sockets.push(socket);
  }
  return { opened: sockets.length, closedByServer: () => closed, stop: () => sockets.forEach((socket) => socket.destroy()) };
}

/** Connections that send a query one octet every `everyMs`, never finishing it: slowloris. */
export async function slowlorisClients(port: number, connections: number, everyMs = 300): Promise<AbusiveClients> {
  const sockets: Socket[] = [];
  let closed = 0;
  const query = framed(doQuery('slow.example', 'A'));
  for (let i = 0; i < connections; i++) {
    const socket = await open(port, '127.0.2.1').catch(() => undefined);
    if (!socket) {
      closed++;
      continue;
    }
    socket.on('error', () => {});
    socket.once('close', () => closed++);
    let sent = 0;
    const timer = setInterval(() => {
      // One octet short of the whole query, forever.
      if (socket.destroyed || sent >= query.length - 1) return;
      socket.write(query.subarray(sent, ++sent));
    }, everyMs);
    socket.once('close', () => clearInterval(timer));
    sockets.push(socket);
  }
  return { opened: sockets.length, closedByServer: () => closed, stop: () => sockets.forEach((socket) => socket.destroy()) };
}

export interface Flood {
  sent: number;
  answered: number;
}

/**
 * Connections that pipeline queries for `name` as fast as the server answers them, `depth` in
 * flight each, for `seconds`: a pipelining flood from one client network.
 */
export async function pipeliningFlood(port: number, connections: number, name: string, seconds: number, depth = 200): Promise<Flood> {
  const flood = { sent: 0, answered: 0 };
  const until = performance.now() + seconds * 1000;
  const query = framed(doQuery(name, 'A'));
  const batch = Buffer.concat(Array.from({ length: depth }, () => query));
  await Promise.all(
    Array.from({ length: connections }, async () => {
      const socket = await open(port).catch(() => undefined);
      if (!socket) return;
      socket.on('error', () => {});
      let buffered = Buffer.alloc(0);
      let inFlight = 0;
      const send = () => {
        if (performance.now() > until || socket.destroyed) return socket.end();
        inFlight += depth;
        flood.sent += depth;
        socket.write(batch);
      };
      socket.on('data', (chunk: Buffer) => {
        buffered = Buffer.concat([buffered, chunk]);
        while (buffered.length >= 2 && buffered.length >= buffered.readUInt16BE(0) + 2) {
          buffered = buffered.subarray(buffered.readUInt16BE(0) + 2);
          flood.answered++;
          if (--inFlight === 0) send();
        }
      });
      send();
      await new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        setTimeout(() => socket.destroy(), seconds * 1000 + 2000);
      });
    }),
  );
  return flood;
}

/**
 * UDP queries for random names under `zone` (NXDOMAIN each, nothing a cache could hold) from one
 * address, `perSecond` of them for `seconds`: a random-subdomain flood.
 */
export async function randomNameFlood(port: number, zone: string, seconds: number, perSecond: number): Promise<Flood> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const flood = { sent: 0, answered: 0 };
  socket.on('message', () => flood.answered++);
  const tickMs = 10;
  const perTick = Math.ceil((perSecond * tickMs) / 1000);
  const until = performance.now() + seconds * 1000;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      if (performance.now() > until) {
        clearInterval(timer);
        resolve();
        return;
      }
      for (let i = 0; i < perTick; i++) {
        socket.send(doQuery(`${Math.random().toString(36).slice(2, 12)}.${zone}`, 'A', flood.sent & 0xffff), port, '127.0.0.1');
        flood.sent++;
      }
    }, tickMs);
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  socket.close();
  return flood;
}
