import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on loopback between a DNS node and its PostgreSQL server, owned by the test: `cut()`
 * breaks every connection through it and refuses new ones, as a network partition or a dead
 * database host looks to the node (its sockets reset, its reconnects refused); `restore()` lets
 * connections through again. Stopping PostgreSQL instead would also cut the test's own API.
 */
export interface DatabaseCut {
  /** The proxied database's URL: the target URL with the proxy's port. */
  url: string;
  cut(): void;
  restore(): void;
  /** Connections that were broken by cuts so far. */
  broken(): number;
  close(): Promise<void>;
}

export async function proxyDatabase(targetUrl: string): Promise<DatabaseCut> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  let isCut = false;
  let broken = 0;
  const server: Server = createServer((client) => {
    if (isCut) {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect({ host: target.hostname, port: Number(target.port) });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const url = new URL(targetUrl);
  url.port = String((server.address() as { port: number }).port);
  return {
    url: url.toString(),
    cut() {
      isCut = true;
      broken += Math.ceil(sockets.size / 2);
      // A reset, not a close: the node sees the connection fail as it does when a host goes away.
      for (const socket of sockets) socket.resetAndDestroy();
    },
    restore() {
      isCut = false;
    },
    broken: () => broken,
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
