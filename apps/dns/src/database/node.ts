import { loadConfig, resolveKeyEncryptionKey } from '@kaja/config';
import { openDatabase } from '@kaja/db';
import type { Registry } from 'prom-client';
import { createUpdateService, ZoneChangePublisher } from '@kaja/zone-writes';
import { jsonLineLogger } from '../log';
import { nodeIdentity } from './heartbeat';
import { serveDatabaseZones, type DatabaseServerOptions } from './serve';
import { serveFedZones } from './serveFed';

type NodeOptions = Omit<
  DatabaseServerOptions,
  'database' | 'keyEncryptionKey' | 'updates' | 'secondaryAllowedCidrs' | 'node' | 'snapshot' | 'feedChannel' | 'staleAfter'
> & {
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
  const database = await openDatabase({ databaseUrl, dataDir: '', migrate: false });
  try {
    const platform = loadConfig();
    const log = jsonLineLogger();
    const { heartbeat, feed, staleAfterSeconds, ...serverOptions } = options;
    const node = heartbeat ? nodeIdentity(platform, options.nodeName) : undefined;
    const common = {
      ...serverOptions,
      database,
      keyEncryptionKey: resolveKeyEncryptionKey(platform),
      updates: createUpdateService({ db: database.db, config: platform, log, zoneChanges: new ZoneChangePublisher(database.db, log) }),
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
          });
    return {
      zones: server.zones.size,
      fromSnapshot: server.fromSnapshot,
      metrics: server.metrics,
      close: () => server.close().finally(() => database.close()),
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
