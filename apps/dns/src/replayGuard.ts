import { TSIG_FUDGE, type TsigRecord } from '@kaja/dns-model/tsig';

/** What the guard says of a signed message: first seen, seen before, or no room to remember it. */
export type Admission = 'new' | 'replay' | 'full';

/**
 * Remembers the MACs of signed messages until their time window closes (the signing time plus
 * the capped fudge), so a captured UPDATE sent again within the window is turned away; after it,
 * the TSIG time check turns it away. The memory is bounded: when every slot holds a live MAC,
 * further updates are refused until one expires rather than forgetting one that could be replayed.
 */
export class ReplayGuard {
  /** MAC (with its key) -> the second after which the message can no longer verify. */
  private readonly seen = new Map<string, number>();

  constructor(private readonly capacity = 100_000) {}

  admit(record: TsigRecord, now = Math.floor(Date.now() / 1000)): Admission {
    const id = `${record.keyName.toLowerCase()} ${Buffer.from(record.mac).toString('base64')}`;
    const expires = this.seen.get(id);
    if (expires !== undefined && expires >= now) return 'replay';
    if (this.seen.size >= this.capacity) this.forgetExpired(now);
    if (this.seen.size >= this.capacity) return 'full';
    this.seen.set(id, record.timeSigned + Math.min(record.fudge, TSIG_FUDGE));
    return 'new';
  }

  get size(): number {
    return this.seen.size;
  }

  private forgetExpired(now: number): void {
    for (const [id, expires] of this.seen) if (expires < now) this.seen.delete(id);
  }
}
