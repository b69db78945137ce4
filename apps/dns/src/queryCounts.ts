import { countedType } from '@kaja/dns-model';

/** One counter: the answer path holds it directly, so counting a query is one increment. */
export interface Counter {
  count: number;
}

export interface QueryCount {
  zone: string;
  qtype: number;
  rcode: number;
  count: number;
}

/**
 * Queries counted per zone, query type and response code, in memory. Queries for names we do not
 * host count under the zone "". Types without a mnemonic count together (`countedType`), so a flood
 * of random types cannot grow the counters (nor the rows a flush writes) without bound.
 * `drain` hands the counts over (to be flushed) and starts afresh.
 */
export class QueryCounts {
  private readonly zones = new Map<string, Map<number, Counter>>();

  /** `collect` brings counts kept elsewhere into the counters before each drain (the addon's cached answers). */
  constructor(private readonly collect?: () => void) {}

  counter(zone: string, queried: number, rcode: number): Counter {
    const qtype = countedType(queried);
    let byKey = this.zones.get(zone);
    if (!byKey) {
      byKey = new Map();
      this.zones.set(zone, byKey);
    }
    const key = qtype * 4096 + rcode;
    let counter = byKey.get(key);
    if (!counter) {
      counter = { count: 0 };
      byKey.set(key, counter);
    }
    return counter;
  }

  /** The counts since the last drain; counters stay in place so cached answers keep theirs. */
  drain(): QueryCount[] {
    this.collect?.();
    const out: QueryCount[] = [];
    for (const [zone, byKey] of this.zones) {
      for (const [key, counter] of byKey) {
        if (counter.count === 0) continue;
        out.push({ zone, qtype: Math.floor(key / 4096), rcode: key % 4096, count: counter.count });
        counter.count = 0;
      }
    }
    return out;
  }
}
