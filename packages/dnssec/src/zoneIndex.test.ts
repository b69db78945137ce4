import { NSEC, NSEC3, typeCode } from '@kaja/dns-model';
import { describe, expect, it } from 'vitest';
import { nextCloser } from './denial';
import { indexOf } from './denialTestKit';
import { NsecDenial } from './nsec';
import { Nsec3Denial } from './nsec3';
import { zoneRecords } from './testZone';
import { ZoneIndex } from './zoneIndex';

const ZONE = 'example.com';
const A = 1;
const NS = 2;
const DS = 43;
const TXT = 16;

const view = (index: ZoneIndex) => index.all().map((e) => `${e.name} [${e.types.join(',')}]${e.delegation ? ' delegation' : ''}`);

describe('the zone index', () => {
  it('holds names in canonical order with empty non-terminals and without glue', () => {
    const names = indexOf(ZONE, zoneRecords(ZONE))
      .all()
      .map((e) => e.name);
    expect(names.slice(0, 4)).toEqual([ZONE, `_tcp.${ZONE}`, `_sip._tcp.${ZONE}`, `c.${ZONE}`]);
    expect(names).toContain(`b.c.${ZONE}`);
    expect(names).toContain(`wild.${ZONE}`);
    expect(names).not.toContain(`ns.secure.${ZONE}`);
    expect(names).toContain(`ns1.${ZONE}`);
  });

  it('marks delegations and keeps only NS and DS there', () => {
    const index = new ZoneIndex(ZONE, [
      { name: ZONE, type: 6 },
      { name: `sub.${ZONE}`, type: NS },
      { name: `sub.${ZONE}`, type: DS },
      { name: `sub.${ZONE}`, type: A },
    ]);
    expect(index.get(`sub.${ZONE}`)).toMatchObject({ types: [NS, DS], delegation: true });
  });

  it('finds the closest encloser, empty non-terminals included', () => {
    const index = indexOf(ZONE, zoneRecords(ZONE));
    expect(index.closestEncloser(`x.y.b.c.${ZONE}`)).toBe(`b.c.${ZONE}`);
    expect(index.closestEncloser(`nothere.${ZONE}`)).toBe(ZONE);
    expect(index.closestEncloser(`mail.${ZONE}`)).toBe(`mail.${ZONE}`);
  });

  it('finds the closest encloser and the next closer name across labels that hold a dot', () => {
    // `a\.b` is one label: `a\.b.c.<zone>` sits under `c.<zone>`, not under `b.c.<zone>`.
    const index = new ZoneIndex(ZONE, [
      { name: ZONE, type: 6 },
      { name: `b.c.${ZONE}`, type: A },
      { name: `x.a\\.b.c.${ZONE}`, type: A },
    ]);
    expect(index.closestEncloser(`y.a\\.b.c.${ZONE}`)).toBe(`a\\.b.c.${ZONE}`);
    expect(index.closestEncloser(`z.y\\.x.b.c.${ZONE}`)).toBe(`b.c.${ZONE}`);
    expect(index.closestEncloser('elsewhere.example')).toBe(ZONE);
    expect(index.closestEncloserEntry(`z.y\\.x.b.c.${ZONE}`)).toBe(index.get(`b.c.${ZONE}`));
    expect(index.closestEncloserEntry('elsewhere.example')).toBe(index.get(ZONE));
    expect(nextCloser(`z.y\\.x.b.c.${ZONE}`, `b.c.${ZONE}`)).toBe(`y\\.x.b.c.${ZONE}`);
    expect(nextCloser(`z.y.b.c.${ZONE}`, `b.c.${ZONE}`)).toBe(`y.b.c.${ZONE}`);
    expect(nextCloser(`y.b.c.${ZONE}`, `b.c.${ZONE}`)).toBe(`y.b.c.${ZONE}`);
    expect(nextCloser('a.b.example', '')).toBe('example');
  });

  it('after any sequence of updates equals an index built from scratch, and so do both chains', () => {
    const records = new Map<string, Set<number>>();
    for (const r of zoneRecords(ZONE)) records.set(r.name, new Set([...(records.get(r.name) ?? []), typeCode(r.type)]));
    const index = new ZoneIndex(
      ZONE,
      [...records].flatMap(([name, types]) => [...types].map((type) => ({ name, type }))),
    );
    const nsec = new NsecDenial(index, 300);
    const nsec3 = new Nsec3Denial(index, 300);
    const set = (name: string, types: number[]) => {
      if (types.length) records.set(name, new Set(types));
      else records.delete(name);
      index.update(name, types);
    };
    set(`x.y.z.${ZONE}`, [A]); // three new names, two of them empty non-terminals
    set(`mail.${ZONE}`, [A, TXT]); // types change in place
    set(`a.b.c.${ZONE}`, []); // last name below two empty non-terminals goes, and they with it
    set(`newsub.${ZONE}`, [NS]); // a new delegation
    set(`glue.newsub.${ZONE}`, [A]); // glue below it stays out
    set(`www.${ZONE}`, []); // a name with a descendant becomes an empty non-terminal
    set(`secure.${ZONE}`, []); // a delegation goes; its glue becomes zone data
    set(`y.z.${ZONE}`, [TXT]); // an empty non-terminal gets records
    const fresh = new ZoneIndex(
      ZONE,
      [...records].flatMap(([name, types]) => [...types].map((type) => ({ name, type }))),
    );
    expect(view(index)).toEqual(view(fresh));
    expect(index.has(`c.${ZONE}`)).toBe(false);
    expect(index.has(`ns.secure.${ZONE}`)).toBe(true);
    expect(index.has(`glue.newsub.${ZONE}`)).toBe(false);
    const text = (rrsets: { name: string; rdata: readonly Uint8Array[] }[], codec: typeof NSEC) =>
      rrsets.map((r) => `${r.name} ${codec.fromWire(r.rdata[0]!)}`);
    expect(text(nsec.chain(), NSEC)).toEqual(text(new NsecDenial(fresh, 300).chain(), NSEC));
    expect(text(nsec3.chain(), NSEC3)).toEqual(text(new Nsec3Denial(fresh, 300).chain(), NSEC3));
  });

  it('tells observers which names came and went', () => {
    const index = new ZoneIndex(ZONE, [{ name: ZONE, type: 6 }]);
    const seen: string[] = [];
    index.observe((c) => seen.push(`+${c.added.map((e) => e.name).join(',')} -${c.removed.map((e) => e.name).join(',')}`));
    index.update(`a.b.${ZONE}`, [A]);
    index.update(`a.b.${ZONE}`, []);
    expect(seen).toEqual([`+a.b.${ZONE},b.${ZONE} -`, `+ -a.b.${ZONE},b.${ZONE}`]);
  });

  it('adds no names above the apex when the apex changes (as its SOA does with every change)', () => {
    const index = new ZoneIndex(ZONE, [
      { name: ZONE, type: 6 },
      { name: `www.${ZONE}`, type: A },
    ]);
    index.update(ZONE, [6, TXT]);
    expect(view(index)).toEqual([`${ZONE} [6,16]`, `www.${ZONE} [1]`]);
  });

  it('keeps the apex even when its last RRset goes', () => {
    const index = new ZoneIndex(ZONE, [{ name: ZONE, type: 6 }]);
    index.update(ZONE, []);
    expect(index.all().map((e) => e.name)).toEqual([ZONE]);
  });

  it('refuses names outside the zone', () => {
    expect(() => new ZoneIndex(ZONE, [{ name: 'example.net', type: A }])).toThrow(/not inside the zone/);
  });
});
