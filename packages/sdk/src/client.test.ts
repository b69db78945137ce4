// The SDK against an HTTP server of the test's own on loopback, which answers as the API does at its
// edges: rate limits with Retry-After, error envelopes, pages. The whole API is the CLI's tests'.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kaja, KajaError, retryAfterMs } from './index';

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

describe('Kaja', () => {
  let handler: Handler = () => {};
  const seen: { method: string; url: string; authorization: string | undefined; body: string }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      seen.push({ method: request.method!, url: request.url!, authorization: request.headers.authorization, body });
      handler(request, body, response);
    });
  });
  let baseUrl = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
    response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

  it('sends the key as a bearer token to the base URL’s /v1 paths and gives the envelope’s data', async () => {
    seen.length = 0;
    handler = (_request, _body, response) => json(response, 200, { status: 'success', data: { id: 'z1', name: 'example.com' } });
    const kaja = new Kaja({ apiKey: 'kaja_test', baseUrl: `${baseUrl}/` });
    const zone = await kaja.data(kaja.api.GET('/v1/zones/{id}', { params: { path: { id: 'z1' } } }));
    expect(zone).toEqual({ id: 'z1', name: 'example.com' });
    expect(seen).toEqual([{ method: 'GET', url: '/v1/zones/z1', authorization: 'Bearer kaja_test', body: '' }]);
  });

  it('retries a 429 after its Retry-After, sending the body again, and gives up after maxRetries with a rate_limited KajaError', async () => {
    seen.length = 0;
    let refusals = 2;
    handler = (_request, _body, response) =>
      refusals-- > 0
        ? json(response, 429, { status: 'error', error: { code: 'rate_limited', message: 'Too many requests', details: {} } }, { 'retry-after': '1' })
        : json(response, 201, { status: 'success', data: { id: 'z2', name: 'example.org' } });
    const kaja = new Kaja({ apiKey: 'kaja_test', baseUrl });
    const started = performance.now();
    const created = await kaja.data(kaja.api.POST('/v1/zones', { body: { name: 'example.org' } }));
    expect(created.name).toBe('example.org');
    expect(performance.now() - started).toBeGreaterThanOrEqual(1900);
    expect(seen.map((request) => JSON.parse(request.body))).toEqual([{ name: 'example.org' }, { name: 'example.org' }, { name: 'example.org' }]);

    seen.length = 0;
    refusals = 5;
    const impatient = new Kaja({ apiKey: 'kaja_test', baseUrl, maxRetries: 1, maxRetryWaitMs: 1500 });
    const error = await impatient.api.GET('/v1/zones', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(KajaError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', message: 'Too many requests' });
    expect(seen).toHaveLength(2);
  });

  it('rejects with the envelope’s code, message and details, and names a network failure', async () => {
    handler = (_request, _body, response) =>
      json(
        response,
        409,
        { status: 'error', error: { code: 'serial_mismatch', message: 'The zone changed', details: { if_serial: 1, serial: 2 } } },
        { 'x-request-id': 'req-1' },
      );
    const kaja = new Kaja({ apiKey: 'kaja_test', baseUrl });
    const error = await kaja.api
      .PATCH('/v1/zones/{id}/records', { params: { path: { id: 'z1' } }, body: { changes: [{ action: 'delete', type: 'A', name: 'www' }], if_serial: 1 } })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      name: 'KajaError',
      status: 409,
      code: 'serial_mismatch',
      message: 'The zone changed',
      details: { if_serial: 1, serial: 2 },
      requestId: 'req-1',
    });

    handler = (_request, _body, response) => response.writeHead(502).end('bad gateway');
    expect(await kaja.api.GET('/v1/zones', {}).catch((caught: unknown) => caught)).toMatchObject({ status: 502, code: 'internal_error' });

    const nowhere = new Kaja({ apiKey: 'kaja_test', baseUrl: 'http://127.0.0.1:1/v1' });
    expect(await nowhere.api.GET('/v1/zones', {}).catch((caught: unknown) => caught)).toMatchObject({ status: 0, code: 'network_error' });
    expect(() => new Kaja({ apiKey: '' })).toThrow('an apiKey is required');
  });

  it('pages through a list until meta.total items have come', async () => {
    seen.length = 0;
    const names = Array.from({ length: 230 }, (_, i) => `zone-${i}.example`);
    handler = (request, _body, response) => {
      const query = new URL(request.url!, 'http://x').searchParams;
      const [limit, offset] = [Number(query.get('limit')), Number(query.get('offset'))];
      json(response, 200, {
        status: 'success',
        data: names.slice(offset, offset + limit).map((name) => ({ name })),
        meta: { total: names.length, limit, offset },
      });
    };
    const kaja = new Kaja({ apiKey: 'kaja_test', baseUrl });
    const all = await kaja.all((page) => kaja.api.GET('/v1/zones', { params: { query: page } }));
    expect(all.map((zone) => zone.name)).toEqual(names);
    expect(seen.map((request) => request.url)).toEqual(['/v1/zones?limit=100&offset=0', '/v1/zones?limit=100&offset=100', '/v1/zones?limit=100&offset=200']);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs(new Response(null, { status: 429, headers: { 'retry-after': '7' } }), now)).toBe(7000);
    expect(retryAfterMs(new Response(null, { status: 429, headers: { 'retry-after': 'Thu, 01 Jan 2026 00:00:03 GMT' } }), now)).toBe(3000);
    expect(retryAfterMs(new Response(null, { status: 429 }), now)).toBeUndefined();
  });
});
