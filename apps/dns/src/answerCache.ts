import { randomBytes } from 'node:crypto';
import { nameToWire } from '@kaja/dns-model';
import type { Counter } from './queryCounts';
import type { Zone } from './zone';

/** A response encoded once and sent, personalised, to every query with the same question. */
export interface CachedAnswer {
  /** Which OPT the response carries: none, or one with the DO bit clear or set. */
  variant: number;
  /**
   * The response; its question (at 12, the name lowercase, as `encodeAnswer` writes it) is the
   * entry's key.
   */
  wire: Uint8Array;
  /** The zone that answered; none for REFUSED (the cache is cleared when zones come or go). */
  zone: Zone | undefined;
  /** The zone's version when encoded: a changed zone makes the entry stale. */
  version: number;
  counter: Counter;
  /** The rate-limit account its answers are debited to (see `ResponseRateLimiter`). */
  kind: number;
  /** Its zone's cell in the responder's `ZoneVersions`, -1 for none: how the addon sees the zone's version. */
  zoneCell: number;
  /** Its UDP answers' cell in the metrics' answer counts (`ServerCounters.answersCell`). */
  answersCell: number;
}

/**
 * The addon's side of the cache (src/nativeAnswers.ts): it reads the table and the slots' arrays
 * in place, and is told what it cannot see, each slot's answer and a table made anew.
 */
export interface AnswerCacheReader {
  table(table: Int32Array): void;
  wire(slot: number, wire: Uint8Array): void;
}

/**
 * The fields of a slot in `slots`, as the addon reads and writes them (native/cached_answers.c):
 * what it compares and counts in, whether the entry was used since the clock hand passed (1) or
 * not (0), and the queries the addon answered from it since they were last added to its counter
 * (unsigned). Eight numbers, the last unused: a slot is half a cache line, read at once.
 */
export const SlotField = { Variant: 0, Zone: 1, Version: 2, Kind: 3, Answers: 4, Referenced: 5, Hits: 6 } as const;
export const SLOT_FIELDS = 8;

export const Variant = { NoEdns: 0, Edns: 1, EdnsDo: 2 } as const;

/** Bits of the filter that remembers questions asked once (128 KiB). */
const SEEN_BITS = 1 << 20;

/** Table places for the first entries; the table doubles as entries come, up to twice the capacity. */
const FIRST_PLACES = 1024;

/**
 * Precompiled answers keyed by the question's octets as the query carries them: its name with
 * ASCII letters folded to lowercase, its type, and the EDNS variant. A lookup reads the packet in
 * place (no string, nothing allocated): it hashes the name and type octets into an open-addressing
 * table and compares them with the entry's question in its wire. Bounded by questions, evicted one
 * at a time by CLOCK: a question asked since the hand last passed gets another round, so the
 * questions asked often stay. Once full, a new question is admitted on its second query only: a
 * flood of random names, each asked once, does not reach the cache and cannot push the hot ones out.
 */
export class AnswerCache {
  /** The entries, by slot; the clock hand visits the slots in turn. */
  private readonly entries: CachedAnswer[] = [];
  /** Per slot, the key hash (30 bits). */
  private readonly hashes: Int32Array;
  /** Per slot, its fields (`SlotField`), which the addon reads and writes too. */
  readonly slots: Int32Array;
  /**
   * Linear probing, two numbers a place: slot + 1 of the entry whose hash lands at or before it (0:
   * empty), and that entry's hash, beside it so that a probe reads one cache line: the hash read
   * from `hashes` instead was a miss of its own on every lookup (a fifth of the addon's lookup time).
   */
  private table = new Int32Array(2 * FIRST_PLACES);
  /** Places - 1. */
  private mask = FIRST_PLACES - 1;
  private hand = 0;
  /** Slots whose entries were forgotten (`forgetUnder`), taken before any other; out of the table. */
  private free: number[] = [];
  /** Questions asked once since the filter was last emptied (a bit per hash; false positives admit early). */
  private readonly seen = new Uint32Array(SEEN_BITS / 32);
  private seenCount = 0;
  private reader: AnswerCacheReader | undefined;

  constructor(readonly capacity = 200_000) {
    this.hashes = new Int32Array(capacity);
    this.slots = new Int32Array(capacity * SLOT_FIELDS);
  }

