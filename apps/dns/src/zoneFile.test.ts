import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseZoneFile, type ResourceRecord } from '@kaja/dns-model';
import { RecordBatchWriter } from './recordBatch';
import { Zone } from './zone';
import { loadZoneFile, loadZoneText, wireRecord, ZoneFileError } from './zoneFile';

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

const problems = async (load: () => unknown): Promise<string[]> => {
  try {
    await load();
  } catch (error) {
    if (error instanceof ZoneFileError) return error.problems;
    throw error;
  }
  throw new Error('the zone loaded');
};

const dir = mkdtempSync(join(tmpdir(), 'kaja-zone-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

/**
 * The two ways a zone file is read: its text in this thread (`loadZoneText`, as `loadZoneFile`
 * reads small files), and from a file by another thread, whatever its size (`threadFrom: 0`).
 */
const loaders: [string, (name: string, text: string, source?: string, extra?: ResourceRecord[]) => Zone | Promise<Zone>][] = [
  ['its text in this thread', loadZoneText],
  [
    'the file in a thread of its own',
    (name, text, source = name, extra = []) => {
      const path = join(dir, `${files++}.zone`);
      writeFileSync(path, text);
      // Problems name the file as the caller calls it: the test's names for it, not the temporary path.
      return loadZoneFile(name, path, extra, { threadFrom: 0 }).catch((error: unknown) => {
        if (error instanceof ZoneFileError) throw new ZoneFileError(error.problems.map((p) => p.replace(path, source)));
        throw error;
      });
    },
  ],
];

const SOA = '@ 300 SOA ns1 hostmaster 1 7200 3600 1209600 300';
const NSEC3_OUTSIDE = 'x.y 300 NSEC3 1 0 0 - 2T7B4G4VSA5SMI47K61MV5BV1A22BOJR A';

describe.each(loaders)('a zone file read from %s', (_, load) => {
  it('builds the zone that encoding each record’s content again builds, for every type and escape', async () => {
    for (const name of ['every-type.zone', 'more-types.zone']) {
      const text = fixture(name);
      expect(dump(await load('every-type.example', text))).toEqual(dump(builtFromContent('every-type.example', text)));
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
    const zone = await load('lab.example', text, 'lab.zone', extra);
    expect(dump(zone)).toEqual(dump(builtFromContent('lab.example', text, extra)));
    expect(zone.nodes.get('www.deep.sub.lab.example')!.rrsets.get(1)!.rdata).toHaveLength(2);
    expect(zone.nodes.get('sub.lab.example')!.children).toBe(1);
  });

  it('reports every bad line with its number, and builds nothing', async () => {
    expect(await problems(() => load('broken.example', fixture('broken.example.zone'), 'broken.zone'))).toEqual([
      'broken.zone:6: "192.0.2.300" is not an IPv4 address (four numbers 0-255 without leading zeros)',
      'broken.zone:7: The MX priority must be a number, not "mail.broken.example."',
      'broken.zone:8: $INCLUDE is not supported: paste the included records into this file instead',
      'broken.zone:10: A quoted string is not closed on its line',
      'broken.zone:11: Unknown record type FOO',
      'broken.zone:12: other.example is outside the zone broken.example',
      'broken.zone:13: The parenthesis opened on line 13 is not closed',
    ]);
  });

  it('reports the bad lines before what the zone refuses, even a record it refuses before them', async () => {
    const refusedFirst = [SOA, NSEC3_OUTSIDE, 'bad 300 A 192.0.2.300', 'also 300 BOGUS x'].join('\n');
    expect(await problems(() => load('example.com', refusedFirst, 'x.zone'))).toEqual([
      'x.zone:3: "192.0.2.300" is not an IPv4 address (four numbers 0-255 without leading zeros)',
      'x.zone:4: Unknown record type BOGUS',
    ]);
    expect(await problems(() => load('example.com', [SOA, NSEC3_OUTSIDE, 'ok 300 A 192.0.2.1'].join('\n'), 'x.zone'))).toEqual([
      'x.zone: x.y.example.com is not an NSEC3 owner of the zone example.com',
    ]);
    expect(await problems(() => load('example.com', 'www 300 A 192.0.2.1\n', 'x.zone'))).toEqual([
      'x.zone: zone example.com needs exactly one SOA record at its apex',
    ]);
  });
});

/** How many batches the reader's thread sends these records in. */
function batchesOf(records: { name: string; ttl: number; rdata?: Uint8Array }[]): number {
  const writer = new RecordBatchWriter();
  let batches = 1;
  for (const { name, ttl, rdata } of records) {
    if (writer.add(name, 1, ttl, rdata!)) continue;
    writer.take();
    batches++;
    writer.add(name, 1, ttl, rdata!);
  }
  return batches;
}

describe('loadZoneFile', () => {
  it('builds the same images from a file read in a thread, over many batches, as from its text', async () => {
    const lines = ['$ORIGIN many.example.', '$TTL 3600', SOA, '@ NS ns1', 'ns1 A 192.0.2.53', '*.w TXT "wild"'];
    // Past several batches, names and record sets spread over them: owners repeated, TTLs changed, rdata of every size.
    for (let i = 0; lines.length < 60_000; i++) {
      lines.push(`h${i % 20_000} ${60 + (i % 3)} A 10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
      if (i % 997 === 0) lines.push(`t${i}.deep.sub TXT "${'x'.repeat(i % 255)}" "${'y'.repeat(200)}"`);
    }
    const text = `${lines.join('\n')}\n`;
    const { records } = parseZoneFile(text, { origin: 'many.example', wire: true });
    expect(batchesOf(records)).toBeGreaterThan(3);
    const path = join(dir, 'many.zone');
    writeFileSync(path, text);
    const extra = [wireRecord({ name: 'many.example', type: 'TXT', ttl: 60, content: '"extra"' })];
    const inThread = await loadZoneFile('many.example', path, extra, { threadFrom: 0 });
    const inline = loadZoneText('many.example', text, path, extra);
    const octets = (zone: Zone) => [zone.share().nodes, zone.share().hashed].map((image) => image && Buffer.from(new Uint8Array(image)).toString('base64'));
    expect(octets(inThread)).toEqual(octets(inline));
    // Below the size it reads in a thread from, the same file gives the same zone too.
    expect(octets(await loadZoneFile('many.example', path, extra))).toEqual(octets(inline));
  });

  it('says why it cannot read a file, read in a thread or not', async () => {
    for (const threadFrom of [0, Infinity]) {
      expect(await problems(() => loadZoneFile('example.com', join(dir, 'absent.zone'), [], { threadFrom }))).toEqual([
        `${join(dir, 'absent.zone')}: no such file`,
      ]);
      // A directory: its size says nothing, reading it fails (in the thread when it is read there).
      expect(await problems(() => loadZoneFile('example.com', dir, [], { threadFrom }))).toEqual([`${dir}: EISDIR: illegal operation on a directory, read`]);
    }
  });
});
