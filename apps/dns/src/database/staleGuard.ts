import { performance } from 'node:perf_hooks';
import { dnsNodes, type Database, type DnsNetwork } from '@kaja/db';
import { and, eq, ne, sql } from '@kaja/db/orm';

export interface StaleGuardOptions {
  /** This node's `dns_nodes` id and network: the others of its network are what it is compared with. */
  self: { id: string; network: DnsNetwork };
  /** Journal lag past which this node is stale (DNS_STALE_AFTER). */
  staleAfterSeconds: number;
  /** How long a heartbeat keeps a node online (REGION_OFFLINE_AFTER), as the status page counts it. */
  onlineForSeconds: number;
  /** How often the other nodes' heartbeats are read while this node is current (its heartbeat interval); every check while stale. */
  viewEveryMs: number;
  /** This node's journal lag now, in seconds. */
  lagSeconds: () => number;
  /** Opens (true) or closes (false) the node's DNS listeners. */
  setAnswering: (on: boolean) => Promise<void>;
  log?: (message: string) => void;
}

/** Another node of the network as its last heartbeat told, and when we read it. */
interface OtherNode {
  name: string;
  /** How old its heartbeat was when read, in ms. */
  ageMs: number;
  lagSeconds: number;
}

/**
 * Stops a DNS node answering while it is stale and another node of its network is current, so
 * that the route to it is withdrawn and its clients reach a current node (decision 047): its
 * listeners are closed, as a stopped node's are, which is what anycast health checks see. It
 * answers again once current, and goes on answering stale when no node is current (stale answers
 * beat none).
 *
 * Whether another node is current comes from the heartbeats in `dns_nodes`, read every
 * `viewEveryMs` and at each check while stale. A node that cannot read them (its database cut
 * off) judges by the last it read, and counts another node current only while the heartbeat it
 * saw is younger than `onlineForSeconds`, as the status page would: past that it cannot tell a
 * partition of its own from the database gone for every node, and answers.
 */
export class StaleGuard {
  private timer: NodeJS.Timeout | undefined;
  private view: { readAt: number; others: OtherNode[] } | undefined;
  private reading: Promise<void> | undefined;
  private readFailing = false;
  private checking = false;
  private stopped = false;
  private answeringNow = true;
  private readonly log: (message: string) => void;

  constructor(
    private readonly db: Database,
    private readonly options: StaleGuardOptions,
  ) {
    this.log = options.log ?? ((message) => console.error(`dns: ${message}`));
  }

  /** Whether the listeners are open (false while withdrawn for being stale). */
  get answering(): boolean {
    return this.answeringNow;
  }

  start(): void {
    void this.read();
    // Every second: a withdrawal is due within a second of the lag passing the limit.
    this.timer = setInterval(() => void this.check(), 1000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.reading;
  }

  /** Looks at the lag once: withdraws, or answers again, when that is due. One check at a time. */
  async check(): Promise<void> {
    if (this.checking || this.stopped) return;
    this.checking = true;
    try {
      const lag = this.options.lagSeconds();
      const stale = lag > this.options.staleAfterSeconds;
      // While stale each check reads (not awaited: a database that hangs must not hold the decision).
      if (stale || !this.view || performance.now() - this.view.readAt >= this.options.viewEveryMs) void this.read();
      const current = stale ? this.currentOther() : undefined;
      const answer = !stale || current === undefined;
      if (answer === this.answeringNow) return;
      try {
        await this.options.setAnswering(answer);
        this.answeringNow = answer;
        this.log(
          answer
            ? stale
              ? `answering again although ${lag.toFixed(1)} s behind the journal: no other node is current`
              : 'answering again: current with the journal'
            : `stopped answering: ${lag.toFixed(1)} s behind the journal (more than ${this.options.staleAfterSeconds} s) while ${current.name} is current`,
        );
      } catch (error) {
        this.log(`could not ${answer ? 'open' : 'close'} the DNS listeners: ${(error as Error).message}`);
      }
    } finally {
      this.checking = false;
    }
  }

  /** A node of the network other than this one whose last heartbeat is recent and whose lag is within the limit. */
  private currentOther(): OtherNode | undefined {
    if (!this.view) return undefined;
    const since = performance.now() - this.view.readAt;
    const onlineForMs = this.options.onlineForSeconds * 1000;
    return this.view.others.find((other) => other.ageMs + since < onlineForMs && other.lagSeconds <= this.options.staleAfterSeconds);
  }

  private read(): Promise<void> {
    this.reading ??= (async () => {
      const asked = performance.now();
      try {
        const rows = await this.db
          .select({
            name: dnsNodes.name,
            ageMs: sql<number>`extract(epoch FROM now() - ${dnsNodes.lastHeartbeatAt}) * 1000`.mapWith(Number),
            lagSeconds: dnsNodes.journalLagSeconds,
          })
          .from(dnsNodes)
          .where(and(ne(dnsNodes.id, this.options.self.id), eq(dnsNodes.network, this.options.self.network)));
        // Ages are as of the moment we asked: counting from then errs towards a node looking older.
        this.view = { readAt: asked, others: rows };
        if (this.readFailing) this.log('the other nodes’ heartbeats can be read again');
        this.readFailing = false;
      } catch (error) {
        if (!this.readFailing) this.log(`could not read the other nodes’ heartbeats (judging by the last read): ${(error as Error).message}`);
        this.readFailing = true;
      } finally {
        this.reading = undefined;
      }
    })();
    return this.reading;
  }
}
