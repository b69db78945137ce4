import { Resolver } from 'node:dns/promises';
import { typeCode } from '@kaja/dns-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dig } from '@kaja/test-support/dig';
import { lookup } from './lookup';
import { serveZones, type TestServer } from './testing/server';
import { loadZoneText } from './zoneFile';

const zone = `
$ORIGIN example.com.
$TTL 300
@        IN SOA  ns1 hostmaster 2026010101 7200 3600 1209600 60
@        IN NS   ns1
@        IN NS   ns2.example.net.
@        IN MX   10 mail
@        IN MX   20 mx.example.net.
ns1      IN A    192.0.2.1
mail     IN A    192.0.2.25
mail     IN AAAA 2001:db8::25
www      IN A    192.0.2.80
www      IN AAAA 2001:db8::80
alias    IN CNAME www
chain1   IN CNAME chain2
chain2   IN CNAME www
away     IN CNAME www.example.net.
dangling IN CNAME missing
loop1    IN CNAME loop2
loop2    IN CNAME loop1
_sip._tcp IN SRV 10 20 5060 mail
txt      IN TXT  "hello world" "second string"
a.b.c    IN A    192.0.2.99
`;

const SOA = 'example.com. 60 IN SOA ns1.example.com. hostmaster.example.com. 2026010101 7200 3600 1209600 60';

interface Case {
  name: string;
  query: [string, string];
  rcode: string;
  aa?: boolean;
  answer?: string[];
  authority?: string[];
  additional?: string[];
}

// RFC 1034 4.3.2: each row is a query and the response every client must see.
const cases: Case[] = [
  { name: 'SOA at the apex', query: ['example.com', 'SOA'], rcode: 'NOERROR', answer: [SOA.replace(' 60 IN', ' 300 IN')] },
  {
    name: 'NS at the apex with addresses of in-zone servers',
    query: ['example.com', 'NS'],
    rcode: 'NOERROR',
    answer: ['example.com. 300 IN NS ns1.example.com.', 'example.com. 300 IN NS ns2.example.net.'],
    additional: ['ns1.example.com. 300 IN A 192.0.2.1'],
  },
  { name: 'an A record', query: ['www.example.com', 'A'], rcode: 'NOERROR', answer: ['www.example.com. 300 IN A 192.0.2.80'] },
  {
    name: 'MX with the in-zone target addresses in additional',
    query: ['example.com', 'MX'],
    rcode: 'NOERROR',
    answer: ['example.com. 300 IN MX 10 mail.example.com.', 'example.com. 300 IN MX 20 mx.example.net.'],
    additional: ['mail.example.com. 300 IN A 192.0.2.25', 'mail.example.com. 300 IN AAAA 2001:db8::25'],
  },
  {
    name: 'SRV with its target addresses',
    query: ['_sip._tcp.example.com', 'SRV'],
    rcode: 'NOERROR',
    answer: ['_sip._tcp.example.com. 300 IN SRV 10 20 5060 mail.example.com.'],
    additional: ['mail.example.com. 300 IN A 192.0.2.25', 'mail.example.com. 300 IN AAAA 2001:db8::25'],
  },
  { name: 'TXT with two strings', query: ['txt.example.com', 'TXT'], rcode: 'NOERROR', answer: ['txt.example.com. 300 IN TXT "hello world" "second string"'] },
  {
    name: 'a CNAME followed inside the zone',
    query: ['alias.example.com', 'A'],
    rcode: 'NOERROR',
    answer: ['alias.example.com. 300 IN CNAME www.example.com.', 'www.example.com. 300 IN A 192.0.2.80'],
  },
  {
    name: 'a CNAME chain',
    query: ['chain1.example.com', 'AAAA'],
    rcode: 'NOERROR',
    answer: [
      'chain1.example.com. 300 IN CNAME chain2.example.com.',
      'chain2.example.com. 300 IN CNAME www.example.com.',
      'www.example.com. 300 IN AAAA 2001:db8::80',
    ],
  },
  {
    name: 'the CNAME itself when asked for',
    query: ['alias.example.com', 'CNAME'],
    rcode: 'NOERROR',
    answer: ['alias.example.com. 300 IN CNAME www.example.com.'],
  },
  {
    name: 'a CNAME leaving the zone ends the chain',
    query: ['away.example.com', 'A'],
    rcode: 'NOERROR',
    answer: ['away.example.com. 300 IN CNAME www.example.net.'],
  },
  {
    name: 'a CNAME to a missing name is NXDOMAIN with the CNAME',
    query: ['dangling.example.com', 'A'],
    rcode: 'NXDOMAIN',
    answer: ['dangling.example.com. 300 IN CNAME missing.example.com.'],
    authority: [SOA],
  },
  {
    name: 'a CNAME loop ends where it repeats',
    query: ['loop1.example.com', 'A'],
    rcode: 'NOERROR',
    answer: ['loop1.example.com. 300 IN CNAME loop2.example.com.', 'loop2.example.com. 300 IN CNAME loop1.example.com.'],
  },
  {
    name: 'CNAME then NODATA',
    query: ['alias.example.com', 'MX'],
    rcode: 'NOERROR',
    answer: ['alias.example.com. 300 IN CNAME www.example.com.'],
    authority: [SOA],
  },
  { name: 'NODATA: the name exists, the type does not', query: ['www.example.com', 'TXT'], rcode: 'NOERROR', authority: [SOA] },
  { name: 'NODATA at an empty non-terminal', query: ['b.c.example.com', 'A'], rcode: 'NOERROR', authority: [SOA] },
  { name: 'NXDOMAIN with the SOA and the negative TTL', query: ['nothing.example.com', 'A'], rcode: 'NXDOMAIN', authority: [SOA] },
  { name: 'ANY gets one RRset (RFC 8482)', query: ['www.example.com', 'ANY'], rcode: 'NOERROR', answer: ['www.example.com. 300 IN A 192.0.2.80'] },
  { name: 'REFUSED for a name we do not host', query: ['example.org', 'A'], rcode: 'REFUSED', aa: false },
  { name: 'REFUSED for the parent of a hosted zone', query: ['com', 'NS'], rcode: 'REFUSED', aa: false },
];

