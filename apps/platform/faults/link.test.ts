import { once } from 'node:events';
import { createServer, connect, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openLink, type Link } from './link';
import { openLinkProcess } from './linkProcess';

/** A server that echoes what it reads. */
async function echoServer(): Promise<Server> {
  // A cut resets the server's side too: that is expected, not an error of the test's.
  const server = createServer((socket) => socket.on('error', () => {}).pipe(socket));
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

  it('runs in a process of its own: carries bytes with its delay, counts its connections, and is cut on command', { timeout: 30_000 }, async () => {
    server = await echoServer();
    link = await openLinkProcess({ host: '127.0.0.1', port: (server.address() as { port: number }).port }, { delayMs: 30 });
    const client = connect({ host: '127.0.0.1', port: link.port });
    await once(client, 'connect');
    const sent = performance.now();
    client.write('hello');
    const [reply] = await once(client, 'data');
    expect(String(reply)).toBe('hello');
    expect(performance.now() - sent).toBeGreaterThanOrEqual(60);
    await expect.poll(() => link.connections(), { timeout: 5000, interval: 10 }).toBe(1);

    const failed = once(client, 'error');
    link.cut();
    expect(((await failed)[0] as NodeJS.ErrnoException).code).toBe('ECONNRESET');
    await expect.poll(() => [link.connections(), link.broken()], { timeout: 5000, interval: 10 }).toEqual([0, 1]);
    link.restore();
    await expect
      .poll(
        async () => {
          const again = connect({ host: '127.0.0.1', port: link.port });
          const result = await Promise.race([once(again, 'connect').then(() => 'open'), once(again, 'error').then(() => 'refused')]);
          again.destroy();
          return result;
        },
        { timeout: 5000, interval: 20 },
      )
      .toBe('open');
  });
});
