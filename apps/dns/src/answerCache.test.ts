import { describe, expect, it } from 'vitest';
import { AnswerCache, type CachedAnswer, questionHash, SLOT_FIELDS, SlotField, Variant } from './answerCache';

/** A query's header and question: `labels` (text, or octets for labels text cannot say plainly), then type and class. */
function packetOf(labels: (string | number[])[], qtype = 1): Uint8Array {
  const octets = labels.map((label) => (typeof label === 'string' ? [...Buffer.from(label, 'latin1')] : label));
  const name = octets.flatMap((label) => [label.length, ...label]);
  return Uint8Array.from([0x12, 0x34, 0x01, 0x00, 0, 1, 0, 0, 0, 0, 0, 0, ...name, 0, qtype >> 8, qtype & 0xff, 0, 1]);
}

const packet = (name: string, qtype = 1) => packetOf(name === '.' ? [] : name.replace(/\.$/, '').split('.'), qtype);

/** Where the question name of a packet from `packetOf` ends. */
function nameEnd(bytes: Uint8Array): number {
  let pos = 12;
  while (bytes[pos] !== 0) pos += bytes[pos]! + 1;
  return pos + 1;
}

/** An answer as `encodeAnswer` writes one: the question echoed with its name's ASCII letters lowercase. */
function answerTo(query: Uint8Array, variant: number = Variant.Edns): CachedAnswer {
  const wire = Uint8Array.from(query);
  for (let i = 12; i < nameEnd(query); i++) if (wire[i]! >= 0x41 && wire[i]! <= 0x5a) wire[i]! += 0x20;
  wire[2] = 0x84;
  return { variant, wire, zone: undefined, version: 0, counter: { count: 0 }, kind: 0, zoneCell: -1, answersCell: 0 };
}

function set(cache: AnswerCache, query: Uint8Array, entry = answerTo(query)): CachedAnswer {
  cache.set(query, nameEnd(query), entry);
  return entry;
}

const get = (cache: AnswerCache, query: Uint8Array, variant: number = Variant.Edns) => cache.get(query, nameEnd(query), variant);

/** Offers a question twice, as a second query would: then it is cached. */
function admit(cache: AnswerCache, name: string): void {
  set(cache, packet(name));
  set(cache, packet(name));
}