  /** The table as it is now, for the addon. */
  get probeTable(): Int32Array {
    return this.table;
  }

  /** Tells `reader` of each slot's answer now, and from now on of every answer and table that changes. */
  attach(reader: AnswerCacheReader): void {
    this.reader = reader;
    for (let slot = 0; slot < this.entries.length; slot++) reader.wire(slot, this.entries[slot]!.wire);
  }

  /** Adds the queries the addon answered from each entry to the entry's counter. */
  foldHits(): void {
    for (let slot = 0; slot < this.entries.length; slot++) this.fold(slot);
  }

  /**
   * The answer to the question in `packet` (its name at 12, ending at `nameEnd` with the root
   * label, then its type), with this EDNS variant; undefined when none is cached or it is stale.
   */
  get(packet: Uint8Array, nameEnd: number, variant: number): CachedAnswer | undefined {
    const hash = questionHash(packet, nameEnd, variant);
    const table = this.table;
    const mask = this.mask;
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      const at = table[2 * i]!;
      if (at === 0) return undefined;
      if (table[2 * i + 1] !== hash) continue;
      const slot = at - 1;
      const entry = this.entries[slot]!;
      if (entry.variant !== variant || !sameQuestion(packet, nameEnd, entry.wire)) continue;
      if (entry.zone !== undefined && entry.version !== entry.zone.version) return undefined;
      this.slots[slot * SLOT_FIELDS + SlotField.Referenced] = 1;
      return entry;
    }
  }

  /**
   * Caches `entry` as the answer to the question in `packet` (as `get` reads it), replacing the one
   * cached before. Not cached unless the entry's wire holds that question, as lookups compare with it.
   */
  set(packet: Uint8Array, nameEnd: number, entry: CachedAnswer): void {
    if (!sameQuestion(packet, nameEnd, entry.wire)) return;
    const hash = questionHash(packet, nameEnd, entry.variant);
    const found = this.find(packet, nameEnd, entry.variant, hash);
    if (found >= 0) {
      this.fold(found);
      this.place(found, entry);
      return;
    }
    const full = this.size >= this.capacity;
    if (full && !this.seenBefore(hash)) return;
    let slot: number;
    if (full) {
      slot = this.evict();
      this.fold(slot);
    } else if (this.free.length > 0) slot = this.free.pop()!;
    else {
      slot = this.entries.length;
      this.entries.push(entry);
    }
    this.place(slot, entry);
    this.hashes[slot] = hash;
    this.slots[slot * SLOT_FIELDS + SlotField.Referenced] = 0;
    this.insert(slot);
    // Grown after the insert: growing places every entry, this one too.
    if (this.entries.length * 4 > this.table.length) this.grow();
  }

  /**
   * Whether `set` would keep an answer to this question now, asked before the answer is copied into
   * memory of its own: while there is room, at once for a name the zone holds; once full, or for a
   * name the client made up (`madeUp`), from the question's second query. Made-up names have no
   * end; a flood of them, each asked once, would fill the cache with answers never served again,
   * and memory that lasts costs more for each than encoding it.
   */
  admits(packet: Uint8Array, nameEnd: number, variant: number, madeUp: boolean): boolean {
    if (!madeUp && this.size < this.capacity) return true;
    return this.seenBefore(questionHash(packet, nameEnd, variant));
  }

  /** Questions cached. */
  get size(): number {
    return this.entries.length - this.free.length;
  }

  /** Forgets every answer (new keys for every zone, signatures renewed). */
  clear(): void {
    this.foldHits();
    this.entries.length = 0;
    this.free = [];
    this.table = new Int32Array(2 * FIRST_PLACES);
    this.mask = FIRST_PLACES - 1;
    this.hand = 0;
    this.reader?.table(this.table);
  }

  /**
   * Forgets the answers to questions for `name` and the names below it (`name` lowercase, without
   * the final dot; '' is the root): a zone of that name came, went, was loaded anew or got new
   * keys, and the other zones' answers stay. The question is read in each entry's wire, where it
   * is lowercase; a walk over every slot, a few milliseconds at the cache's full 200,000.
   */
  forgetUnder(name: string): void {
    const suffix = nameToWire(name);
    for (let slot = 0; slot < this.entries.length; slot++) {
      const entry = this.entries[slot]!;
      if (entry !== FORGOTTEN && questionUnder(entry.wire, suffix)) this.forgetSlot(slot);
    }
  }

  /** Forgets the answer to the one question in `packet` (as `get` reads it), if one is kept. */
  forgetQuestion(packet: Uint8Array, nameEnd: number, variant: number): void {
    const slot = this.find(packet, nameEnd, variant, questionHash(packet, nameEnd, variant));
    if (slot >= 0) this.forgetSlot(slot);
  }

  private forgetSlot(slot: number): void {
    this.fold(slot);
    this.remove(slot);
    this.entries[slot] = FORGOTTEN;
    this.slots[slot * SLOT_FIELDS + SlotField.Referenced] = 0;
    // The addon finds no slot out of the table; its answer's memory is let go all the same.
    this.reader?.wire(slot, FORGOTTEN.wire);
    this.free.push(slot);
  }

  /** Puts `entry` in `slot`, its fields where the addon reads them. */
  private place(slot: number, entry: CachedAnswer): void {
    this.entries[slot] = entry;
    const at = slot * SLOT_FIELDS;
    this.slots[at + SlotField.Variant] = entry.variant;
    this.slots[at + SlotField.Zone] = entry.zoneCell;
    this.slots[at + SlotField.Version] = entry.version;
    this.slots[at + SlotField.Kind] = entry.kind;
    this.slots[at + SlotField.Answers] = entry.answersCell;
    this.reader?.wire(slot, entry.wire);
  }

  private fold(slot: number): void {
    const at = slot * SLOT_FIELDS + SlotField.Hits;
    const hits = this.slots[at]! >>> 0;
    if (hits === 0) return;
    this.entries[slot]!.counter.count += hits;
    this.slots[at] = 0;
  }

  /** The slot of the entry for this question, or -1. */
  private find(packet: Uint8Array, nameEnd: number, variant: number, hash: number): number {
    for (let i = hash & this.mask; ; i = (i + 1) & this.mask) {
      const at = this.table[2 * i]!;
      if (at === 0) return -1;
      if (this.table[2 * i + 1] !== hash) continue;
      const slot = at - 1;
      const entry = this.entries[slot]!;
      if (entry.variant === variant && sameQuestion(packet, nameEnd, entry.wire)) return slot;
    }
  }

  private insert(slot: number): void {
    const hash = this.hashes[slot]!;
    let i = hash & this.mask;
    while (this.table[2 * i] !== 0) i = (i + 1) & this.mask;
    this.table[2 * i] = slot + 1;
    this.table[2 * i + 1] = hash;
  }

  /** Doubles the table, up to the first power of two at least twice the capacity in places, and places every entry anew. */
  private grow(): void {
    if (this.mask + 1 >= this.capacity * 2) return;
    this.table = new Int32Array(this.table.length * 2);
    this.mask = this.table.length / 2 - 1;
    // Entries are pushed only once no forgotten slot is left to take: each slot here holds one.
    for (let slot = 0; slot < this.entries.length; slot++) this.insert(slot);
    this.reader?.table(this.table);
  }

  /** Frees the first slot the hand finds unused since its last pass, takes it out of the table, and returns it. */
  private evict(): number {
    for (;;) {
      const slot = this.hand;
      this.hand = (this.hand + 1) % this.capacity;
      const referenced = slot * SLOT_FIELDS + SlotField.Referenced;
      if (this.slots[referenced] === 1) this.slots[referenced] = 0;
      else {
        this.remove(slot);
        return slot;
      }
    }
  }

  /**
   * Takes a slot out of the table; the entries after it in its run move back where their hashes
   * allow, so no probe for them stops at the hole (no tombstones to sweep).
   */
  private remove(slot: number): void {
    const table = this.table;
    const mask = this.mask;
    let hole = this.hashes[slot]! & mask;
    while (table[2 * hole] !== slot + 1) hole = (hole + 1) & mask;
    for (let i = (hole + 1) & mask; table[2 * i] !== 0; i = (i + 1) & mask) {
      const home = table[2 * i + 1]! & mask;
      // The entry at i moves into the hole unless its home lies in (hole, i], cyclically.
      if (((i - home) & mask) >= ((i - hole) & mask)) {
        table[2 * hole] = table[2 * i]!;
        table[2 * hole + 1] = table[2 * i + 1]!;
        hole = i;
      }
    }
    table[2 * hole] = 0;
    table[2 * hole + 1] = 0;
  }

  /** True from the second time a question is offered; the filter empties once a quarter full, so it never admits everything. */
  private seenBefore(hash: number): boolean {
    const bit = hash % SEEN_BITS;
    const word = bit >>> 5;
    const mask = 1 << (bit & 31);
    if (this.seen[word]! & mask) return true;
    if (++this.seenCount > SEEN_BITS / 4) {
      this.seen.fill(0);
      this.seenCount = 1;
    }
    this.seen[word] = this.seen[word]! | mask;
    return false;
  }
}

