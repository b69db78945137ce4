import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AliasResolver } from './alias';
import { dig } from '@kaja/test-support/dig';
import { serveZones, type TestServer } from './testing/server';

const soa = '@ SOA ns1 hostmaster 1 7200 3600 1209600 60\n@ NS ns1\nns1 A 192.0.2.1\n';

// The target zone lives on a second server, which plays the recursive resolver ALIAS asks.
let target: TestServer;
let server: TestServer;
beforeAll(async () => {
  target = await serveZones({ 'cdn.example': `$TTL 120\n${soa}lb A 198.51.100.1\nlb A 198.51.100.2\nv6 AAAA 2001:db8::1\n` });
  server = await serveZones(
    {
      'example.com': `$TTL 300\n${soa}@ ALIAS lb.cdn.example.\nwww CNAME example.com.\n`,
      'example.net': `$TTL 300\n${soa}@ ALIAS missing.cdn.example.\n`,
      'example.org': `$TTL 300\n${soa}@ ANAME v6.cdn.example.\n`,
    },
    { alias: new AliasResolver([`127.0.0.1:${target.port}`]) },
  );
});
let targetRunning = true;
afterAll(async () => {
  await server.close();
  if (targetRunning) await target.close();
});

describe('ALIAS at the apex', () => {
  it('answers A with the target addresses under the apex name, TTL capped by the ALIAS', async () => {
    for (const tcp of [false, true]) {
      const response = await dig(server.port, 'example.com', 'A', { tcp });
      expect(response.rcode).toBe('NOERROR');
      expect(response.flags).toContain('aa');
      expect(response.answer.map((r) => r.replace(/ \d+ IN/, ' TTL IN')).sort()).toEqual([
        'example.com. TTL IN A 198.51.100.1',
        'example.com. TTL IN A 198.51.100.2',
      ]);
      const ttl = Number(response.answer[0]!.split(' ')[1]);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(120);
    }
  });

  it('answers AAAA through ANAME, its other name', async () => {
    const response = await dig(server.port, 'example.org', 'AAAA');
    expect(response.answer).toHaveLength(1);
    expect(response.answer[0]).toMatch(/^example\.org\. \d+ IN AAAA 2001:db8::1$/);
  });

  it('gives an empty answer, not an error, when the target has no addresses', async () => {
    const missing = await dig(server.port, 'example.net', 'A');
    expect(missing.rcode).toBe('NOERROR');
    expect(missing.answer).toEqual([]);
    expect(missing.authority).toEqual(['example.net. 60 IN SOA ns1.example.net. hostmaster.example.net. 1 7200 3600 1209600 60']);
    const noV6 = await dig(server.port, 'example.com', 'AAAA');
    expect(noV6.rcode).toBe('NOERROR');
    expect(noV6.answer).toEqual([]);
  });

  it('is resolved at the end of a CNAME chain to the apex', async () => {
    const response = await dig(server.port, 'www.example.com', 'A');
    expect(response.answer[0]).toBe('www.example.com. 300 IN CNAME example.com.');
    expect(
      response.answer
        .slice(1)
        .map((r) => r.replace(/ \d+ IN/, ' TTL IN'))
        .sort(),
    ).toEqual(['example.com. TTL IN A 198.51.100.1', 'example.com. TTL IN A 198.51.100.2']);
  });

  it('serves other types at the apex from the zone', async () => {
    const response = await dig(server.port, 'example.com', 'NS');
    expect(response.answer).toEqual(['example.com. 300 IN NS ns1.example.com.']);
  });

  it('keeps the target addresses for their TTL, even when the resolver goes away', async () => {
    await dig(server.port, 'example.com', 'A');
    await target.close();
    targetRunning = false;
    const response = await dig(server.port, 'example.com', 'A');
    expect(response.answer).toHaveLength(2);
  });
});
