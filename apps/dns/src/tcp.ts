import { createServer, type Server, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Responder } from './respond';
import { clientNetwork } from './responseRateLimit';
import { isTransferQuery, type TransferResponder } from './xfr';

export interface TcpOptions {
  /** A connection with no query (and no answer leaving) for this long is closed (RFC 7766 6.2.3; Knot's tcp-idle-timeout). */
  idleTimeoutMs: number;
  /** A query begun must arrive whole within this long, so trickling clients cannot hold connections (Knot's tcp-io-timeout). */
  ioTimeoutMs: number;
  /** Connections beyond this are refused, so idle clients cannot exhaust the node. */
  maxConnections: number;
  /** Connections from one client network (IPv4 /24, IPv6 /56) beyond this are refused, keeping the rest for others. */
  maxConnectionsPerNetwork: number;
  /** A connection whose unsent answers pass this many octets is not read from until its client reads them. */
  connectionBufferBytes: number;
  /** Unsent answers all connections of a worker may hold (transfers aside); past it the connection holding the most is closed. */
  maxBufferedBytes: number;
}

/**
 * 64 KB a connection is one largest answer, or a few hundred small ones; 32 MB a worker is what
 * 500 connections hold at that, and stays a small part of a node's memory.
 */
export const defaultTcpOptions: TcpOptions = {
  idleTimeoutMs: 10_000,
  ioTimeoutMs: 2000,
  maxConnections: 1000,
  maxConnectionsPerNetwork: 100,
  connectionBufferBytes: 64 * 1024,
  maxBufferedBytes: 32 * 1024 * 1024,
};

/**
 * Serves DNS over TCP on one address: each message is framed by a two-octet length (RFC 1035
 * 4.2.2); a client may pipeline many queries on one connection, answered in the order asked.
 */
export interface TcpListener {
  port: number;
  /** Stops listening and closes every open connection. */
  close(): Promise<void>;
}

/**
 * `reusePort`: other threads of the process listen on the same address (SO_REUSEPORT; the kernel
 * spreads the connections), as a node's workers do.
 */
export function listenTcp(
  host: string,
  port: number,
  responder: Responder,
  options: TcpOptions,
  transfers?: TransferResponder,
  reusePort = false,
  buffers = new TcpBuffers(options.maxBufferedBytes, responder.metrics),
): Promise<TcpListener> {
  const connections = new Set<Socket>();
  const perNetwork = new Map<number, number>();
  const server: Server = createServer({ noDelay: true }, (socket) => {
    const network = clientNetwork(socket.remoteAddress ?? '');
    const open = perNetwork.get(network) ?? 0;
    if (open >= options.maxConnectionsPerNetwork) {
      socket.destroy();
      return;
    }
    perNetwork.set(network, open + 1);
    connections.add(socket);
    socket.once('close', () => {
      connections.delete(socket);
      const left = perNetwork.get(network)! - 1;
      if (left === 0) perNetwork.delete(network);
      else perNetwork.set(network, left);
    });
    serveConnection(socket, responder, options, buffers, transfers);
  });
  server.maxConnections = options.maxConnections;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of connections) socket.destroy();
    });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port, ipv6Only: host.includes(':'), reusePort }, () => {
      server.off('error', reject);
      server.on('error', (error) => console.error(`dns: TCP ${host}:${port}: ${error.message}`));
      resolve({ port: (server.address() as { port: number }).port, close });
    });
  });
}

/**
 * Answers that may wait on one connection behind one not ready yet (an ALIAS target being
 * resolved, a transfer being read): beyond it the connection's further queries are not read.
 */
const maxWaitingAnswers = 64;