/**
 * What a forgotten slot holds until it is taken again: no question, no zone, nothing counted. Its
 * wire is one octet, as the addon takes no empty array, and too short to hold a question.
 */
const FORGOTTEN: CachedAnswer = {
  variant: -1,
  wire: new Uint8Array(1),
  zone: undefined,
  version: 0,
  counter: { count: 0 },
  kind: 0,
  zoneCell: -1,
  answersCell: 0,
};

/** Whether the question name at 12 in `wire` is the name `suffix` (in wire form) or below it. */
function questionUnder(wire: Uint8Array, suffix: Uint8Array): boolean {
  // The name's labels, read by their lengths through the root label; a suffix starts at a label.
  let end = 12;
  while (end < wire.length && wire[end] !== 0) end += wire[end]! + 1;
  if (end >= wire.length) return false;
  end++;
  let at = 12;
  while (end - at > suffix.length) at += wire[at]! + 1;
  if (end - at !== suffix.length) return false;
  for (let i = 0; i < suffix.length; i++) if (wire[at + i] !== suffix[i]) return false;
  return true;
}

/**
 * This thread's hash seed. The names hashed are the clients' (every name asked is cached, NXDOMAIN
 * too): with a hash anyone could compute, a client could send names that all land in one run of
 * the table and make each lookup walk it. Seeded at random, as V8 seeds its own string hashes.
 */
