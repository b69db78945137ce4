import { countedType } from '@kaja/dns-model';

/** Upper bounds of the answer latency buckets, in seconds: a cached answer takes microseconds, an ALIAS one a resolver's round trip. */
export const latencyBounds = [0.00001, 0.000025, 0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.01, 0.05, 0.25, 1] as const;

/** Response codes are counted 0-31: the server sends none above BADCOOKIE (23). */
const RCODES = 32;
const TRANSPORTS = 2;

/** Each counted query type (`countedType`: a mnemonic, or 0 for the rest) has a slot. */
const typeSlots = new Uint8Array(65536);
const slotTypes: number[] = [0];
for (let qtype = 1; qtype < 65536; qtype++) {
  if (countedType(qtype) !== qtype) continue;
  typeSlots[qtype] = slotTypes.length;
  slotTypes.push(qtype);
}
if (slotTypes.length > 256) throw new Error('more counted query types than slots');

export type Transport = 'udp' | 'tcp';
export const transports: readonly Transport[] = ['udp', 'tcp'];

/** One count of queries: its type (`countedType`), response code and transport. */
export interface QueryTally {
  qtype: number;
  rcode: number;
  transport: Transport;
  count: number;
}

/**
 * What a DNS server process counts for its metrics, in plain numbers and typed arrays: the answer
 * path adds one to an array cell or a field per event, and nothing is labelled, hashed or allocated
 * until a scrape reads them (`queries()`, the fields). Per-zone counts are `QueryCounts`' (billing);
 * none are here.
 */
export class ServerCounters {
  /** Answers by type slot, response code and transport (`answersCell`). */
  readonly answers = new Float64Array(slotTypes.length * RCODES * TRANSPORTS);
  /** Answers per latency bucket (the last one: above the largest bound). */
  readonly latencyBuckets = new Float64Array(latencyBounds.length + 1);
  /**
   * The answers' latency summed, and the queries answered from the answer cache: in an array the
   * addon's cached path adds to as well (native/cached_answers.c), as it does to `answers` and
   * `latencyBuckets`.
   */
  readonly totals = new Float64Array(2);
  /** Queries answered by the whole pipeline (not cached yet, stale, or never cached). */
  cacheMisses = 0;
  /** TCP connections that stopped being read because their client left its answers unread. */
  tcpBackedUp = 0;
  /** TCP connections closed because the worker's connections held too many unsent answers. */
  tcpClosedForMemory = 0;

  get latencySeconds(): number {
    return this.totals[1]!;
  }

  get cacheHits(): number {
    return this.totals[0]!;
  }

  /** One answer taken from the answer cache. */
  cacheHit(): void {
    this.totals[0]!++;
  }

  /** One answer sent (or about to be). */
  answered(qtype: number, rcode: number, tcp: boolean): void {
    this.answers[answersCell(qtype, rcode, tcp)]!++;
  }

  /**
   * `count` answers that took `milliseconds` from the moment the server took up their query (or
   * their batch: a batch leaves in one system call) until they were ready to send.
   */
  took(milliseconds: number, count = 1): void {
    const seconds = milliseconds / 1000;
    let bucket = 0;
    while (bucket < latencyBounds.length && seconds > latencyBounds[bucket]!) bucket++;
    this.latencyBuckets[bucket]! += count;
    this.totals[1]! += seconds * count;
  }

  /** The answers counted so far, one tally per type, rcode and transport that has any. */
  queries(): QueryTally[] {
    const out: QueryTally[] = [];
    for (let cell = 0; cell < this.answers.length; cell++) {
      const count = this.answers[cell]!;
      if (count === 0) continue;
      const transport = cell % TRANSPORTS;
      const rcode = Math.floor(cell / TRANSPORTS) % RCODES;
      const slot = Math.floor(cell / (TRANSPORTS * RCODES));
      out.push({ qtype: slotTypes[slot]!, rcode, transport: transports[transport]!, count });
    }
    return out;
  }
}

/** The cell of `ServerCounters.answers` that counts answers of this type, response code and transport. */
export function answersCell(qtype: number, rcode: number, tcp: boolean): number {
  return (typeSlots[qtype]! * RCODES + (rcode & (RCODES - 1))) * TRANSPORTS + (tcp ? 1 : 0);
}
