import { loadConfig, resolveKeyEncryptionKey } from '@kaja/config';
import { openDatabase } from '@kaja/db';
import type { Registry } from 'prom-client';
import { createUpdateService, ZoneChangePublisher } from '@kaja/zone-writes';
import { jsonLineLogger } from '../log';
import { nodeIdentity } from './heartbeat';
import { serveDatabaseZones, type DatabaseServerOptions } from './serve';

type NodeOptions = Omit<DatabaseServerOptions, 'database' | 'keyEncryptionKey' | 'updates' | 'secondaryAllowedCidrs' | 'node' | 'snapshot'> & {
  /** Write the node's heartbeats (one process per node: the others would only repeat them). */
  heartbeat: boolean;
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
    const { heartbeat, ...serverOptions } = options;
    const node = heartbeat ? nodeIdentity(platform, options.nodeName) : undefined;
    const server = await serveDatabaseZones({
      ...serverOptions,
      ...(node ? { node } : {}),
      database,
      keyEncryptionKey: resolveKeyEncryptionKey(platform),
      updates: createUpdateService({ db: database.db, config: platform, log, zoneChanges: new ZoneChangePublisher(database.db, log) }),
      secondaryAllowedCidrs: platform.secondaryAllowedCidrs,
      // Every worker may start from the snapshot; the one that sends NOTIFY keeps it.
      snapshot: { dir: platform.dnsSnapshotDir, write: options.notify ?? false },
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
