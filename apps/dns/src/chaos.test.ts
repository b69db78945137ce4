import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dig } from '@kaja/test-support/dig';
import { serveZones, type TestServer } from './testing/server';

let server: TestServer;
beforeAll(async () => {
  server = await serveZones({ 'example.com': '@ 300 SOA ns1 hostmaster 1 7200 3600 1209600 60\n@ 300 NS ns1\n' }, { nodeName: 'fra-1' });
});
afterAll(() => server.close());

describe('CHAOS TXT (RFC 4892)', () => {
  it.each(['id.server', 'hostname.bind'])('%s names the node', async (name) => {
    for (const tcp of [false, true]) {
      const response = await dig(server.port, name, 'TXT', { tcp, args: ['-c', 'CH'] });
      expect(response.rcode).toBe('NOERROR');
      expect(response.answer).toEqual([`${name}. 0 CH TXT "fra-1"`]);
    }
  });

  it('refuses other CHAOS names', async () => {
    const response = await dig(server.port, 'version.bind', 'TXT', { args: ['-c', 'CH'] });
    expect(response.rcode).toBe('REFUSED');
  });
});
