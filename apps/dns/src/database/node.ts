import { loadConfig, resolveKeyEncryptionKey } from '@kaja/config';
import { openDatabase } from '@kaja/db';
import { createUpdateService, ZoneChangePublisher } from '@kaja/zone-writes';
import { jsonLineLogger } from '../log';
import { serveDatabaseZones, type DatabaseServerOptions } from './serve';

type NodeOptions = Omit<DatabaseServerOptions, 'database' | 'keyEncryptionKey' | 'updates' | 'secondaryAllowedCidrs' | 'snapshot'>;

/**
 * A DNS-only node (`npm run dns` with DATABASE_URL): serves the zones of the platform database and
 * takes dynamic updates through the platform's one write path, whose changes are announced on
 * `zone_changes` so every node, this one included, follows. A DNS node sends no mail.
 */
export async function serveDatabaseNode(
  databaseUrl: string,
  options: NodeOptions,
): Promise<{ zones: number; fromSnapshot: boolean; close: () => Promise<void> }> {
  // The API's nodes own the schema: a DNS node only reads zones and adds query counts.
  const database = await openDatabase({ databaseUrl, dataDir: '', migrate: false });
  try {
    const platform = loadConfig();
    const log = jsonLineLogger();
    const server = await serveDatabaseZones({
      ...options,
      database,
      keyEncryptionKey: resolveKeyEncryptionKey(platform),
      updates: createUpdateService({ db: database.db, config: platform, log, zoneChanges: new ZoneChangePublisher(database.db, log) }),
      secondaryAllowedCidrs: platform.secondaryAllowedCidrs,
      // Every worker may start from the snapshot; the one that sends NOTIFY keeps it.
      snapshot: { dir: platform.dnsSnapshotDir, write: options.notify ?? false },
    });
    return { zones: server.zones.size, fromSnapshot: server.fromSnapshot, close: () => server.close().finally(() => database.close()) };
  } catch (error) {
    await database.close();
    throw error;
  }
}
