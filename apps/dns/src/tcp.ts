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
}

export const defaultTcpOptions: TcpOptions = { idleTimeoutMs: 10_000, ioTimeoutMs: 2000, maxConnections: 1000, maxConnectionsPerNetwork: 100 };

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
    serveConnection(socket, responder, options, transfers);
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

function serveConnection(socket: Socket, responder: Responder, options: TcpOptions, transfers: TransferResponder | undefined): void {
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
  socket.setTimeout(options.idleTimeoutMs, () => socket.destroy());
  socket.on('error', () => socket.destroy());
  socket.once('close', () => clearTimeout(ioTimer));
  const write = (reply: Buffer | null) => {
    if (reply === null || socket.destroyed) return;
    const framed = Buffer.allocUnsafe(reply.length + 2);
    framed.writeUInt16BE(reply.length, 0);
    reply.copy(framed, 2);
    // A client that does not read its answers stops being read from.
    if (!socket.write(framed)) {
      socket.pause();
      socket.once('drain', () => socket.resume());
    }
  };
  const send = (replies: Buffer | null | Buffer[] | Promise<Buffer | null | Buffer[]>) => {
    if (waiting === undefined && !(replies instanceof Promise)) {
      if (Array.isArray(replies)) replies.forEach(write);
      else write(replies);
      return;
    }
    const after = (waiting ?? Promise.resolve()).then(() => replies);
    const sent = after.then(
      (ready) => {
        if (Array.isArray(ready)) ready.forEach(write);
        else write(ready);
        if (waiting === sent) waiting = undefined;
      },
      (error: unknown) => {
        console.error('dns: a zone transfer failed:', error);
        socket.destroy();
      },
    );
    waiting = sent;
  };
  socket.on('data', (chunk) => {
    let data = pending ? Buffer.concat([pending, chunk]) : chunk;
    // The answers to a segment's queries leave in as few writes as the socket allows.
    socket.cork();
    while (data.length >= 2) {
      const length = data.readUInt16BE(0);
      if (data.length < length + 2) break;
      const packet = data.subarray(2, length + 2);
      // The messages of one transfer go out back to back, so pipelined answers never split them.
      if (transfers && isTransferQuery(packet)) send(transfers.answer(Buffer.from(packet), socket.remoteAddress ?? ''));
      else {
        const started = performance.now();
        const reply = responder.respond(packet, true, socket.remoteAddress ?? null);
        const timed = (answer: Buffer | null) => {
          if (answer) responder.metrics.took(performance.now() - started);
          return answer;
        };
        send(reply instanceof Promise ? reply.then(timed) : timed(reply));
      }
      data = data.subarray(length + 2);
      read++;
    }
    socket.uncork();
    pending = data.length > 0 ? data : undefined;
    if (pending !== undefined && ioTimer === undefined) setIoTimer();
  });
}
