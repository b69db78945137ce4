import * as dnsPacket from 'dns-packet';
import { describe, expect, it } from 'vitest';
import { recordType } from './index';

// dns-packet writes rdata with its 2-octet length in front.
const theirs = (type: string, data: unknown) =>
  new Uint8Array((dnsPacket as unknown as { record(t: string): { encode(d: unknown): Buffer } }).record(type).encode(data)).subarray(2);

const cases: [string, string, unknown][] = [
  ['A', '192.0.2.1', '192.0.2.1'],
  ['AAAA', '2001:db8::1', '2001:db8::1'],
  ['CNAME', 'www.example.net.', 'www.example.net'],
  ['NS', 'ns1.example.net.', 'ns1.example.net'],
  ['PTR', 'host.example.com.', 'host.example.com'],
  ['MX', '10 mail.example.com.', { preference: 10, exchange: 'mail.example.com' }],
  ['TXT', '"v=spf1 -all" "second"', ['v=spf1 -all', 'second']],
  ['SRV', '10 60 5060 sip.example.com.', { priority: 10, weight: 60, port: 5060, target: 'sip.example.com' }],
  ['CAA', '0 issue "letsencrypt.org"', { flags: 0, tag: 'issue', value: 'letsencrypt.org' }],
  [
    'SOA',
    'ns1.example.com. hostmaster.example.com. 2024010101 7200 3600 1209600 300',
    { mname: 'ns1.example.com', rname: 'hostmaster.example.com', serial: 2024010101, refresh: 7200, retry: 3600, expire: 1209600, minimum: 300 },
  ],
  ['DS', '2371 13 2 ' + 'ab'.repeat(32), { keyTag: 2371, algorithm: 13, digestType: 2, digest: Buffer.from('ab'.repeat(32), 'hex') }],
  ['DNSKEY', '257 3 13 ' + Buffer.from('k'.repeat(64)).toString('base64'), { flags: 257, algorithm: 13, key: Buffer.from('k'.repeat(64)) }],
  ['TLSA', '3 1 1 ' + '0f'.repeat(32), { usage: 3, selector: 1, matchingType: 1, certificate: Buffer.from('0f'.repeat(32), 'hex') }],
  ['SSHFP', '4 2 ' + 'aa'.repeat(32), { algorithm: 4, hash: 2, fingerprint: 'aa'.repeat(32) }],
  [
    'NAPTR',
    '100 10 "S" "SIP+D2U" "" _sip._udp.example.com.',
    { order: 100, preference: 10, flags: 'S', services: 'SIP+D2U', regexp: '', replacement: '_sip._udp.example.com' },
  ],
  ['NSEC', 'host.example.com. A MX RRSIG NSEC CAA', { nextDomain: 'host.example.com', rrtypes: ['A', 'MX', 'RRSIG', 'NSEC', 'CAA'] }],
  [
    'RRSIG',
    'A 13 3 300 20240201000000 20240101000000 2371 example.com. ' + Buffer.from('s'.repeat(64)).toString('base64'),
    {
      typeCovered: 'A',
      algorithm: 13,
      labels: 3,
      originalTTL: 300,
      expiration: Date.UTC(2024, 1, 1) / 1000,
      inception: Date.UTC(2024, 0, 1) / 1000,
      keyTag: 2371,
      signersName: 'example.com',
      signature: Buffer.from('s'.repeat(64)),
    },
  ],
];

describe('record types on the wire, checked against dns-packet', () => {
  for (const [type, content, data] of cases) {
    it(`${type} ${content.slice(0, 40)}`, () => {
      const t = recordType(type);
      const wire = t.toWire(content);
      expect([...wire]).toEqual([...theirs(type, data)]);
      expect(t.fromWire(wire)).toBe(content);
      expect(t.parse(content)).toBe(content);
    });
  }

  it('NSEC3 as dns-packet reads it', () => {
    const content = '1 0 0 - 2vptu5timamqttgl4luu9kg21e0aor3s A RRSIG';
    const wire = recordType('NSEC3').toWire(content);
    const decoded = (dnsPacket as unknown as { record(t: string): { decode(b: Buffer): Record<string, unknown> } })
      .record('NSEC3')
      .decode(Buffer.from([wire.length >> 8, wire.length & 0xff, ...wire]));
    expect(decoded).toMatchObject({ algorithm: 1, flags: 0, iterations: 0, rrtypes: ['A', 'RRSIG'] });
    expect((decoded.salt as Buffer).length).toBe(0);
    expect((decoded.nextDomain as Buffer).length).toBe(20);
    expect(recordType('NSEC3').fromWire(wire)).toBe(content);
  });
});