let server: TestServer;
beforeAll(async () => {
  server = await serveZones({ 'example.com': zone });
});
afterAll(() => server.close());

const clients = [
  ['dig', 'UDP'],
  ['dig', 'TCP'],
  ['kdig', 'UDP'],
  ['kdig', 'TCP'],
] as const;

describe.each(clients)('answers to %s over %s', (client, transport) => {
  it.each(cases)('$name', async (c) => {
    const response = await dig(server.port, c.query[0], c.query[1], { tcp: transport === 'TCP', client });
    expect(response.transport).toBe(transport);
    expect(response.rcode).toBe(c.rcode);
    // No recursion offered (RA clear); AA on every answer from zone data; RD echoed from dig.
    expect(response.flags.sort()).toEqual((c.aa === false ? ['qr', 'rd'] : ['aa', 'qr', 'rd']).sort());
    expect(response.answer).toEqual(c.answer ?? []);
    expect(response.authority).toEqual(c.authority ?? []);
    expect(response.additional.sort()).toEqual((c.additional ?? []).sort());
  });
});

describe('answers to a stub resolver (c-ares)', () => {
  const resolver = new Resolver({ timeout: 2000, tries: 1 });
  beforeAll(() => resolver.setServers([`127.0.0.1:${server.port}`]));

  it('resolves addresses, MX, TXT and SRV', async () => {
    expect(await resolver.resolve4('www.example.com')).toEqual(['192.0.2.80']);
    expect(await resolver.resolve6('www.example.com')).toEqual(['2001:db8::80']);
    // Node.js 22 and later add the record type to each object: compare the record data.
    expect(await resolver.resolveMx('example.com')).toEqual([
      expect.objectContaining({ exchange: 'mail.example.com', priority: 10 }),
      expect.objectContaining({ exchange: 'mx.example.net', priority: 20 }),
    ]);
    expect(await resolver.resolveTxt('txt.example.com')).toEqual([['hello world', 'second string']]);
    expect(await resolver.resolveSrv('_sip._tcp.example.com')).toEqual([
      expect.objectContaining({ name: 'mail.example.com', port: 5060, priority: 10, weight: 20 }),
    ]);
    expect(await resolver.resolveCname('alias.example.com')).toEqual(['www.example.com']);
  });

  it('follows a CNAME chain to the addresses', async () => {
    expect(await resolver.resolve4('chain1.example.com')).toEqual(['192.0.2.80']);
  });

  it('reports NXDOMAIN, NODATA and REFUSED as such', async () => {
    await expect(resolver.resolve4('nothing.example.com')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    await expect(resolver.resolveTxt('www.example.com')).rejects.toMatchObject({ code: 'ENODATA' });
    await expect(resolver.resolve4('example.org')).rejects.toMatchObject({ code: 'EREFUSED' });
  });

  it('gives the SOA with its serial', async () => {
    expect(await resolver.resolveSoa('example.com')).toMatchObject({
      nsname: 'ns1.example.com',
      hostmaster: 'hostmaster.example.com',
      serial: 2026010101,
      minttl: 60,
    });
  });
});

describe('letter case', () => {
  it('echoes the question in the case it was asked (0x20)', async () => {
    const response = await dig(server.port, 'wWw.ExAmPlE.cOm', 'A');
    expect(response.raw).toContain(';wWw.ExAmPlE.cOm.');
    expect(response.answer).toEqual(['wWw.ExAmPlE.cOm. 300 IN A 192.0.2.80']);
    const again = await dig(server.port, 'WWW.EXAMPLE.COM', 'A');
    expect(again.answer).toEqual(['WWW.EXAMPLE.COM. 300 IN A 192.0.2.80']);
  });
});

describe('what a signed answer must prove (for DNSSEC)', () => {
  const signed = loadZoneText(
    'example.com',
    `$TTL 300
@ SOA ns1 hostmaster 1 7200 3600 1209600 60
@ NS ns1
ns1 A 192.0.2.1
www A 192.0.2.80
*.w A 192.0.2.9
*.c CNAME nowhere
secure NS ns1.secure
secure DS 12345 13 2 0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF
insecure NS ns1.insecure
`,
  );
  const proofs = (name: string, type: string) => lookup(signed, name, typeCode(type)).proofs;

  it.each([
    ['www.example.com', 'A', []],
    ['nx.example.com', 'A', [{ kind: 'nxdomain', name: 'nx.example.com' }]],
    ['www.example.com', 'TXT', [{ kind: 'nodata', name: 'www.example.com' }]],
    ['x.w.example.com', 'A', [{ kind: 'wildcardAnswer', name: 'x.w.example.com', wildcard: '*.w.example.com' }]],
    ['x.w.example.com', 'TXT', [{ kind: 'wildcardNodata', name: 'x.w.example.com', wildcard: '*.w.example.com' }]],
    [
      'x.c.example.com',
      'A',
      [
        { kind: 'wildcardAnswer', name: 'x.c.example.com', wildcard: '*.c.example.com' },
        { kind: 'nxdomain', name: 'nowhere.example.com' },
      ],
    ],
    ['a.insecure.example.com', 'A', [{ kind: 'insecureDelegation', delegation: 'insecure.example.com' }]],
    ['a.secure.example.com', 'A', []],
    ['insecure.example.com', 'DS', [{ kind: 'nodata', name: 'insecure.example.com' }]],
  ])('%s %s', (name, type, expected) => {
    expect(proofs(name, type)).toEqual(expected);
  });
});
