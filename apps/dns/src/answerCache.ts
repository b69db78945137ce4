import type { Counter } from './queryCounts';
import type { Zone } from './zone';

/** A response encoded once and sent, personalised, to every query with the same question. */
export interface CachedAnswer {
  qtype: number;
  /** Which OPT the response carries: none, or one with the DO bit clear or set. */
  variant: number;
  wire: Uint8Array;
  /** The zone that answered; none for REFUSED (the cache is cleared when zones come or go). */
  zone: Zone | undefined;
  /** The zone's version when encoded: a changed zone makes the entry stale. */
  version: number;
  counter: Counter;
  /** The rate-limit account its answers are debited to (see `ResponseRateLimiter`). */
  kind: number;
}

export const Variant = { NoEdns: 0, Edns: 1, EdnsDo: 2 } as const;

/** The answers cached for one query name, and whether any was used since the clock hand passed. */
class CachedName {
  referenced = false;
  constructor(readonly answers: CachedAnswer[]) {}
}

/** Bits of the filter that remembers names asked for once (128 KiB). */
const SEEN_BITS = 1 << 20;

/**
 * Precompiled answers keyed by the lowercase query name, then by type and EDNS variant, so a
 * lookup allocates nothing. Bounded by names, evicted one at a time by CLOCK: a name used since
 * the hand last passed gets another round, so the names asked for often stay. Once full, a new
 * name is admitted on its second query only: a flood of random names, each asked once, does not
 * reach the cache and cannot push the hot names out.
 */
export class AnswerCache {
  private readonly byName = new Map<string, CachedName>();
  /** The name in each slot, which the clock hand visits in turn. */
  private readonly slots: (string | undefined)[] = [];
  private hand = 0;
  /** Names asked for once since the filter was last emptied (a bit per hash; false positives admit early). */
  private readonly seen = new Uint32Array(SEEN_BITS / 32);
  private seenCount = 0;

  constructor(private readonly capacity = 200_000) {}

  get(qname: string, qtype: number, variant: number): CachedAnswer | undefined {
    const name = this.byName.get(qname);
    if (name === undefined) return undefined;
    const list = name.answers;
    for (let i = 0; i < list.length; i++) {
      const entry = list[i]!;
      if (entry.qtype === qtype && entry.variant === variant) {
        if (entry.zone !== undefined && entry.version !== entry.zone.version) return undefined;
        name.referenced = true;
        return entry;
      }
    }
    return undefined;
  }

  set(qname: string, entry: CachedAnswer): void {
    const name = this.byName.get(qname);
    if (name !== undefined) {
      const list = name.answers;
      const at = list.findIndex((e) => e.qtype === entry.qtype && e.variant === entry.variant);
      if (at >= 0) list[at] = entry;
      else list.push(entry);
      return;
    }
    const full = this.slots.length >= this.capacity;
    if (full && !this.seenBefore(qname)) return;
    const slot = full ? this.evict() : this.slots.length;
    this.slots[slot] = qname;
    this.byName.set(qname, new CachedName([entry]));
  }

  /** Names cached. */
  get size(): number {
    return this.byName.size;
  }

  /** Forgets every answer: the set of zones changed, so any name may now belong elsewhere. */
  clear(): void {
    this.byName.clear();
    this.slots.length = 0;
    this.hand = 0;
  }

  /** Frees the first slot the hand finds unused since its last pass, and returns it. */
  private evict(): number {
    for (;;) {
      const slot = this.hand;
      this.hand = (this.hand + 1) % this.capacity;
      const name = this.byName.get(this.slots[slot]!)!;
      if (name.referenced) name.referenced = false;
      else {
        this.byName.delete(this.slots[slot]!);
        return slot;
      }
    }
  }

  /** True from the second time a name is offered; the filter empties once a quarter full, so it never admits everything. */
  private seenBefore(qname: string): boolean {
    let hash = 0x811c9dc5;
    for (let i = 0; i < qname.length; i++) hash = Math.imul(hash ^ qname.charCodeAt(i), 0x01000193);
    const bit = (hash >>> 0) % SEEN_BITS;
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
