import { loadConfig, resolveKeyEncryptionKey } from '@kaja/config';
import { openDatabase } from '@kaja/db';
import type { Registry } from 'prom-client';
import { createUpdateService, ZoneChangePublisher } from '@kaja/zone-writes';
import { jsonLineLogger } from '../log';
import { nodeIdentity } from './heartbeat';
import { serveDatabaseZones, type DatabaseServerOptions } from './serve';
import { serveFedZones } from './serveFed';

/** Connections per worker on the replica: reads come one refresh at a time, mostly. */
const replicaPoolSize = 2;

type NodeOptions = Omit<
  DatabaseServerOptions,
  'database' | 'primary' | 'keyEncryptionKey' | 'updates' | 'secondaryAllowedCidrs' | 'node' | 'snapshot' | 'feedChannel' | 'staleAfter'
> & {
  /** A read replica of `databaseUrl` for every read (`--replica-url`); the writes go to `databaseUrl`. */
  replicaUrl?: string;
  /** Journal lag in seconds past which the node stops answering while another is current (--stale-after); 0: never. */
  staleAfterSeconds: number;
  /** Write the node's heartbeats (one worker per node: the others would only repeat them). */
  heartbeat: boolean;
  /**
   * A node of several workers: the lead loads and follows the zones and tells the others of them
   * over this channel (`serveDatabaseZones`'s `feedChannel`); the others serve them (`serveFedZones`).
   */
  feed?: { channel: string; lead: boolean };
};

/**
 * A DNS-only node (`npm run dns` with DATABASE_URL): serves the zones of the platform database and
 * takes dynamic updates through the platform's one write path, whose changes are announced on
 * `zone_changes` so every node, this one included, follows, and heartbeats into `dns_nodes` as
 * DNS_NODE_ID (or the id kept in DATA_DIR) in DNS_NETWORK and DNS_REGION. A DNS node sends no mail.
 */
export async function serveDatabaseNode(
  databaseUrl: string,
  options: NodeOptions,
): Promise<{ zones: number; fromSnapshot: boolean; metrics: Registry; close: () => Promise<void> }> {
  // The API's nodes own the schema: a DNS node reads zones, adds query counts and writes its heartbeat.
  // With a replica, the primary takes only those few writes.
  const primary = await openDatabase({
    databaseUrl,
    dataDir: '',
    migrate: false,
    // Writes come every few seconds at most (the heartbeat, query counts, the lease holder's
    // renewal): one connection per worker, let go a second after, so a location's nodes do not
    // each hold one open on the primary. Dynamic updates sent to the node wait their turn on it.
    ...(options.replicaUrl ? { poolSize: 1, idleTimeoutMs: 1000 } : {}),
  });
  let replica;
  try {
    replica = options.replicaUrl ? await openDatabase({ databaseUrl: options.replicaUrl, dataDir: '', migrate: false, poolSize: replicaPoolSize }) : undefined;
  } catch (error) {
    await primary.close();
    throw error;
  }
  const database = replica ?? primary;
  const closeDatabases = () => Promise.all([replica?.close(), primary.close()]).then(() => undefined);
  try {
    const platform = loadConfig();
    const log = jsonLineLogger();
    const { heartbeat, feed, staleAfterSeconds, replicaUrl: _replicaUrl, ...serverOptions } = options;
    const node = heartbeat ? nodeIdentity(platform, options.nodeName) : undefined;
    const common = {
      ...serverOptions,
      database,
      primary,
      keyEncryptionKey: resolveKeyEncryptionKey(platform),
      countsFlushIntervalMs: platform.dnsQueryCountsIntervalSeconds * 1000,
      network: platform.dnsNode.network,
      // Dynamic updates go through the platform's write path, on the primary.
      updates: createUpdateService({ db: primary.db, config: platform, log, zoneChanges: new ZoneChangePublisher(log) }),
    };
    const server =
      feed && !feed.lead
        ? await serveFedZones({ ...common, feedChannel: feed.channel })
        : await serveDatabaseZones({
            ...common,
            ...(node ? { node } : {}),
            secondaryAllowedCidrs: platform.secondaryAllowedCidrs,
            notifyLease: { ttlMs: platform.dnsNotifyLeaseSeconds * 1000 },
            ...(staleAfterSeconds > 0 ? { staleAfter: { seconds: staleAfterSeconds, onlineForSeconds: platform.regionOfflineAfterSeconds } } : {}),
            // The worker that sends NOTIFY keeps the snapshot; a node of one worker may start from it.
            snapshot: { dir: platform.dnsSnapshotDir, write: options.notify ?? false },
            feedChannel: feed?.channel,
            // On a replica the periodic sync compares the zones changed since the last one; every zone every 10 minutes.
            ...(replica ? { follower: { ...serverOptions.follower, fullSyncIntervalMs: 600_000 } } : {}),
          });
    return {
      zones: server.zones.size,
      fromSnapshot: server.fromSnapshot,
      metrics: server.metrics,
      close: () => server.close().finally(closeDatabases),
    };
  } catch (error) {
    await closeDatabases();
    throw error;
  }
}
