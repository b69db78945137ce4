import { readFileSync } from 'node:fs';
import { resolveDnsNodeId, type Config } from '@kaja/config';
import { dnsNodes, regions, zoneChanges, type Database, type DnsNetwork } from '@kaja/db';
import { sql } from '@kaja/db/orm';

/** The DNS server's version, as its package states it. */
export const dnsVersion: string = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** Who a DNS node is on the status page (decision 038). */
export interface NodeIdentity {
  /** Stable per node (`resolveDnsNodeId` of @kaja/config). */
  id: string;
  /** The host name, as NSID answers it. */
  name: string;
  network: DnsNetwork;
  /** The status page region's name; unset, the node counts for no region. */
  region: string | undefined;
  version: string;
  intervalMs: number;
}

/** The node's identity from the configuration: DNS_NODE_ID (or the id kept in DATA_DIR), DNS_NETWORK, DNS_REGION, DNS_HEARTBEAT_INTERVAL. */
export function nodeIdentity(config: Pick<Config, 'dnsNode' | 'dataDir'>, name: string): NodeIdentity {
  return {
    id: resolveDnsNodeId(config),
    name,
    network: config.dnsNode.network,
    region: config.dnsNode.region,
    version: dnsVersion,
    intervalMs: config.dnsNode.heartbeatIntervalSeconds * 1000,
  };
}

/** What the node serves at the moment of a heartbeat. */
export interface NodeState {
  journalPosition: number;
  zonesLoaded: number;
}

/**
 * Writes the node's row in `dns_nodes` at start and every interval, off the answer path: a beat
 * is one statement on the node's pool, and a failing database costs a line in the log, never an
 * answer. The database's clock stamps the beat, so nodes with skewed clocks compare fairly.
 */
export class NodeHeartbeat {
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private readonly startedAt = new Date();
  private failing = false;
  private regionMissing = false;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly identity: NodeIdentity,
    private readonly state: () => NodeState,
  ) {}

  /** The first beat now (not awaited), then one every interval. */
  start(): void {
    void this.beat().then(() => this.schedule());
  }

  /**
   * Writes the row now (one beat at a time; asked for while one runs, it writes again after it,
   * so what it writes is the state as of the asking); failures are logged, not thrown.
   */
  beat(): Promise<void> {
    if (this.beating) {
      this.queued ??= this.beating.then(() => {
        this.queued = undefined;
        return this.stopped ? undefined : this.beat();
      });
      return this.queued;
    }
    this.beating = this.write().finally(() => (this.beating = undefined));
    return this.beating;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await (this.queued ?? this.beating);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.beat().then(() => this.schedule()), this.identity.intervalMs);
    this.timer.unref();
  }

  private async write(): Promise<void> {
    const { id, name, network, region, version } = this.identity;
    const { journalPosition, zonesLoaded } = this.state();
    try {
      const row = {
        name,
        network,
        regionId: sql<string | null>`(SELECT ${regions.id} FROM ${regions} WHERE ${regions.name} = ${region ?? null})`,
        version,
        journalPosition,
        journalLagSeconds: sql<number>`coalesce((SELECT extract(epoch FROM now() - min(${zoneChanges.createdAt})) FROM ${zoneChanges} WHERE ${zoneChanges.id} > ${journalPosition}), 0)`,
        zonesLoaded,
        startedAt: this.startedAt,
        lastHeartbeatAt: sql`now()`,
      };
      const [written] = await this.db
        .insert(dnsNodes)
        .values({ id, ...row })
        .onConflictDoUpdate({ target: dnsNodes.id, set: row })
        .returning({ regionId: dnsNodes.regionId });
      if (this.failing) console.error('dns: heartbeats are written again');
      this.failing = false;
      const missing = region !== undefined && written?.regionId == null;
      if (missing && !this.regionMissing)
        console.error(`dns: DNS_REGION names no region (${JSON.stringify(region)}); this node counts for no region on the status page`);
      this.regionMissing = missing;
    } catch (error) {
      // The driver's reason, not the ORM's wrapper that repeats the whole statement.
      const reason = ((error as Error).cause as Error | undefined)?.message ?? (error as Error).message;
      if (!this.failing) console.error(`dns: could not write the heartbeat (answering goes on): ${reason}`);
      this.failing = true;
    }
  }
}
