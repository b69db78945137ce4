import { RRType } from '@kaja/dns-model';
import { describe, expect, it } from 'vitest';
import { PackedRrset } from './packedRrset';
import { loadZoneText } from './zoneFile';

const zoneText = `$ORIGIN example.com.
$TTL 3600
@ IN SOA ns1 hostmaster 1 7200 3600 1209600 300
@ IN NS ns1
@ IN NS ns2
ns1 IN A 192.0.2.1
www IN A 192.0.2.80
www IN A 192.0.2.81
www IN TXT "hello"
`;

describe('records packed in a zone', () => {
  it('gives back each record as it was added, in order', () => {
    const rrset = new PackedRrset('a.example', RRType.A, 60, [Uint8Array.of(192, 0, 2, 1), Uint8Array.of(192, 0, 2, 2)]);
    expect(rrset.rdata.map((r) => [...r])).toEqual([
      [192, 0, 2, 1],
      [192, 0, 2, 2],
    ]);
  });

  it('keeps the records when an RRset is copied by spreading (wildcard owners, negative TTLs)', () => {
    const rrset = new PackedRrset('a.example', RRType.A, 60, [Uint8Array.of(192, 0, 2, 1)]);
    const copy = { ...rrset, name: 'b.example' };
    expect(copy.name).toBe('b.example');
    expect(copy.rdata.map((r) => [...r])).toEqual([[192, 0, 2, 1]]);
  });

  it('compares its records with records packed elsewhere, octet for octet', () => {
    const zone = loadZoneText('example.com', zoneText);
    const www = zone.nodes.get('www.example.com')!.rrsets.get(RRType.A) as PackedRrset;
    expect(www).toBeInstanceOf(PackedRrset);
    expect(www.packedEquals(Uint8Array.of(0, 4, 192, 0, 2, 80, 0, 4, 192, 0, 2, 81))).toBe(true);
    expect(www.packedEquals(Uint8Array.of(0, 4, 192, 0, 2, 80, 0, 4, 192, 0, 2, 82))).toBe(false);
    expect(www.packedEquals(Uint8Array.of(0, 4, 192, 0, 2, 80))).toBe(false);
    expect(www.packedEquals(Uint8Array.of(0, 4, 192, 0, 2, 80, 0, 4, 192, 0, 2, 81, 0))).toBe(false);
  });

  it('packs records set later into a buffer of their own, leaving the shared one as it was', () => {
    const zone = loadZoneText('example.com', zoneText);
    const www = zone.nodes.get('www.example.com')!.rrsets.get(RRType.A)!;
    const ns = zone.apex.rrsets.get(RRType.NS)!;
    // A loaded zone's records are views of one buffer.
    expect(www.rdata[0]!.buffer).toBe(ns.rdata[0]!.buffer);
    www.rdata = [Uint8Array.of(192, 0, 2, 99)];
    expect(www.rdata.map((r) => [...r])).toEqual([[192, 0, 2, 99]]);
    expect(www.rdata[0]!.buffer).not.toBe(ns.rdata[0]!.buffer);
    expect(ns.rdata).toHaveLength(2);
  });

  it('keeps a name, its RRsets and their records through journal changes', () => {
    const zone = loadZoneText('example.com', zoneText);
    const a = (last: number) => ({ name: 'www.example.com', type: RRType.A, class: 1, ttl: 3600, rdata: Uint8Array.of(192, 0, 2, last) });
    const soa = zone.soa.rdata[0]!;
    const next = Uint8Array.from(soa);
    next[next.length - 17] = 2;
    const soaRecord = (rdata: Uint8Array) => ({ name: 'example.com', type: RRType.SOA, class: 1, ttl: 3600, rdata });
    expect(zone.apply({ previousSerial: 1, serial: 2, removed: [soaRecord(soa), a(80)], added: [soaRecord(next), a(82)] })).toBe('applied');
    const www = zone.nodes.get('www.example.com')!;
    expect(www.rrsets.get(RRType.A)!.rdata.map((r) => r[3])).toEqual([81, 82]);
    expect([...www.rrsets.keys()]).toEqual([RRType.A, RRType.TXT]);
    expect(www.rrsets.get(RRType.A)!.name).toBe('www.example.com');
  });
});
