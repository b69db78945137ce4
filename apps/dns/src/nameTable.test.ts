import { describe, expect, it } from 'vitest';
import { NameTable } from './nameTable';
import { ZoneNode } from './nodeRrsets';
import { loadZoneText } from './zoneFile';

const names = (count: number) => Array.from({ length: count }, (_, i) => `n${(i * 7919) % count}.example`);

describe("a zone's table of names", () => {
  for (const count of [0, 1, 5, 1024, 1025, 3000]) {
    it(`finds, replaces and deletes each of ${count} names added in no order`, () => {
      const table = new NameTable();
      const all = names(count);
      for (const name of all) table.set(new ZoneNode(name));
      expect(table.size).toBe(count);
      expect(new Set(table.keys())).toEqual(new Set(all));
      expect([...table.values()].map((node) => node.name).sort()).toEqual([...all].sort());
      for (const name of all) expect(table.get(name)?.name).toBe(name);
      expect(table.get('absent.example')).toBeUndefined();
      expect(table.has('a.example')).toBe(false);
      if (count > 0) {
        const replacement = new ZoneNode(all[0]!);
        table.set(replacement);
        expect(table.get(all[0]!)).toBe(replacement);
        expect(table.size).toBe(count);
      }
      table.trim();
      for (const name of all.filter((_, i) => i % 2 === 0)) expect(table.delete(name)).toBe(true);
      expect(table.delete('absent.example')).toBe(false);
      for (const [i, name] of all.entries()) expect(table.has(name)).toBe(i % 2 === 1);
      expect(table.size).toBe(count >> 1);
    });
  }

  it('serves a zone larger than the sorted array holds, and one with a record given twice', () => {
    const hosts = Array.from({ length: 1500 }, (_, i) => `h${i} A 192.0.2.${i % 250}\nh${i} A 192.0.2.${i % 250}`).join('\n');
    const zone = loadZoneText('example.com', `$TTL 300\n@ SOA ns1 hostmaster 1 7200 3600 1209600 60\n@ NS ns1\nns1 A 192.0.2.1\n${hosts}\n`);
    expect(zone.nodes.size).toBe(1502);
    expect(
      zone.nodes
        .get('h1499.example.com')!
        .rrsets.get(1)!
        .rdata.map((r) => [...r]),
    ).toEqual([[192, 0, 2, 249]]);
    expect(zone.canonicalNames()[0]).toBe('example.com');
  });
});
