import { TSIG_FUDGE, type TsigRecord } from '@kaja/dns-model/tsig';

/**
 * What the guard says of a signed message: first seen; seen and still being applied (a client's
 * retransmission: the first copy's answer is on its way); seen and done (a replay); or no room to
 * remember it.
 */
export type Admission = 'new' | 'in-progress' | 'replay' | 'full';

interface Seen {
  /** The second after which the message can no longer verify. */
  expires: number;
  done: boolean;
}

/**
 * Remembers the MACs of signed messages until their time window closes (the signing time plus
 * the capped fudge), so a captured UPDATE sent again within the window is turned away; after it,
 * the TSIG time check turns it away. The memory is bounded: when every slot holds a live MAC,
 * further updates are refused until one expires rather than forgetting one that could be replayed.
 */
export class ReplayGuard {
  /** MAC (with its key) -> when it expires, and whether its update has been answered. */
  private readonly seen = new Map<string, Seen>();

  constructor(private readonly capacity = 100_000) {}

  admit(record: TsigRecord, now = Math.floor(Date.now() / 1000)): Admission {
    const id = key(record);
    const seen = this.seen.get(id);
    if (seen !== undefined && seen.expires >= now) return seen.done ? 'replay' : 'in-progress';
    if (this.seen.size >= this.capacity) this.forgetExpired(now);
    if (this.seen.size >= this.capacity) return 'full';
    this.seen.set(id, { expires: record.timeSigned + Math.min(record.fudge, TSIG_FUDGE), done: false });
    return 'new';
  }

  /** The update of an admitted message has been answered: the same message again is a replay. */
  done(record: TsigRecord): void {
    const seen = this.seen.get(key(record));
    if (seen) seen.done = true;
  }

  get size(): number {
    return this.seen.size;
  }

  private forgetExpired(now: number): void {
    for (const [id, seen] of this.seen) if (seen.expires < now) this.seen.delete(id);
  }
}

const key = (record: TsigRecord) => `${record.keyName.toLowerCase()} ${Buffer.from(record.mac).toString('base64')}`;
