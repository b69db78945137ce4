import { A, compareNames, NS } from '@kaja/dns-model';
import { describe, expect, it } from 'vitest';
import { canonicalRdata, canonicalRdataSet, canonicalSortKey, parentOf, signatureLabels, wildcardSortKey } from './canonical';

describe('canonical form (RFC 4034 section 6)', () => {
  it('the sort key orders names exactly as compareNames does, escaped octets included', () => {
    // RFC 4034 6.1's own example, plus labels holding octets 0, 1 and 2.
    const names = [
      'example',
      'a.example',
      'yljkjljk.a.example',
      'z.a.example',
      'zabc.a.example',
      'z.example',
      '\\001.z.example',
      '*.z.example',
      '\\200.z.example',
      'a\\000.example',
      'a\\001.example',
      'a\\002.example',
      'x.a.example',
      'a-b.example',
      'a\\000\\000.example',
      'b.a\\000.example',
      '_tcp.example',
      'com',
      '',
    ];
    const byKey = [...names].sort((a, b) => (canonicalSortKey(a) < canonicalSortKey(b) ? -1 : canonicalSortKey(a) > canonicalSortKey(b) ? 1 : 0));
    expect(byKey).toEqual([...names].sort(compareNames));
  });

  it("makes a wildcard's sort key from its parent's as from the wildcard's name", () => {
    for (const name of ['example.com', 'a\\.b.example', 'a\\000.example', 'com', '']) {
      const wildcard = name ? `*.${name}` : '*';
      expect(wildcardSortKey(canonicalSortKey(name)), name).toBe(canonicalSortKey(wildcard));
    }
  });

  it('finds parents with and without escapes', () => {
    expect(parentOf('www.example.com')).toBe('example.com');
    expect(parentOf('a\\.b.example')).toBe('example');
    expect(parentOf('com')).toBe('');
  });

  it('counts RRSIG labels without a leading wildcard', () => {
    expect(signatureLabels('www.example.com')).toBe(3);
    expect(signatureLabels('*.wild.example.com')).toBe(3);
    expect(signatureLabels('')).toBe(0);
    expect(signatureLabels('*')).toBe(0);
    expect(signatureLabels('com')).toBe(1);
    // A label that only starts with an asterisk is no wildcard; an escaped dot is no separator.
    expect(signatureLabels('*a.example.com')).toBe(3);
    expect(signatureLabels('a\\.b.example.com')).toBe(3);
    expect(signatureLabels('*.a\\.b.example.com')).toBe(3);
  });

  it('lowercases names inside rdata that came off the wire with capitals', () => {
    const upper = Uint8Array.from([3, 0x4e, 0x53, 0x31, 7, ...Buffer.from('Example'), 0]);
    expect(canonicalRdata(2, upper)).toEqual(NS.toWire('ns1.example.'));
    const a = A.toWire('192.0.2.65');
    expect(canonicalRdata(1, a)).toBe(a);
  });

  it('sorts a set by rdata octets and drops duplicates', () => {
    const set = canonicalRdataSet(1, [A.toWire('192.0.2.10'), A.toWire('192.0.2.9'), A.toWire('192.0.2.10')]);
    expect(set.map((r) => r[3])).toEqual([9, 10]);
  });
});
