// A webhook receiver for tests: a real HTTP server on loopback that keeps every request it is sent
// and answers as the test tells it (a status, a redirect, a body), so deliveries are checked end to end.
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  /** The body exactly as sent: what a signature is checked against. */
  body: string;
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  received: ReceivedWebhook[];
  /** How the next requests are answered (default 204). */
  respond(answer: (request: ReceivedWebhook, response: ServerResponse) => void): void;
  /** Resolves with the first request (already received or arriving) that matches. */
  waitFor(match: (request: ReceivedWebhook) => boolean, timeoutMs?: number): Promise<ReceivedWebhook>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const waiters = new Set<() => void>();
  let answer: (request: ReceivedWebhook, response: ServerResponse) => void = (_request, response) => void response.writeHead(204).end();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = { path: request.url ?? '/', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(entry);
      answer(entry, response);
      for (const wake of waiters) wake();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    respond(next) {
      answer = next;
    },
    waitFor(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(match);
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(found);
          return true;
        };
        const wake = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`No matching webhook within ${timeoutMs} ms (received ${received.length})`));
        }, timeoutMs);
        if (!check()) waiters.add(wake);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
