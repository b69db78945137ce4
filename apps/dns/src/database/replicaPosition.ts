import type { Database } from '@kaja/db';
import { sql } from '@kaja/db/orm';

/** A WAL position as PostgreSQL writes it (`16/B374D848`): two hexadecimal halves of 32 bits. */
export function parseLsn(text: string): bigint | undefined {
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text);
  return match ? (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`) : undefined;
}

/** Past every position: where a server that is no replica stands. */
const maxLsn = (1n << 64n) - 1n;

export interface ReplicaPositionOptions {
  /** How often the replica's replay position is read while someone waits (default 10 ms). */
  pollMs: number;
  /** How long a read waits for the replica at most (default 5 s); it then reads anyway. */
  boundMs: number;
}

interface Waiter {
  target: bigint;
  deadline: number;
  resolve: (reached: boolean) => void;
}

/**
 * How far a read replica has replayed the primary's WAL (`pg_last_wal_replay_lsn()`), for reads
 * that must see a change the relay announced at a primary position: `waitFor` resolves once the
 * replica has replayed past it. One poll serves every waiter, so a burst of notices costs one
 * query every `pollMs`, not one per notice. A server that is no replica (no replay position) has
 * every committed change: nothing waits there.
 */
export class ReplicaPosition {
  private replayed = -1n;
  private readonly waiters: Waiter[] = [];
  private polling = false;
  private closed = false;
  private lateLogged = false;
  private readonly options: ReplicaPositionOptions;

  constructor(
    private readonly db: Database,
    options: Partial<ReplicaPositionOptions> = {},
  ) {
    this.options = { pollMs: options.pollMs ?? 10, boundMs: options.boundMs ?? 5000 };
  }

  /**
   * Resolves true once the replica has replayed up to `lsn`, or false past the bound (logged once
   * until the replica keeps up again: the reader reads anyway, and the periodic sync repairs what it
   * read too early). A position that does not parse is not waited for.
   */
  waitFor(lsn: string): Promise<boolean> {
    const target = parseLsn(lsn);
    if (target === undefined || target <= this.replayed || this.closed) return Promise.resolve(true);
    return new Promise((resolve) => {
      this.waiters.push({ target, deadline: Date.now() + this.options.boundMs, resolve });
      if (!this.polling) void this.poll();
    });
  }

  /** Lets every waiter go (they read now). */
  close(): void {
    this.closed = true;
    for (const waiter of this.waiters.splice(0)) waiter.resolve(false);
  }

  private async poll(): Promise<void> {
    this.polling = true;
    try {
      while (this.waiters.length > 0 && !this.closed) {
        try {
          const result = await this.db.execute(sql`SELECT pg_last_wal_replay_lsn()::text AS lsn`);
          const text = (result as { rows: { lsn: string | null }[] }).rows[0]?.lsn;
          // NULL: not a replica (or not replaying), so what is committed is readable.
          const replayed = text == null ? undefined : parseLsn(text);
          if (replayed === undefined) this.replayed = maxLsn;
          else if (replayed > this.replayed) this.replayed = replayed;
        } catch (error) {
          // The read that follows reports the replica's failure; waiting longer would not help.
          console.error(`dns: could not read the replica's position: ${(error as Error).message}`);
          for (const waiter of this.waiters.splice(0)) waiter.resolve(false);
        }
        const now = Date.now();
        this.settle((waiter) => waiter.target <= this.replayed || waiter.deadline <= now);
        if (this.waiters.length > 0) await new Promise((resolve) => setTimeout(resolve, this.options.pollMs));
      }
    } finally {
      this.polling = false;
    }
  }

  private settle(done: (waiter: Waiter) => boolean): void {
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      const waiter = this.waiters[i]!;
      if (!done(waiter)) continue;
      this.waiters.splice(i, 1);
      const reached = waiter.target <= this.replayed;
      if (!reached && !this.lateLogged) {
        console.error(`dns: the read replica had not replayed up to a change within ${this.options.boundMs} ms; reading anyway (the periodic sync repairs it)`);
        this.lateLogged = true;
      } else if (reached) this.lateLogged = false;
      waiter.resolve(reached);
    }
  }
}