describe('the answer cache', () => {
  it('caches a question at once while there is room, and from its second query once full', () => {
    const cache = new AnswerCache(2);
    set(cache, packet('a.'));
    set(cache, packet('b.'));
    expect(get(cache, packet('b.'))).toBeDefined();
    set(cache, packet('www.example.com.'));
    expect(get(cache, packet('www.example.com.'))).toBeUndefined();
    set(cache, packet('www.example.com.'));
    expect(get(cache, packet('www.example.com.'))).toBeDefined();
    set(cache, packet('www.example.com.', 28));
    set(cache, packet('www.example.com.', 28));
    expect(get(cache, packet('www.example.com.', 28))).toBeDefined();
    expect(cache.size).toBe(2);
  });

  it('admits a made-up name from its second query, per type and EDNS variant, in any letter case; a held one at once while there is room', () => {
    const cache = new AnswerCache(1);
    const admits = (query: Uint8Array, madeUp: boolean, variant: number = Variant.Edns) => cache.admits(query, nameEnd(query), variant, madeUp);
    expect(admits(packet('nx.example.com.'), true)).toBe(false);
    expect(admits(packet('NX.Example.com.'), true)).toBe(true);
    expect(admits(packet('nx.example.com.', 28), true)).toBe(false);
    expect(admits(packet('nx.example.com.'), true, Variant.EdnsDo)).toBe(false);
    expect(admits(packet('nx.example.com.'), true, Variant.EdnsDo)).toBe(true);
    expect(admits(packet('www.example.com.'), false)).toBe(true);
    set(cache, packet('www.example.com.'));
    // Full: a held name waits for its second query too, before its answer is copied.
    expect(admits(packet('mail.example.com.'), false)).toBe(false);
    expect(admits(packet('mail.example.com.'), false)).toBe(true);
    expect(cache.size).toBe(1);
  });

  it('evicts one question at a time, passing over those used since the hand last came by', () => {
    const cache = new AnswerCache(3);
    for (const name of ['a.', 'b.', 'c.']) admit(cache, name);
    get(cache, packet('a.'));
    admit(cache, 'd.');
    expect(cache.size).toBe(3);
    expect(get(cache, packet('b.'))).toBeUndefined();
    for (const name of ['a.', 'c.', 'd.']) expect(get(cache, packet(name))).toBeDefined();
  });

  it("adds the addon's hits of an entry to its counter when asked, and before the entry is replaced, evicted or cleared", () => {
    const cache = new AnswerCache(2);
    const a = set(cache, packet('a.'));
    const b = set(cache, packet('b.'));
    // The addon counts a hit in the slot's field (slots are taken in order while there is room).
    const hits = (slot: number) => slot * SLOT_FIELDS + SlotField.Hits;
    cache.slots[hits(0)] = 3;
    cache.slots[hits(1)] = 2;
    cache.foldHits();
    expect([a.counter.count, b.counter.count, cache.slots[hits(0)], cache.slots[hits(1)]]).toEqual([3, 2, 0, 0]);
    // Read unsigned, as the addon counts: past 2^31 the field's sign bit is set.
    cache.slots[hits(1)] = -2;
    cache.foldHits();
    expect(b.counter.count).toBe(2 + 2 ** 32 - 2);
    cache.slots[hits(0)] = 4;
    // Replaced: the hits so far were the old entry's.
    const again = set(cache, packet('a.'));
    expect(a.counter.count).toBe(7);
    // The clock hand is at the first slot, not used since: 'a.' goes, and 'c.' takes its slot.
    cache.slots[hits(0)] = 5;
    admit(cache, 'c.');
    expect(get(cache, packet('a.'))).toBeUndefined();
    expect(again.counter.count).toBe(5);
    const c = get(cache, packet('c.'))!;
    cache.slots[hits(0)] = 6;
    cache.clear();
    expect(c.counter.count).toBe(6);
  });

  it('keeps the names asked for often through a flood of random names', () => {
    const cache = new AnswerCache(1000);
    const hot = Array.from({ length: 500 }, (_, i) => `host${i}.example.com.`);
    for (const name of hot) admit(cache, name);
    for (let i = 0; i < 200_000; i++) {
      // Each random name is asked once, as a flood asks them; the hot names keep being asked.
      set(cache, packet(`${Math.random().toString(36).slice(2)}.example.com.`));
      if (i % 100 === 0) for (const name of hot) get(cache, packet(name));
    }
    expect(hot.filter((name) => get(cache, packet(name)) === undefined)).toEqual([]);
    expect(cache.size).toBeLessThanOrEqual(1000);
  });

  it('answers a name in any letter case with the answer cached for it, and replaces that answer', () => {
    const cache = new AnswerCache();
    const first = set(cache, packet('WWW.Example.COM.'));
    expect(get(cache, packet('www.example.com.'))).toBe(first);
    expect(get(cache, packet('wWw.eXaMpLe.cOm.'))).toBe(first);
    const second = set(cache, packet('www.EXAMPLE.com.'));
    expect(get(cache, packet('WWW.EXAMPLE.COM.'))).toBe(second);
    expect(cache.size).toBe(1);
  });

  it('folds ASCII letters only: other octets, label lengths and the type are compared as they are', () => {
    const cache = new AnswerCache();
    const latin = set(cache, packetOf([[0xc1], 'example']));
    expect(get(cache, packetOf([[0xe1], 'example']))).toBeUndefined();
    expect(get(cache, packetOf([[0xc1], 'EXAMPLE']))).toBe(latin);
    const bracket = set(cache, packetOf(['[', 'example']));
    expect(get(cache, packetOf(['{', 'example']))).toBeUndefined();
    expect(get(cache, packetOf(['[', 'example']))).toBe(bracket);
    // One label holding a dot is not two labels.
    const dotted = set(cache, packetOf(['a.b', 'example']));
    expect(get(cache, packetOf(['a', 'b', 'example']))).toBeUndefined();
    expect(get(cache, packetOf(['A.B', 'example']))).toBe(dotted);
    // HTTPS is 0x0041 and type 97 is 0x0061: letters were they name octets, yet other types.
    const https = set(cache, packet('example.', 65));
    expect(get(cache, packet('example.', 97))).toBeUndefined();
    expect(get(cache, packet('example.', 0x6100))).toBeUndefined();
    expect(get(cache, packet('example.', 65))).toBe(https);
  });

  it('keeps each type and EDNS variant of a name apart', () => {
    const cache = new AnswerCache();
    const entries = new Map<string, CachedAnswer>();
    for (const qtype of [1, 2, 28, 65, 0x4100])
      for (const variant of [Variant.NoEdns, Variant.Edns, Variant.EdnsDo])
        entries.set(`${qtype}/${variant}`, set(cache, packet('www.example.', qtype), answerTo(packet('www.example.', qtype), variant)));
    expect(cache.size).toBe(15);
    for (const qtype of [1, 2, 28, 65, 0x4100])
      for (const variant of [Variant.NoEdns, Variant.Edns, Variant.EdnsDo])
        expect(get(cache, packet('WWW.example.', qtype), variant)).toBe(entries.get(`${qtype}/${variant}`));
    expect(get(cache, packet('www.example.', 16))).toBeUndefined();
    expect(get(cache, packet('example.'))).toBeUndefined();
    expect(get(cache, packet('www.example.com.'))).toBeUndefined();
  });

  it('tells apart questions whose hashes are equal', () => {
    // Two names of one hash, found by trying names in turn (the hash has 30 bits: a few tens of thousands of tries).
    const byHash = new Map<number, string>();
    let pair: [string, string] | undefined;
    for (let i = 0; pair === undefined; i++) {
      const name = `n${i}.example.`;
      const query = packet(name);
      const hash = questionHash(query, nameEnd(query), Variant.Edns);
      const other = byHash.get(hash);
      if (other === undefined) byHash.set(hash, name);
      else pair = [other, name];
    }
    const cache = new AnswerCache();
    const first = set(cache, packet(pair[0]));
    expect(get(cache, packet(pair[1]))).toBeUndefined();
    const second = set(cache, packet(pair[1]));
    expect(get(cache, packet(pair[0]))).toBe(first);
    expect(get(cache, packet(pair[1]))).toBe(second);
    expect(cache.size).toBe(2);
  });

  it('hashes from a seed of its own: names found to share a hash under one seed do not under another', () => {
    const query = (name: string) => packet(name);
    const hash = (name: string, seed: number) => questionHash(query(name), nameEnd(query(name)), Variant.Edns, seed);
    // Names that share the table's slot (the low 10 bits of the first table) under seed 1, as a
    // client who knew the hash would make them.
    const slot = hash('n0.example.', 1) & 1023;
    const sharing: string[] = [];
    for (let i = 1; sharing.length < 50; i++) if ((hash(`n${i}.example.`, 1) & 1023) === slot) sharing.push(`n${i}.example.`);
    // Under another seed they scatter over the table as any names do.
    const slots = new Set(sharing.map((name) => hash(name, 2) & 1023));
    expect(slots.size).toBeGreaterThan(40);
  });

  it.each([300, 3000])('finds every question it holds while it grows and evicts (%i questions), and never one for another question', (capacity) => {
    const cache = new AnswerCache(capacity);
    const latest = new Map<string, CachedAnswer>();
    let seed = 7;
    const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    for (let round = 0; round < capacity * 60; round++) {
      const name = `h${Math.floor(random() * capacity * 3)}.example.`;
      const query = packet(name, random() < 0.5 ? 1 : 28);
      const key = `${name}/${query[nameEnd(query) + 1]}`;
      if (random() < 0.6) latest.set(key, set(cache, query));
      else {
        const found = get(cache, query);
        if (found !== undefined) expect(found).toBe(latest.get(key));
      }
    }
    let held = 0;
    for (const [key, entry] of latest) {
      const [name, qtype] = key.split('/');
      const found = get(cache, packet(name!, Number(qtype)));
      if (found === undefined) continue;
      expect(found).toBe(entry);
      held++;
    }
    expect(held).toBe(cache.size);
    expect(cache.size).toBeLessThanOrEqual(capacity);
    // No stale reference is left in the table (one would lengthen probes and could be taken out in the live one's place).
    // Each place holds a slot + 1 and, beside it, that slot's hash; an empty place holds neither.
    const table = (cache as unknown as { table: Int32Array }).table;
    const places = Array.from({ length: table.length / 2 }, (_, i) => [table[2 * i]!, table[2 * i + 1]!] as const);
    expect(places.filter(([at]) => at !== 0).length).toBe(cache.size);
    expect(places.filter(([at, hash]) => at === 0 && hash !== 0)).toEqual([]);
  });

  it('does not cache an answer whose question is not the one asked', () => {
    const cache = new AnswerCache();
    set(cache, packet('a.example.'), answerTo(packet('b.example.')));
    expect(cache.size).toBe(0);
    expect(get(cache, packet('a.example.'))).toBeUndefined();
    expect(get(cache, packet('b.example.'))).toBeUndefined();
  });

  it('forgets everything when cleared, and fills again', () => {
    const cache = new AnswerCache(4);
    for (const name of ['a.', 'b.', 'c.', 'd.']) admit(cache, name);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(get(cache, packet('a.'))).toBeUndefined();
    const again = set(cache, packet('a.'));
    expect(get(cache, packet('A.'))).toBe(again);
  });

  it('forgets the questions at and below a name only, gives their slots to new answers, and tells the addon', () => {
    const told = new Map<number, number>();
    const cache = new AnswerCache(6);
    cache.attach({ table: () => {}, wire: (slot, wire) => told.set(slot, wire.length) });
    const names = ['example.com.', 'www.example.com.', 'a.b.example.com.', 'notexample.com.', 'com.', 'www.example.org.'];
    for (const name of names) set(cache, packet(name));
    cache.forgetUnder('example.com');
    expect(cache.size).toBe(3);
    for (const name of names.slice(0, 3)) expect(get(cache, packet(name)), name).toBeUndefined();
    // A name ending in the same letters is not below it, nor is its parent.
    for (const name of names.slice(3)) expect(get(cache, packet(name)), name).toBeDefined();
    expect([...told.values()].filter((length) => length === 1)).toHaveLength(3);
    // The slots forgotten are taken before any other: the cache is not full until six are held again.
    for (const name of ['x.', 'y.', 'z.']) set(cache, packet(name));
    expect(cache.size).toBe(6);
    for (const name of ['x.', 'y.', 'z.', 'com.']) expect(get(cache, packet(name)), name).toBeDefined();
    set(cache, packet('once.'));
    expect(get(cache, packet('once.'))).toBeUndefined();
    // The root is above every name.
    cache.forgetUnder('');
    expect(cache.size).toBe(0);
    expect(get(cache, packet('x.'))).toBeUndefined();
  });
});
