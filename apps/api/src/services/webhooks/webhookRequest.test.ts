import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCidr } from '@kaja/config';
import { resolveEndpointHost, responseExcerptBytes, sendWebhookRequest } from './webhookRequest';

const loopback = [parseCidr('127.0.0.0/8')!];
const servers: Server[] = [];

async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('one webhook request', () => {
  it('refuses a host name that resolves to loopback unless the operator allows it, and connects to nothing', async () => {
    let hits = 0;
    const origin = await serve((_request, response) => {
      hits++;
      response.end();
    });
    const port = new URL(origin).port;
    const refused = await sendWebhookRequest({ url: `http://localhost:${port}/`, headers: {}, body: '{}', allowed: [] });
    expect(refused).toMatchObject({ statusCode: null, responseExcerpt: null });
    expect(refused.error).toMatch(/localhost resolves to (127\.0\.0\.1|::1), a special-purpose address \(loopback\)/);
    expect(hits).toBe(0);
    await expect(resolveEndpointHost('[::1]', loopback)).rejects.toThrow('::1');
    expect(await resolveEndpointHost('127.0.0.1', loopback)).toEqual({ address: '127.0.0.1', family: 4 });
  });

  it('gives up after the time-out when the receiver does not answer', async () => {
    const origin = await serve(() => {
      // Never answers.
    });
    const result = await sendWebhookRequest({ url: origin, headers: {}, body: '{}', allowed: loopback, timeoutMs: 300 });
    expect(result).toMatchObject({ statusCode: null, error: 'No answer within 0.3 s' });
    expect(result.durationMs).toBeGreaterThanOrEqual(290);
    expect(result.durationMs).toBeLessThan(3000);
  });

  it('keeps only the first kilobyte of a long answer, and sends the body and headers given', async () => {
    let received = '';
    let signature: string | undefined;
    const origin = await serve((request, response) => {
      request.on('data', (chunk: Buffer) => (received += chunk.toString()));
      request.on('end', () => {
        signature = request.headers['webhook-signature'] as string;
        response.writeHead(200).end('x'.repeat(1024 * 1024));
      });
    });
    const result = await sendWebhookRequest({ url: `${origin}/hook`, headers: { 'webhook-signature': 'v1,abc' }, body: '{"a":1}', allowed: loopback });
    expect(result).toMatchObject({ statusCode: 200, error: null });
    expect(result.responseExcerpt).toHaveLength(responseExcerptBytes);
    expect(received).toBe('{"a":1}');
    expect(signature).toBe('v1,abc');
  });
});