function serveConnection(socket: Socket, responder: Responder, options: TcpOptions, buffers: TcpBuffers, transfers: TransferResponder | undefined): void {
  let pending: Buffer | undefined;
  /** Messages read whole so far, and how many had been when the I/O timer was set. */
  let read = 0;
  let readWhenSet = 0;
  /**
   * Runs while part of a query waits: when it fires and no query was completed since it was set,
   * the client is trickling and is closed. One timer reused, not one per segment: a query begun
   * must arrive within one to two I/O timeouts.
   */
  let ioTimer: NodeJS.Timeout | undefined;
  const checkProgress = () => {
    ioTimer = undefined;
    if (pending === undefined) return;
    if (read === readWhenSet) socket.destroy();
    else setIoTimer();
  };
  const setIoTimer = () => {
    readWhenSet = read;
    ioTimer = setTimeout(checkProgress, options.ioTimeoutMs);
  };
  /** Answers still to come before the next may leave, so answers keep the order of their queries. */
  let waiting: Promise<void> | undefined;
  /** Answers chained behind `waiting`, not written yet. */
  let queued = 0;
  socket.setTimeout(options.idleTimeoutMs, () => socket.destroy());
  socket.on('error', () => socket.destroy());
  socket.once('close', () => {
    clearTimeout(ioTimer);
    buffers.release(socket);
  });
  const write = (reply: Buffer | null, transfer: boolean) => {
    if (reply === null || socket.destroyed) return;
    // The length and the answer leave in one write (corked), the answer not copied: every answer
    // is a buffer of its own, and a copy per answer was most of what a busy connection allocates.
    const length = Buffer.allocUnsafe(2);
    length.writeUInt16BE(reply.length, 0);
    socket.cork();
    socket.write(length);
    const flowing = socket.write(reply);
    socket.uncork();
    if (!flowing) buffers.hold(socket, transfer);
  };
  /**
   * A client that does not read its answers stops being read from once its unsent answers pass
   * `connectionBufferBytes` (or `maxWaitingAnswers` wait): its further queries stay in the kernel's
   * buffers, not in ours, until it reads (Knot DNS and NSD answer a connection's queries as its
   * answers leave, likewise).
   */
  const backedUp = () => socket.writableLength >= options.connectionBufferBytes || queued >= maxWaitingAnswers;
  const send = (replies: Buffer | null | Buffer[] | Promise<Buffer | null | Buffer[]>, transfer: boolean) => {
    if (waiting === undefined && !(replies instanceof Promise)) {
      if (Array.isArray(replies)) for (const reply of replies) write(reply, transfer);
      else write(replies, transfer);
      return;
    }
    queued++;
    const after = (waiting ?? Promise.resolve()).then(() => replies);
    const sent = after.then(
      (ready) => {
        queued--;
        if (Array.isArray(ready)) for (const reply of ready) write(reply, transfer);
        else write(ready, transfer);
        if (waiting === sent) waiting = undefined;
        serve();
      },
      (error: unknown) => {
        console.error('dns: a zone transfer failed:', error);
        socket.destroy();
      },
    );
    waiting = sent;
  };
  /** Answers the whole queries read so far, as far as the connection's unsent answers allow. */
  const serve = () => {
    if (socket.destroyed) return;
    // The answers to a segment's queries leave in as few writes as the socket allows.
    socket.cork();
    let data = pending;
    while (data !== undefined && data.length >= 2 && !backedUp()) {
      const length = data.readUInt16BE(0);
      if (data.length < length + 2) break;
      const packet = data.subarray(2, length + 2);
      // The messages of one transfer go out back to back, so pipelined answers never split them.
      if (transfers && isTransferQuery(packet)) send(transfers.answer(Buffer.from(packet), socket.remoteAddress ?? ''), true);
      else {
        const started = performance.now();
        const reply = responder.respond(packet, true, socket.remoteAddress ?? null);
        const timed = (answer: Buffer | null) => {
          if (answer) responder.metrics.took(performance.now() - started);
          return answer;
        };
        send(reply instanceof Promise ? reply.then(timed) : timed(reply), false);
      }
      data = data.length > length + 2 ? data.subarray(length + 2) : undefined;
      read++;
    }
    socket.uncork();
    pending = data;
    if (backedUp()) {
      if (!socket.isPaused()) {
        socket.pause();
        responder.metrics.tcpBackedUp++;
      }
      return;
    }
    if (socket.isPaused()) socket.resume();
    if (pending !== undefined && ioTimer === undefined) setIoTimer();
  };
  socket.on('drain', () => {
    buffers.release(socket);
    serve();
  });
  socket.on('data', (chunk: Buffer) => {
    pending = pending ? Buffer.concat([pending, chunk]) : chunk;
    serve();
  });
}

/**
 * The octets a worker's TCP connections hold unsent, against one limit for all of them: a few
 * client networks of clients that never read cannot exhaust the node, whose API and dashboard may
 * share its process. Only connections past their socket's own buffer are counted (they are the
 * ones holding memory), so the sum is taken over few.
 */
export class TcpBuffers {
  /** Connections with more unsent than their socket's buffer, and whether a transfer is among it. */
  private readonly held = new Map<Socket, boolean>();

  constructor(
    private readonly limit: number,
    private readonly counters: { tcpClosedForMemory: number },
  ) {}

  /**
   * `socket` holds more than its buffer. Past the worker's limit, the connection holding the most
   * is closed. A transfer's messages are not counted: only clients the zone's transfer rules let
   * in (address and TSIG key) are sent one, and its size is the zone's.
   */
  hold(socket: Socket, transfer: boolean): void {
    this.held.set(socket, transfer || this.held.get(socket) === true);
    let total = 0;
    let largest: Socket | undefined;
    for (const [connection, transferring] of this.held) {
      if (transferring) continue;
      total += connection.writableLength;
      if (largest === undefined || connection.writableLength > largest.writableLength) largest = connection;
    }
    if (total <= this.limit || largest === undefined) return;
    this.held.delete(largest);
    largest.destroy();
    this.counters.tcpClosedForMemory++;
  }

  /** `socket`'s unsent answers are in the kernel's hands again, or it closed. */
  release(socket: Socket): void {
    this.held.delete(socket);
  }
}
