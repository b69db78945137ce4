import { nameLabels, RRType } from '@kaja/dns-model';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { MutableNode } from './nodeRrsets';
import { PackedRrset } from './packedRrset';
import { ZoneImage } from './zoneImage';
import { ZoneNames } from './zoneNames';
import { loadZoneText } from './zoneFile';
import { ancestors } from './ancestors';

const names = (count: number) => Array.from({ length: count }, (_, i) => `n${(i * 7919) % count}.example`);
const node = (name: string, last = 1) => {
  const built = new MutableNode(name);
  built.set(RRType.A, new PackedRrset(name, RRType.A, 60, [Uint8Array.of(192, 0, 2, last)]));
  return built;
};

describe("a zone's names in its image and beside it", () => {
  for (const count of [1, 5, 1025, 3000]) {
    it(`finds, replaces and deletes each of ${count} names imaged, and the names changed beside them`, () => {
      const table = new ZoneNames('example');
      const all = names(count);
      for (const name of all) table.set(node(name));
      table.pack();
      expect(table.size).toBe(count);
      expect(new Set(table.keys())).toEqual(new Set(all));
      for (const name of all) expect(table.get(name)?.rrsets.get(RRType.A)?.name).toBe(name);
      expect(table.get('absent.example')).toBeUndefined();
      expect(table.get('n0.example.org')).toBeUndefined();
      expect(table.has('a.example')).toBe(false);

      // Changed beside the image: replaced, removed, added.
      const changed = table.editable(all[0]!)!;
      changed.set(RRType.A, new PackedRrset(all[0]!, RRType.A, 60, [Uint8Array.of(192, 0, 2, 9)]));
      expect(table.get(all[0]!)!.rrsets.get(RRType.A)!.rdata[0]![3]).toBe(9);
      for (const name of all.filter((_, i) => i % 2 === 0)) table.delete(name);
      table.set(node('added.example'));
      expect(table.size).toBe((count >> 1) + 1);
      for (const [i, name] of all.entries()) expect(table.has(name)).toBe(i % 2 === 1);
      expect(new Set(table.keys())).toEqual(new Set([...all.filter((_, i) => i % 2 === 1), 'added.example']));

      // Built again, it holds the same.
      table.pack();
      expect(table.size).toBe((count >> 1) + 1);
      expect(new Set(table.keys())).toEqual(new Set([...all.filter((_, i) => i % 2 === 1), 'added.example']));
      expect(table.get('added.example')!.rrsets.get(RRType.A)!.rdata[0]![3]).toBe(1);
    });
  }

  it('refuses a name outside the zone, or not spelt in octets', () => {
    expect(() => ZoneImage.build('example', [node('plain.example'), node('\u{1F600}.example')])).toThrow('not spelt in octets');
    expect(() => ZoneImage.build('example', [node('example.org')])).toThrow('not inside the zone example');
  });

  it('is read by another thread from the same memory', async () => {
    const table = new ZoneNames('example');
    for (const name of ['example', 'www.example']) table.set(node(name, 7));
    table.pack();
    const shared = table.sharedImage()!;
    expect(shared).toBeInstanceOf(SharedArrayBuffer);
    const worker = new Worker(
      `const { workerData, parentPort } = require('node:worker_threads');
       new Uint8Array(workerData)[new Uint8Array(workerData).length - 1] = 9;
       parentPort.postMessage('done');`,
      { eval: true, workerData: shared },
    );
    await new Promise((resolve) => worker.once('message', resolve));
    await worker.terminate();
    // The last octet of the image is the last record's: the thread changed it where this one reads.
    expect(table.get('www.example')!.rrsets.get(RRType.A)!.rdata[0]![3]).toBe(9);
  });

  it('holds names of the root zone and an escaped name', () => {
    const table = new ZoneNames('');
    for (const name of ['', 'com', 'a\\.b.com', 'a\\032b.com']) table.set(node(name));
    table.pack();
    for (const name of ['', 'com', 'a\\.b.com', 'a\\032b.com']) expect(table.get(name)?.name).toBe(name);
    expect(table.get('b.com')).toBeUndefined();
  });

  it('serves a large zone, and one with a record given twice, from one buffer', () => {
    const hosts = Array.from({ length: 1500 }, (_, i) => `h${i} A 192.0.2.${i % 250}\nh${i} A 192.0.2.${i % 250}`).join('\n');
    const zone = loadZoneText('example.com', `$TTL 300\n@ SOA ns1 hostmaster 1 7200 3600 1209600 60\n@ NS ns1\nns1 A 192.0.2.1\n${hosts}\n`);
    expect(zone.nodes.size).toBe(1502);
    const h1499 = zone.nodes.get('h1499.example.com')!.rrsets.get(RRType.A)!;
    expect(h1499.rdata.map((r) => [...r])).toEqual([[192, 0, 2, 249]]);
    expect(h1499.rdata[0]!.buffer).toBe(zone.apex.rrsets.get(RRType.NS)!.rdata[0]!.buffer);
    expect(zone.canonicalNames()[0]).toBe('example.com');
  });

  it('builds its image again once many names changed, and answers the same', () => {
    const hosts = Array.from({ length: 200 }, (_, i) => `h${i} A 192.0.2.1`).join('\n');
    const zone = loadZoneText('example.com', `$TTL 300\n@ SOA ns1 hostmaster 1 7200 3600 1209600 60\n@ NS ns1\nns1 A 192.0.2.1\n${hosts}\n`);
    const soa = (serial: number) => {
      const rdata = Uint8Array.from(zone.soa.rdata[0]!);
      new DataView(rdata.buffer).setUint32(rdata.length - 20, serial);
      return { name: 'example.com', type: RRType.SOA, class: 1, ttl: 300, rdata };
    };
    const a = (name: string, last: number) => ({ name, type: RRType.A, class: 1, ttl: 300, rdata: Uint8Array.of(192, 0, 2, last) });
    const before = zone.apex.rrsets.get(RRType.NS)!.rdata[0]!.buffer;
    const removed = Array.from({ length: 80 }, (_, i) => a(`h${i}.example.com`, 1));
    const added = Array.from({ length: 80 }, (_, i) => a(`h${i}.example.com`, 2));
    expect(zone.apply({ previousSerial: 1, serial: 2, removed: [soa(1), ...removed], added: [soa(2), ...added] })).toBe('applied');
    // 81 names changed of 202: the image was built again, with the changes in it.
    expect(zone.apex.rrsets.get(RRType.NS)!.rdata[0]!.buffer).not.toBe(before);
    expect(zone.nodes.get('h0.example.com')!.rrsets.get(RRType.A)!.rdata[0]![3]).toBe(2);
    expect(zone.nodes.get('h199.example.com')!.rrsets.get(RRType.A)!.rdata[0]![3]).toBe(1);
    expect(zone.nodes.size).toBe(202);
    expect(zone.serial).toBe(2);
  });

  it('lists the first labels of the names one label below a name, in the image and beside it', () => {
    const zone = loadZoneText(
      'example.com',
      `$TTL 60
@ SOA ns1 hostmaster 1 7200 3600 1209600 60
@ NS ns1
ns1 A 192.0.2.1
www A 192.0.2.2
a.b.c TXT "two empty non-terminals above"
*.wild A 192.0.2.3
dot\\.ted.x A 192.0.2.4
odd\\000.x A 192.0.2.5
x A 192.0.2.6
`,
    );
    // Read the slow way: every name, split by its labels.
    const childrenOf = (encloser: string) =>
      [...zone.nodes.keys()].filter((name) => name !== encloser && ancestors(name, '')[1] === encloser).map((name) => nameLabels(name)[0]!);
    for (const encloser of ['example.com', 'c.example.com', 'b.c.example.com', 'wild.example.com', 'x.example.com', 'www.example.com']) {
      expect(
        zone.nodes
          .childLabels(encloser)
          .map((label) => nameLabels(label)[0])
          .sort(),
        encloser,
      ).toEqual(childrenOf(encloser).sort());
    }
    expect(zone.nodes.childLabels('example.com').sort()).toEqual(['c', 'ns1', 'wild', 'www', 'x']);
    expect(zone.nodes.childLabels('x.example.com').sort()).toEqual(['dot\\.ted', 'odd\\000']);
    // Changed beside the image: one added, one removed.
    zone.nodes.set(node('new.example.com'));
    zone.nodes.delete('www.example.com');
    expect(zone.nodes.childLabels('example.com').sort()).toEqual(['c', 'new', 'ns1', 'wild', 'x']);
  });
});
