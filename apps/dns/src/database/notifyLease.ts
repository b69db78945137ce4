import { performance } from 'node:perf_hooks';
import { dnsLeases, type Database } from '@kaja/db';
import { and, eq, sql } from '@kaja/db/orm';

/** Who asks for the lease: the node's `dns_nodes` id and name. */
export interface LeaseHolder {
  id: string;
  name: string;
}

export interface NotifyLeaseOptions {
  /** How long a take or renewal holds the lease (DNS_NOTIFY_LEASE, 15 s). */
  ttlMs: number;
  /**
   * The node's read replica (decision 046): a node standing by reads the lease there and writes to
   * the primary only when it shows the lease free, expired or its own. A deployment's standing-by
   * nodes then cost the primary nothing; only the holder writes, once every third of the lease.
   */
  replica?: Database;
  log?: (message: string) => void;
}

const leaseName = 'notify';

/**
 * The right to send NOTIFY to customers' secondaries, held by one node of the deployment at a
 * time (decision 047): a row in `dns_leases` taken when free or expired, renewed every third of
 * its length and given up at a clean stop. Every node tries at each interval, so one stands by
 * to take it within a lease of the holder going away.
 *
 * The holder counts itself holder only until the lease's length has passed since it *asked*: the
 * database stamps the expiry after that, so the holder always lets go (in its own eyes) before
 * another node can take the row, and a holder cut off from the database stops sending in time.
 */
export class NotifyLease {
  /** `performance.now()` until which this process holds the lease; 0 when it does not. */
  private heldUntil = 0;
  private timer: NodeJS.Timeout | undefined;
  private trying: Promise<void> | undefined;
  private readonly takenListeners = new Set<() => void>();
  private failing = false;
  private stopped = false;
  /** Whether a try has been answered: the lease taken at the first is the usual start, not news for the log. */
  private answered = false;
  private readonly renewMs: number;
  private readonly log: (message: string) => void;

  constructor(
    private readonly db: Database,
    private readonly holder: LeaseHolder,
    private readonly options: NotifyLeaseOptions,
  ) {
    // The holder renews, and a node standing by tries, every third of the lease.
    this.renewMs = Math.floor(options.ttlMs / 3);
    this.log = options.log ?? ((message) => console.error(`dns: ${message}`));
  }

  /** Whether this process may send NOTIFY now. */
  get held(): boolean {
    return !this.stopped && performance.now() < this.heldUntil;
  }

  /** Called each time the lease is taken (not at renewals): the holder then sends what is pending. */
  onTaken(listener: () => void): void {
    this.takenListeners.add(listener);
  }

  /** Tries once now (awaited, so a node alone holds it from its start), then every interval. */
  async start(): Promise<void> {
    await this.attempt();
    this.schedule();
  }

  /** Takes or renews the lease when it is free, expired or already ours; one attempt at a time. */
  attempt(): Promise<void> {
    this.trying ??= this.tryOnce().finally(() => (this.trying = undefined));
    return this.trying;
  }

  /** Stops renewing and frees the lease, so the node standing by takes it at its next try rather than after expiry. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.trying;
    // Deleted even when we do not count ourselves holder: a try under way at the stop may have taken it.
    const held = this.heldUntil !== 0;
    this.heldUntil = 0;
    await this.db
      .delete(dnsLeases)
      .where(and(eq(dnsLeases.name, leaseName), eq(dnsLeases.holderId, this.holder.id)))
      .catch((error: Error) => {
        if (held) this.log(`could not give up the NOTIFY lease (it expires by itself): ${reason(error)}`);
      });
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.attempt().then(() => this.schedule()), this.renewMs);
    this.timer.unref();
  }

  /** Whether the replica shows another node's unexpired lease (by the replica's clock); false when it cannot tell. */
  private async heldElsewhere(replica: Database): Promise<boolean> {
    try {
      const result: unknown = await replica.execute(
        sql`SELECT 1 FROM ${dnsLeases} WHERE ${dnsLeases.name} = ${leaseName} AND ${dnsLeases.expiresAt} > now() AND ${dnsLeases.holderId} <> ${this.holder.id}`,
      );
      return (result as { rows: unknown[] }).rows.length > 0;
    } catch {
      return false;
    }
  }

  private async tryOnce(): Promise<void> {
    // The replica may be behind: a lease it shows held was held a moment ago, and the holder renews
    // long before expiry. One it shows free is asked for on the primary, which alone decides.
    if (this.options.replica && !this.held && (await this.heldElsewhere(this.options.replica))) {
      this.answered = true;
      return;
    }
    const asked = performance.now();
    const seconds = this.options.ttlMs / 1000;
    let taken: boolean;
    try {
      // One statement, so two nodes asking at once cannot both win: the row is inserted when
      // there is none, and otherwise updated only when it has expired or is already ours.
      const rows = await this.db
        .insert(dnsLeases)
        .values({
          name: leaseName,
          holderId: this.holder.id,
          holderName: this.holder.name,
          acquiredAt: sql`now()`,
          expiresAt: sql`now() + make_interval(secs => ${seconds})`,
        })
        .onConflictDoUpdate({
          target: dnsLeases.name,
          set: {
            holderId: sql`excluded.holder_id`,
            holderName: sql`excluded.holder_name`,
            acquiredAt: sql`CASE WHEN ${dnsLeases.holderId} = excluded.holder_id AND ${dnsLeases.expiresAt} > now() THEN ${dnsLeases.acquiredAt} ELSE now() END`,
            expiresAt: sql`excluded.expires_at`,
          },
          setWhere: sql`${dnsLeases.expiresAt} <= now() OR ${dnsLeases.holderId} = excluded.holder_id`,
        })
        .returning({ holderId: dnsLeases.holderId });
      taken = rows.length > 0;
      if (this.failing) this.log('the NOTIFY lease can be asked for again');
      this.failing = false;
    } catch (error) {
      // Unanswered: we keep what we held until it runs out (the deadline below is not moved).
      if (!this.failing) this.log(`could not ask for the NOTIFY lease: ${reason(error as Error)}`);
      this.failing = true;
      return;
    }
    if (this.stopped) return;
    const was = this.held;
    const first = !this.answered;
    this.answered = true;
    this.heldUntil = taken ? asked + this.options.ttlMs : 0;
    if (taken && !was) {
      // Taken at start is what a node alone (`npm start`) always does; a lease taken later is a takeover.
      if (!first) this.log(`this node (${this.holder.name}) holds the NOTIFY lease: it sends NOTIFY to the secondaries`);
      for (const listener of this.takenListeners) listener();
    } else if (!taken && was) {
      this.log('another node holds the NOTIFY lease: this one stands by');
    }
  }
}

/** The driver's reason, not the ORM's wrapper that repeats the whole statement. */
function reason(error: Error): string {
  return (error.cause as Error | undefined)?.message ?? error.message;
}
