import type { Database, DnsNetwork } from '@kaja/db';
import { sql } from '@kaja/db/orm';
import type { QueryCounts } from '../queryCounts';

const hourMs = 3_600_000;

/**
 * Writes the in-memory query counts to `query_counts`, off the answer path: every interval, at
 * every full hour (so counts land in the hour they were made) and at stop. Rows are added to, so
 * every node and worker writes the same rows. Counts for names we do not host (no zone) and for
 * zones gone meanwhile are not stored; counts of a failed write wait for the next one. Given the
 * node's network, the same statement adds the stored counts to the network's hourly total
 * (`network_query_counts`), so the operator's totals and the metered rows never disagree.
 */
export class QueryCountsFlusher {
  private timer: NodeJS.Timeout | undefined;
  private since = Date.now();
  private flushing: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly counts: QueryCounts,
    private readonly zoneId: (name: string) => string | undefined,
    private readonly intervalMs = 60_000,
    private readonly network?: DnsNetwork,
  ) {}

  start(): void {
    this.schedule();
  }

  /** Writes what was counted since the last flush (one flush at a time). */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    this.flushing = this.write().finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  /** Stops the timer and writes what is left. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.flush();
  }

  private schedule(): void {
    if (this.stopped) return;
    const now = Date.now();
    const nextHour = Math.floor(now / hourMs) * hourMs + hourMs;
    this.timer = setTimeout(() => void this.flush().then(() => this.schedule()), Math.min(this.intervalMs, nextHour - now + 1));
    this.timer.unref();
  }

  private async write(): Promise<void> {
    const hour = new Date(Math.floor(this.since / hourMs) * hourMs);
    this.since = Date.now();
    const rows = [];
    for (const count of this.counts.drain()) {
      const zoneId = count.zone === '' ? undefined : this.zoneId(count.zone);
      if (zoneId) rows.push({ zone_id: zoneId, qtype: count.qtype, rcode: count.rcode, count: count.count, zone: count.zone });
    }
    if (rows.length === 0) return;
    try {
      const counted = sql`
        SELECT v.zone_id, zones.customer_id, ${hour.toISOString()}::timestamptz AS hour, v.qtype, v.rcode, v.count
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(zone_id uuid, qtype integer, rcode integer, count bigint)
        JOIN zones ON zones.id = v.zone_id`;
      const upsert = sql`
        INSERT INTO query_counts (zone_id, customer_id, hour, qtype, rcode, count)
        SELECT zone_id, customer_id, hour, qtype, rcode, count FROM counted
        ON CONFLICT (zone_id, hour, qtype, rcode) DO UPDATE SET count = query_counts.count + excluded.count`;
      await this.db.execute(
        this.network
          ? sql`
        WITH counted AS (${counted}), stored AS (${upsert})
        INSERT INTO network_query_counts (network, hour, count)
        SELECT ${this.network}, min(hour), sum(count) FROM counted HAVING count(*) > 0
        ON CONFLICT (network, hour) DO UPDATE SET count = network_query_counts.count + excluded.count`
          : sql`WITH counted AS (${counted}) ${upsert}`,
      );
    } catch (error) {
      console.error(`dns: could not write the query counts (kept for the next try): ${(error as Error).message}`);
      for (const row of rows) this.counts.counter(row.zone, row.qtype, row.rcode).count += row.count;
    }
  }
}
