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

/**
 * Precompiled answers keyed by the lowercase query name, then by type and EDNS variant, so a
 * lookup allocates nothing. Bounded: when full it starts over, which a flood of random names
 * (each a cache miss anyway) cannot turn into unbounded memory.
 */
export class AnswerCache {
  private readonly byName = new Map<string, CachedAnswer[]>();
  private entries = 0;

  constructor(private readonly capacity = 200_000) {}

  get(qname: string, qtype: number, variant: number): CachedAnswer | undefined {
    const list = this.byName.get(qname);
    if (!list) return undefined;
    for (let i = 0; i < list.length; i++) {
      const entry = list[i]!;
      if (entry.qtype === qtype && entry.variant === variant) {
        return entry.zone === undefined || entry.version === entry.zone.version ? entry : undefined;
      }
    }
    return undefined;
  }

  set(qname: string, entry: CachedAnswer): void {
    if (this.entries >= this.capacity) this.clear();
    const list = this.byName.get(qname);
    if (!list) {
      this.byName.set(qname, [entry]);
      this.entries++;
      return;
    }
    const at = list.findIndex((e) => e.qtype === entry.qtype && e.variant === entry.variant);
    if (at >= 0) list[at] = entry;
    else {
      list.push(entry);
      this.entries++;
    }
  }

  /** Forgets every answer: the set of zones changed, so any name may now belong elsewhere. */
  clear(): void {
    this.byName.clear();
    this.entries = 0;
  }
}
