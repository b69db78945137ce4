import { createServer } from 'node:net';

/*
 * Servers in this process listen on port 0 and read the port back. This is for the others: a server
 * started as a child process (the platform, `npm run dns`, knotd, NSD) is told its port on the command
 * line or in its environment, and the platform derives its public addresses from PORT before it
 * listens, so the port has to be known before the start. The system hands out a free one; between
 * closing it here and the child binding it, another process could take it, which the child reports
 * as EADDRINUSE. Within this process no port is handed out twice (the kernel may offer a just-closed
 * port again, and tests ask for three in a row).
 */
const handedOut = new Set<number>();

/** A TCP port on loopback that the system just handed out as free (UDP on it is free in practice too). */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const { port: given } = server.address() as { port: number };
        server.close(() => resolve(given));
      });
    });
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}
