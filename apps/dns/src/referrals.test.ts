import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dig } from '@kaja/test-support/dig';
import { serveZones, type TestServer } from './testing/server';

const zone = `
$ORIGIN example.com.
$TTL 300
@            SOA  ns1 hostmaster 1 7200 3600 1209600 60
@            NS   ns1
ns1          A    192.0.2.1
child        NS   ns1.child
child        NS   ns.example.net.
child        DS   12345 13 2 0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF
ns1.child    A    192.0.2.53
ns1.child    AAAA 2001:db8::53
unsigned     NS   ns1.unsigned
ns1.unsigned A    192.0.2.54
into         CNAME www.child
mx           MX   10 mail.child
`;

const SOA = 'example.com. 60 IN SOA ns1.example.com. hostmaster.example.com. 1 7200 3600 1209600 60';
const childNs = ['child.example.com. 300 IN NS ns1.child.example.com.', 'child.example.com. 300 IN NS ns.example.net.'];
const glue = ['ns1.child.example.com. 300 IN A 192.0.2.53', 'ns1.child.example.com. 300 IN AAAA 2001:db8::53'];

interface Case {
  name: string;
  query: [string, string];
  aa: boolean;
  answer?: string[];
  authority?: string[];
  additional?: string[];
}

const cases: Case[] = [
  { name: 'a name below the cut gets a referral with glue', query: ['www.child.example.com', 'A'], aa: false, authority: childNs, additional: glue },
  { name: 'the cut itself gets a referral', query: ['child.example.com', 'A'], aa: false, authority: childNs, additional: glue },
  { name: 'NS at the cut is a referral, not an answer', query: ['child.example.com', 'NS'], aa: false, authority: childNs, additional: glue },
  { name: 'glue names are below the cut: referral', query: ['ns1.child.example.com', 'A'], aa: false, authority: childNs, additional: glue },
  {
    name: 'DS at the cut is answered by the parent',
    query: ['child.example.com', 'DS'],
    aa: true,
    answer: ['child.example.com. 300 IN DS 12345 13 2 0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF01234567 89ABCDEF'],
  },
  { name: 'no DS at an unsigned cut is NODATA from the parent', query: ['unsigned.example.com', 'DS'], aa: true, authority: [SOA] },
  { name: 'DS below the cut is a referral', query: ['a.child.example.com', 'DS'], aa: false, authority: childNs, additional: glue },
  {
    name: 'a CNAME into the delegation answers the CNAME and refers',
    query: ['into.example.com', 'A'],
    aa: true,
    answer: ['into.example.com. 300 IN CNAME www.child.example.com.'],
    authority: childNs,
    additional: glue,
  },
  {
    name: 'MX targets below a cut get no addresses (not authoritative)',
    query: ['mx.example.com', 'MX'],
    aa: true,
    answer: ['mx.example.com. 300 IN MX 10 mail.child.example.com.'],
  },
];

let server: TestServer;
beforeAll(async () => {
  server = await serveZones({ 'example.com': zone });
});
afterAll(() => server.close());

describe.each(['UDP', 'TCP'] as const)('delegations over %s', (transport) => {
  it.each(cases)('$name', async (c) => {
    const response = await dig(server.port, c.query[0], c.query[1], { tcp: transport === 'TCP' });
    expect(response.rcode).toBe('NOERROR');
    expect(response.flags.includes('aa')).toBe(c.aa);
    expect(response.answer).toEqual(c.answer ?? []);
    expect(response.authority).toEqual(c.authority ?? []);
    expect(response.additional.sort()).toEqual((c.additional ?? []).sort());
  });
});

describe('a child zone hosted beside its parent', () => {
  let both: TestServer;
  beforeAll(async () => {
    both = await serveZones({
      'example.com': zone,
      'child.example.com': '$TTL 300\n@ SOA ns1 hostmaster 3 7200 3600 1209600 60\n@ NS ns1\nns1 A 192.0.2.53\nwww A 192.0.2.80\n',
    });
  });
  afterAll(() => both.close());

  it('answers names in the child from the child zone, authoritatively', async () => {
    const response = await dig(both.port, 'www.child.example.com', 'A');
    expect(response.flags).toContain('aa');
    expect(response.answer).toEqual(['www.child.example.com. 300 IN A 192.0.2.80']);
  });

  it('answers DS at the child apex from the parent (RFC 4035 3.1.4.1)', async () => {
    const response = await dig(both.port, 'child.example.com', 'DS');
    expect(response.flags).toContain('aa');
    expect(response.answer).toHaveLength(1);
    expect(response.answer[0]).toMatch(/^child\.example\.com\. 300 IN DS 12345 13 2 /);
    const soa = await dig(both.port, 'child.example.com', 'SOA');
    expect(soa.answer[0]).toContain(' 3 7200 ');
  });
});
