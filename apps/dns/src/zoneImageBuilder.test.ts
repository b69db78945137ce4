import { describe, expect, it } from 'vitest';
import { MutableNode } from './nodeRrsets';
import { PackedRrset } from './packedRrset';
import { ZoneImage } from './zoneImage';
import { ZoneImageBuilder } from './zoneImageBuilder';

const octets = (...values: number[]) => new Uint8Array(values);

describe('the image of a zone built as its records are read', () => {
  it('lays out the same image as one built from nodes: names, RRsets in the order added, records once each', () => {
    const zone = 'example.com';
    const builder = new ZoneImageBuilder(zone);
    const nodes: MutableNode[] = [];
    const node = (name: string) => {
      const index = builder.indexOf(name) === -1 ? builder.add(name) : builder.indexOf(name);
      nodes[index] ??= new MutableNode(name);
      return index;
    };
    const record = (name: string, type: number, ttl: number, rdata: Uint8Array) => {
      const index = node(name);
      const rrset = builder.rrsetOf(index, type);
      const mutable = nodes[index]!;
      const held = mutable.get(type);
      if (rrset === -1) builder.addRrset(index, type, ttl, rdata);
      else {
        builder.setTtl(rrset, ttl);
        builder.addRecord(rrset, rdata);
      }
      const list = held ? held.rdata : [];
      if (!list.some((r) => r.length === rdata.length && r.every((o, i) => o === rdata[i]))) list.push(rdata);
      mutable.set(type, new PackedRrset(name, type, ttl, list));
    };
    node(zone);
    record(zone, 6, 300, octets(1, 2, 3));
    record('www.example.com', 1, 60, octets(192, 0, 2, 1));
    record('www.example.com', 28, 60, octets(...new Array<number>(16).fill(1)));
    record('www.example.com', 1, 90, octets(192, 0, 2, 2));
    // A record the RRset holds already is kept once.
    record('www.example.com', 1, 90, octets(192, 0, 2, 1));
    // Empty non-terminal, and enough names that the table of slots grows more than once.
    node('b.example.com');
    builder.addChild(builder.indexOf(zone));
    nodes[builder.indexOf(zone)]!.children++;
    for (let i = 0; i < 3000; i++) record(`h${i}.b.example.com`, 1, 300, octets(10, 0, i >> 8, i & 255));

    const built = builder.build();
    const reference = ZoneImage.build(zone, nodes);
    expect(new Uint8Array(built.buffer)).toEqual(new Uint8Array(reference.buffer));
    expect(built.get('www.example.com')!.rrsets.get(1)!.rdata).toEqual([octets(192, 0, 2, 1), octets(192, 0, 2, 2)]);
    expect(built.get('www.example.com')!.rrsets.get(1)!.ttl).toBe(90);
    expect(built.get('h2999.b.example.com')!.rrsets.get(1)!.rdata).toEqual([octets(10, 0, 11, 183)]);
    expect(built.get('nope.example.com')).toBeUndefined();
  });

  it('refuses a name outside the zone or not spelt in octets', () => {
    const builder = new ZoneImageBuilder('example.com');
    expect(builder.indexOf('example.org')).toBe(-1);
    expect(() => builder.add('example.org')).toThrow('example.org is not inside the zone example.com');
    expect(() => builder.add('\u0101.example.com')).toThrow('is not spelt in octets');
  });
});
