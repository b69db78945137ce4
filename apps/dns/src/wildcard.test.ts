import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dig } from '@kaja/test-support/dig';
import { serveZones, type TestServer } from './testing/server';

// The example zone of RFC 4592 section 2.2.1 and the responses it lists (without `sub.*`: the
// platform allows `*` only as the leftmost label).
const zone = `
$ORIGIN example.
$TTL 3600
@                 SOA   ns.example.com. ns.example.net. 2026 7200 3600 1209600 300
@                 NS    ns.example.com.
@                 NS    ns.example.net.
*                 TXT   "this is a wildcard"
*                 MX    10 host1.example.
host1             A     192.0.2.1
_ssh._tcp.host1   SRV   0 0 22 host1.example.
_ssh._tcp.host2   SRV   0 0 22 host2.example.
subdel            NS    ns.example.com.
subdel            NS    ns.example.net.
*.cname           CNAME host1.example.
*.data            A     192.0.2.7
existing.data     TXT   "not overridden"
`;

const SOA = 'example. 300 IN SOA ns.example.com. ns.example.net. 2026 7200 3600 1209600 300';

interface Case {
  query: [string, string];
  rcode: string;
  aa?: boolean;
  answer?: string[];
  authority?: string[];
}

const cases: Case[] = [
  // "The following queries would be synthesized from one of the wildcards"
  { query: ['host3.example', 'MX'], rcode: 'NOERROR', answer: ['host3.example. 3600 IN MX 10 host1.example.'] },
  { query: ['host3.example', 'A'], rcode: 'NOERROR', authority: [SOA] },
  { query: ['foo.bar.example', 'TXT'], rcode: 'NOERROR', answer: ['foo.bar.example. 3600 IN TXT "this is a wildcard"'] },
  // "The following queries would not be synthesized from any of the wildcards"
  { query: ['host1.example', 'MX'], rcode: 'NOERROR', authority: [SOA] },
  { query: ['_telnet._tcp.host1.example', 'SRV'], rcode: 'NXDOMAIN', authority: [SOA] },
  {
    query: ['host.subdel.example', 'A'],
    rcode: 'NOERROR',
    aa: false,
    authority: ['subdel.example. 3600 IN NS ns.example.com.', 'subdel.example. 3600 IN NS ns.example.net.'],
  },
  { query: ['ghost.*.example', 'MX'], rcode: 'NXDOMAIN', authority: [SOA] },
  // A wildcard owner queried directly is an ordinary name.
  { query: ['*.example', 'TXT'], rcode: 'NOERROR', answer: ['*.example. 3600 IN TXT "this is a wildcard"'] },
  // A wildcard CNAME is synthesized and followed.
  {
    query: ['www.cname.example', 'A'],
    rcode: 'NOERROR',
    answer: ['www.cname.example. 3600 IN CNAME host1.example.', 'host1.example. 3600 IN A 192.0.2.1'],
  },
  { query: ['x.y.data.example', 'A'], rcode: 'NOERROR', answer: ['x.y.data.example. 3600 IN A 192.0.2.7'] },
  // An existing name is never answered from the wildcard, even for a type only the wildcard has.
  { query: ['existing.data.example', 'A'], rcode: 'NOERROR', authority: [SOA] },
  { query: ['existing.data.example', 'TXT'], rcode: 'NOERROR', answer: ['existing.data.example. 3600 IN TXT "not overridden"'] },
];

let server: TestServer;
beforeAll(async () => {
  server = await serveZones({ example: zone });
});
afterAll(() => server.close());

describe.each(['UDP', 'TCP'] as const)('wildcards per RFC 4592 over %s', (transport) => {
  it.each(cases)('$query.0 $query.1 → $rcode', async (c) => {
    const response = await dig(server.port, c.query[0], c.query[1], { tcp: transport === 'TCP' });
    expect(response.rcode).toBe(c.rcode);
    expect(response.flags.includes('aa')).toBe(c.aa ?? true);
    expect(response.answer).toEqual(c.answer ?? []);
    expect(response.authority).toEqual(c.authority ?? []);
  });
});
