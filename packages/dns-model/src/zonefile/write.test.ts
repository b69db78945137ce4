import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseZoneFile } from './parse';
import { compareRecords, writeZoneFile } from './write';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const zones = ['shop.example', 'lab.example'];
const dir = mkdtempSync(join(tmpdir(), 'zonefile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function written(zone: string) {
  const parsed = parseZoneFile(fixture(`${zone}.zone`), { origin: zone });
  expect(parsed.errors).toEqual([]);
  return { records: parsed.records, text: writeZoneFile(parsed.records, { origin: zone, ttl: 3600 }) };
}

describe('writeZoneFile', () => {
  for (const zone of zones) {
    it(`${zone}: parse -> write -> parse gives the same records`, () => {
      const { records, text } = written(zone);
      const again = parseZoneFile(text, { origin: zone });
      expect(again.errors).toEqual([]);
      expect(again.records).toEqual([...records].sort(compareRecords));
      expect(writeZoneFile(again.records, { origin: zone, ttl: 3600 })).toBe(text);
    });

    it(`${zone}: BIND's named-checkzone accepts the written file`, () => {
      const file = join(dir, `${zone}.zone`);
      writeFileSync(file, written(zone).text);
      // -i local: check the zone's own data only; nothing here may reach the internet.
      const out = execFileSync('named-checkzone', ['-i', 'local', '-k', 'fail', zone, file], { encoding: 'utf8' });
      expect(out).toMatch(/\nOK\n$/);
    });

    it(`${zone}: ldns-read-zone reads the written file`, () => {
      const file = join(dir, `${zone}.ldns.zone`);
      writeFileSync(file, written(zone).text);
      const out = execFileSync('ldns-read-zone', ['-z', file], { encoding: 'utf8' });
      expect(out.trim().split('\n')).toHaveLength(written(zone).records.length);
    });
  }

  it('writes $ORIGIN, $TTL, relative owners, SOA first and aligned columns', () => {
    const text = writeZoneFile(
      [
        { name: 'www.example.com', type: 'A', ttl: 300, content: '192.0.2.1' },
        { name: 'example.com', type: 'NS', ttl: 86400, content: 'ns1.example.net.' },
        { name: 'example.com', type: 'SOA', ttl: 3600, content: 'ns1.example.net. hostmaster.example.com. 1 7200 3600 1209600 300' },
      ],
      { origin: 'example.com', ttl: 3600, comments: ['example.com exported'] },
    );
    expect(text).toBe(
      [
        '; example.com exported',
        '$ORIGIN example.com.',
        '$TTL 3600',
        '@    3600 IN SOA ns1.example.net. hostmaster.example.com. 1 7200 3600 1209600 300',
        '@   86400 IN NS  ns1.example.net.',
        '',
        'www   300 IN A   192.0.2.1',
        '',
      ].join('\n'),
    );
  });
});
