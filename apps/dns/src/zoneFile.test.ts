import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { parseZoneFile, type ResourceRecord } from '@kaja/dns-model';
import { Zone } from './zone';
import { loadZoneText, wireRecord, ZoneFileError } from './zoneFile';

const fixture = (name: string) => readFileSync(createRequire(import.meta.url).resolve(`@kaja/dns-model/fixtures/${name}`), 'utf8');

/** Every name of the zone with its RRsets: TTL and rdata in hex, in the zone's order. */
function dump(zone: Zone): string[] {
  return zone.canonicalNames().flatMap((name) => {
    const node = zone.nodes.get(name)!;
    return [
      `${name} ${node.children}`,
      ...[...node.rrsets.values()].map((r) => `  ${r.type} ${r.ttl} ${r.rdata.map((d) => Buffer.from(d).toString('hex')).join(' ')}`),
    ];
  });
}

/** The zone as it was built before the loader took the reader's rdata: the file read whole, each record's content encoded again. */
function builtFromContent(name: string, text: string, extra: ResourceRecord[] = []): Zone {
  const { records, errors } = parseZoneFile(text, { origin: name });
  expect(errors).toEqual([]);
  return new Zone(name, [...records.map(wireRecord), ...extra]);
}

const problems = (load: () => unknown): string[] => {
  try {
    load();
  } catch (error) {
    if (error instanceof ZoneFileError) return error.problems;
    throw error;
  }
  throw new Error('the zone loaded');
};

const SOA = '@ 300 SOA ns1 hostmaster 1 7200 3600 1209600 300';
const NSEC3_OUTSIDE = 'x.y 300 NSEC3 1 0 0 - 2T7B4G4VSA5SMI47K61MV5BV1A22BOJR A';

describe('loadZoneText', () => {
  it('builds the zone that encoding each record’s content again builds, for every type and escape', () => {
    for (const name of ['every-type.zone', 'more-types.zone']) {
      const text = fixture(name);
      expect(dump(loadZoneText('every-type.example', text))).toEqual(dump(builtFromContent('every-type.example', text)));
    }
    const text = String.raw`$ORIGIN lab.example.
$TTL 60
@ SOA ns1 hostmaster 1 7200 3600 1209600 300
a\.b CNAME c\.d
A\065 TXT unquoted "and \"quoted\"" \059
$ORIGIN deep.sub
@ MX 0 @
*.w PTR x.
Www 120 A 192.0.2.1
www A 192.0.2.1
www A 192.0.2.2
`;
    const extra = [wireRecord({ name: 'lab.example', type: 'TXT', ttl: 60, content: '"extra"' })];
    const zone = loadZoneText('lab.example', text, 'lab.zone', extra);
    expect(dump(zone)).toEqual(dump(builtFromContent('lab.example', text, extra)));
    expect(zone.nodes.get('www.deep.sub.lab.example')!.rrsets.get(1)!.rdata).toHaveLength(2);
    expect(zone.nodes.get('sub.lab.example')!.children).toBe(1);
  });

  it('reports every bad line with its number, and builds nothing', () => {
    expect(problems(() => loadZoneText('broken.example', fixture('broken.example.zone'), 'broken.zone'))).toEqual([
      'broken.zone:6: "192.0.2.300" is not an IPv4 address (four numbers 0-255 without leading zeros)',
      'broken.zone:7: The MX priority must be a number, not "mail.broken.example."',
      'broken.zone:8: $INCLUDE is not supported: paste the included records into this file instead',
      'broken.zone:10: A quoted string is not closed on its line',
      'broken.zone:11: Unknown record type FOO',
      'broken.zone:12: other.example is outside the zone broken.example',
      'broken.zone:13: The parenthesis opened on line 13 is not closed',
    ]);
  });

  it('reports the bad lines before what the zone refuses, even a record it refuses before them', () => {
    const refusedFirst = [SOA, NSEC3_OUTSIDE, 'bad 300 A 192.0.2.300', 'also 300 BOGUS x'].join('\n');
    expect(problems(() => loadZoneText('example.com', refusedFirst, 'x.zone'))).toEqual([
      'x.zone:3: "192.0.2.300" is not an IPv4 address (four numbers 0-255 without leading zeros)',
      'x.zone:4: Unknown record type BOGUS',
    ]);
    expect(problems(() => loadZoneText('example.com', [SOA, NSEC3_OUTSIDE, 'ok 300 A 192.0.2.1'].join('\n'), 'x.zone'))).toEqual([
      'x.zone: x.y.example.com is not an NSEC3 owner of the zone example.com',
    ]);
    expect(problems(() => loadZoneText('example.com', 'www 300 A 192.0.2.1\n', 'x.zone'))).toEqual([
      'x.zone: zone example.com needs exactly one SOA record at its apex',
    ]);
  });
});
