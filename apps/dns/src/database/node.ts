import { loadConfig, resolveKeyEncryptionKey } from '@kaja/config';
import { openDatabase } from '@kaja/db';
import type { Registry } from 'prom-client';
import { createUpdateService, ZoneChangePublisher } from '@kaja/zone-writes';
import { jsonLineLogger } from '../log';
import { serveDatabaseZones, type DatabaseServerOptions } from './serve';

type NodeOptions = Omit<DatabaseServerOptions, 'database' | 'keyEncryptionKey' | 'updates' | 'secondaryAllowedCidrs'>;

/**
 * A DNS-only node (`npm run dns` with DATABASE_URL): serves the zones of the platform database and
 * takes dynamic updates through the platform's one write path, whose changes are announced on
 * `zone_changes` so every node, this one included, follows. A DNS node sends no mail.
 */
export async function serveDatabaseNode(databaseUrl: string, options: NodeOptions): Promise<{ zones: number; metrics: Registry; close: () => Promise<void> }> {
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
    });
    return { zones: server.zones.size, metrics: server.metrics, close: () => server.close().finally(() => database.close()) };
  } catch (error) {
    await database.close();
    throw error;
  }
}