const HASH_SEED = randomBytes(4).readUInt32LE(0);

/** The seed `questionHash` uses in this thread, for the addon's lookups. */
export const questionHashSeed = HASH_SEED;

/**
 * FNV-1a over the question name's octets, ASCII letters folded to lowercase (names compare so,
 * RFC 4343), then its type's two octets, from a basis of this thread's `seed` and the variant,
 * finished with MurmurHash3's mix so that the table's index (the low bits) depends on every bit
 * of the state; 30 bits.
 */
export function questionHash(bytes: Uint8Array, nameEnd: number, variant: number, seed = HASH_SEED): number {
  let hash = 0x811c9dc5 ^ seed ^ variant;
  for (let i = 12; i < nameEnd; i++) {
    let c = bytes[i]!;
    if (c >= 0x41 && c <= 0x5a) c += 0x20;
    hash = Math.imul(hash ^ c, 0x01000193);
  }
  hash = Math.imul(hash ^ bytes[nameEnd]!, 0x01000193);
  hash = Math.imul(hash ^ bytes[nameEnd + 1]!, 0x01000193);
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) & 0x3fffffff;
}

/**
 * Whether the question name and type at 12 in `bytes` (name ending at `nameEnd`) are those of
 * `wire`'s question, the name's letter case aside. Equal octets from 12 are one name: the label
 * lengths (at most 63) are never folded, and the type's octets are compared as they are.
 */
function sameQuestion(bytes: Uint8Array, nameEnd: number, wire: Uint8Array): boolean {
  if (wire.length < nameEnd + 2) return false;
  for (let i = 12; i < nameEnd; i++) {
    let c = bytes[i]!;
    if (c >= 0x41 && c <= 0x5a) c += 0x20;
    if (c !== wire[i]) return false;
  }
  return bytes[nameEnd] === wire[nameEnd] && bytes[nameEnd + 1] === wire[nameEnd + 1];
}
