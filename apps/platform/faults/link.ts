import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP link on loopback, owned by the test or benchmark, between a client and the server at
 * `target`: what lies between two locations. Every chunk waits `delayMs` in each direction (a
 * one-way delay: the round trip takes twice it; the kernel's netem is not available here), in
 * order. `cut()` breaks every connection through it and refuses new ones, as a network partition
 * or a dead host looks to the client (its sockets reset, its reconnects refused); `restore()` lets
 * connections through again.
 */
export interface Link {
  /** The port clients connect to instead of the target's. */
  port: number;
  cut(): void;
  restore(): void;
  /** Connections that were broken by cuts so far. */
  broken(): number;
  /** Connections open through the link now: what the target sees of the client's side. */
  connections(): number;
  close(): Promise<void>;
}

export async function openLink(target: { host: string; port: number }, options: { delayMs?: number } = {}): Promise<Link> {
  const delayMs = options.delayMs ?? 0;
  const sockets = new Set<Socket>();
  const clients = new Set<Socket>();
  let isCut = false;
  let broken = 0;
  // Chunks in each direction keep their order: timers of one delay fire in the order they were set.
  const forward = (from: Socket, to: Socket) => {
    if (delayMs === 0) from.pipe(to);
    else from.on('data', (chunk: Buffer) => setTimeout(() => to.writable && to.write(chunk), delayMs));
  };
  const server: Server = createServer((client) => {
    if (isCut) {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(target);
    clients.add(client);
    client.once('close', () => clients.delete(client));
    for (const socket of [client, upstream]) {
      // No Nagle wait of the proxy's own: the delay is the link's, as on a real one.
      socket.setNoDelay(true);
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    forward(client, upstream);
    forward(upstream, client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as { port: number }).port,
    cut() {
      isCut = true;
      broken += Math.ceil(sockets.size / 2);
      // A reset, not a close: the client sees the connection fail as it does when a host goes away.
      for (const socket of sockets) socket.resetAndDestroy();
    },
    restore() {
      isCut = false;
    },
    broken: () => broken,
    connections: () => clients.size,
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
