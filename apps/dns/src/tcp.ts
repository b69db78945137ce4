import { createServer, type Server, type Socket } from 'node:net';
import type { Responder } from './respond';
import { isTransferQuery, type TransferResponder } from './xfr';

export interface TcpOptions {
  /** A connection with no query for this long is closed (RFC 7766 6.2.3). */
  idleTimeoutMs: number;
  /** Connections beyond this are refused, so idle clients cannot exhaust the node. */
  maxConnections: number;
}

export const defaultTcpOptions: TcpOptions = { idleTimeoutMs: 10_000, maxConnections: 1000 };

/**
 * Serves DNS over TCP on one address: each message is framed by a two-octet length (RFC 1035
 * 4.2.2); a client may pipeline many queries on one connection, answered as they complete.
 */
export interface TcpListener {
  port: number;
  /** Stops listening and closes every open connection. */
  close(): Promise<void>;
}

export function listenTcp(host: string, port: number, responder: Responder, options: TcpOptions, transfers?: TransferResponder): Promise<TcpListener> {
  const connections = new Set<Socket>();
  const server: Server = createServer({ noDelay: true }, (socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
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
    server.listen({ host, port, ipv6Only: host.includes(':') }, () => {
      server.off('error', reject);
      server.on('error', (error) => console.error(`dns: TCP ${host}:${port}: ${error.message}`));
      resolve({ port: (server.address() as { port: number }).port, close });
    });
  });
}

function serveConnection(socket: Socket, responder: Responder, options: TcpOptions, transfers: TransferResponder | undefined): void {
  let pending: Buffer | undefined;
  socket.setTimeout(options.idleTimeoutMs, () => socket.destroy());
  socket.on('error', () => socket.destroy());
  const send = (reply: Buffer | null) => {
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
  socket.on('data', (chunk) => {
    let data = pending ? Buffer.concat([pending, chunk]) : chunk;
    while (data.length >= 2) {
      const length = data.readUInt16BE(0);
      if (data.length < length + 2) break;
      const packet = data.subarray(2, length + 2);
      if (transfers && isTransferQuery(packet)) {
        // The messages of one transfer go out back to back, so pipelined answers never split them.
        void transfers.answer(Buffer.from(packet), socket.remoteAddress ?? '').then(
          (messages) => messages.forEach(send),
          (error) => {
            console.error('dns: a zone transfer failed:', error);
            socket.destroy();
          },
        );
        data = data.subarray(length + 2);
        continue;
      }
      const started = performance.now();
      const reply = responder.respond(packet, true, socket.remoteAddress ?? null);
      const answered = (late: Buffer | null) => {
        if (late) responder.metrics.took(performance.now() - started);
        send(late);
      };
      if (reply instanceof Promise) void reply.then(answered);
      else answered(reply);
      data = data.subarray(length + 2);
    }
    pending = data.length > 0 ? data : undefined;
  });
}
