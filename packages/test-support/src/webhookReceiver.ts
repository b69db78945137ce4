// A webhook receiver for tests: a real HTTP server on loopback that keeps every request it is sent
// and answers as the test tells it (a status, a redirect, a body), so deliveries are checked end to end.
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Arrivals } from './arrivals';

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
  const arrivals = new Arrivals<ReceivedWebhook>((received) => `webhook (received ${received.length})`);
  let answer: (request: ReceivedWebhook, response: ServerResponse) => void = (_request, response) => void response.writeHead(204).end();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = { path: request.url ?? '/', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      arrivals.push(entry);
      answer(entry, response);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received: arrivals.items,
    respond(next) {
      answer = next;
    },
    waitFor: (match, timeoutMs) => arrivals.waitFor(match, timeoutMs),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
