import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { recordType, toHex, typeCode, typeName } from '../types/index';
import { readName } from '../wire/name';
import { parseZoneFile } from './parse';

// The reader must give the rdata BIND, ldns and Knot give for the same file, type by type.
const ORIGIN = 'every-type.example';
const fixtures = ['every-type.zone', 'more-types.zone'];
const path = (file: string) => new URL(`./fixtures/${file}`, import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'zonefile-reference-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One record as `name type hex-rdata`, the form every reader below is brought to. */
const line = (name: string, type: number, rdata: Uint8Array) => `${name.toLowerCase()} ${typeName(type)} ${toHex(rdata)}`;

function ours(file: string): string[] {
  const { records, errors } = parseZoneFile(readFileSync(path(file), 'utf8'), { origin: ORIGIN });
  expect(errors).toEqual([]);
  return records
    .map((r) => {
      const wire = recordType(r.type).toWire(r.content);
      // The canonical text is what the wire data reads back as, for every type.
      expect(recordType(r.type).fromWire(wire)).toBe(r.content);
      return line(r.name, typeCode(r.type), wire);
    })
    .sort();
}

/** BIND's raw zone format (named-compilezone -F raw): a header, then each RRset with its rdata as on the wire. */
function bind(file: string): string[] {
  const out = join(dir, `${file}.raw`);
  execFileSync('named-compilezone', ['-i', 'none', '-k', 'ignore', '-F', 'raw', '-o', out, ORIGIN, path(file)], { encoding: 'utf8' });
  const bytes = new Uint8Array(readFileSync(out));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect(view.getUint32(0)).toBe(2); // dns_masterformat_raw
  const lines: string[] = [];
  let at = 24;
  while (at < bytes.length) {
    const total = view.getUint32(at);
    const type = view.getUint16(at + 6);
    const count = view.getUint32(at + 14);
    const nameLength = view.getUint16(at + 18);
    const name = readName(bytes, at + 20, at + 20 + nameLength).name;
    let pos = at + 20 + nameLength;
    for (let i = 0; i < count; i++) {
      const length = view.getUint16(pos);
      lines.push(line(name, type, bytes.subarray(pos + 2, pos + 2 + length)));
      pos += 2 + length;
    }
    at += total;
  }
  return lines.sort();
}

/** ldns-read-zone with `-u` for every type in the file prints each rdata in RFC 3597 form (unknown types are in it anyway). */
function ldns(file: string, types: string[]): string[] {
  const args = types.filter((t) => !t.startsWith('TYPE')).flatMap((t) => ['-u', t]);
  const text = execFileSync('ldns-read-zone', [...args, path(file)], { encoding: 'utf8' });
  return text
    .trim()
    .split('\n')
    .map((row) => {
      const [owner, , , type, rdata] = row.split('\t') as [string, string, string, string, string];
      const m = /^\\# (\d+) ?([0-9a-f]*)$/i.exec(rdata.trim());
      if (!m) throw new Error(`ldns-read-zone printed ${row}`);
      return `${owner.replace(/\.$/, '').toLowerCase()} ${typeName(typeCode(type))} ${m[2]!.toLowerCase()}`;
    })
    .sort();
}

describe('zone files as the reference servers read them', () => {
  for (const file of fixtures) {
    it(`${file}: the rdata of every record is BIND's (named-compilezone -F raw)`, () => {
      expect(ours(file)).toEqual(bind(file));
    });

    it(`${file}: the rdata of every record is ldns's (ldns-read-zone -u)`, () => {
      const mine = ours(file);
      const types = [...new Set(mine.map((l) => l.split(' ')[1]!))];
      expect(mine).toEqual(ldns(file, types));
    });
  }

  it('every-type.zone holds every type that has a presentation format, and loads in Knot', () => {
    const types = new Set([...ours('every-type.zone'), ...ours('more-types.zone')].map((l) => l.split(' ')[1]));
    for (const type of [
      'LOC',
      'HINFO',
      'RP',
      'AFSDB',
      'DNAME',
      'SPF',
      'EUI48',
      'EUI64',
      'URI',
      'CERT',
      'OPENPGPKEY',
      'SMIMEA',
      'SSHFP',
      'TLSA',
      'NAPTR',
      'KX',
      'IPSECKEY',
      'DHCID',
      'HIP',
      'APL',
      'CSYNC',
      'ZONEMD',
      'NID',
      'L32',
      'L64',
      'LP',
      'MB',
      'MG',
      'MR',
      'MINFO',
      'RT',
      'X25',
      'ISDN',
      'CAA',
      'SVCB',
      'HTTPS',
      'DS',
      'TYPE65280',
    ]) {
      expect(types, type).toContain(type);
    }
    // knotc zone-check runs the zone loader of knotd on the file, without starting a server.
    const config = join(dir, 'knot.conf');
    writeFileSync(
      config,
      [`server:`, `    rundir: ${dir}`, `database:`, `    storage: ${dir}`, `zone:`, `  - domain: ${ORIGIN}`, `    file: ${path('every-type.zone')}`, ''].join(
        '\n',
      ),
    );
    const out = execFileSync('knotc', ['-c', config, 'zone-check', ORIGIN], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(out).not.toMatch(/error/);
  });
});
