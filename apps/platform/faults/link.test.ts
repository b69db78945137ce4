import { once } from 'node:events';
import { createServer, connect, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openLink, type Link } from './link';

/** A server that echoes what it reads. */
async function echoServer(): Promise<Server> {
  const server = createServer((socket) => socket.pipe(socket));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server;
}

describe('a link between two locations', () => {
  let server: Server;
  let link: Link;
  afterEach(async () => {
    await link?.close();
    server?.close();
  });

  it('carries bytes both ways in order, each way no sooner than its delay', async () => {
    server = await echoServer();
    link = await openLink({ host: '127.0.0.1', port: (server.address() as { port: number }).port }, { delayMs: 40 });
    const client = connect({ host: '127.0.0.1', port: link.port });
    await once(client, 'connect');
    let echoed = '';
    client.on('data', (chunk: Buffer) => (echoed += chunk.toString()));
    const sent = performance.now();
    for (let i = 0; i < 50; i++) client.write(`${i},`);
    await expect.poll(() => echoed, { timeout: 5000, interval: 5 }).toBe(Array.from({ length: 50 }, (_, i) => `${i},`).join(''));
    // There and back: twice the one-way delay at least (a lower bound; the upper one is the machine's).
    expect(performance.now() - sent).toBeGreaterThanOrEqual(80);
    client.destroy();
  });

  it('resets the connections through it when cut, refuses new ones until restored', async () => {
    server = await echoServer();
    link = await openLink({ host: '127.0.0.1', port: (server.address() as { port: number }).port });
    const client = connect({ host: '127.0.0.1', port: link.port });
    await once(client, 'connect');
    const failed = once(client, 'error');
    link.cut();
    expect(((await failed)[0] as NodeJS.ErrnoException).code).toBe('ECONNRESET');
    expect(link.broken()).toBe(1);

    const refused = connect({ host: '127.0.0.1', port: link.port });
    await once(refused, 'error');
    link.restore();
    const again = connect({ host: '127.0.0.1', port: link.port });
    await once(again, 'connect');
    again.write('back');
    const [reply] = await once(again, 'data');
    expect(String(reply)).toBe('back');
    again.destroy();
  });
});
