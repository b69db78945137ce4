import type { DatabaseHandle, ZoneChangeNotice } from '@kaja/db';
import { startServer, type DnsServer, type ServerOptions } from '../server';
import { ZoneStore } from '../zoneStore';
import { databaseNotices, inProcessNotices, JournalFollower, type JournalFollowerOptions, type NoticeSource } from './journalFollower';
import { QueryCountsFlusher } from './queryCountsFlush';
import { ZoneLoader, type ZoneListener } from './zoneLoader';

export interface DatabaseServerOptions extends Omit<ServerOptions, 'zones'> {
  /** The platform database; the caller opens and closes it. */
  database: DatabaseHandle;
  /**
   * Announcements from an API in this process (`ZoneChangePublisher.subscribe`): the embedded
   * database has no other way to reach us.
   */
  subscribe?: (listener: (notice: ZoneChangeNotice) => void) => () => void;
  /** LISTEN on `zone_changes` too (default: when the database is PostgreSQL). */
  listenForChanges?: boolean;
  /** Replaces the announcement sources above (tests drop notices with it). */
  sources?: NoticeSource[];
  follower?: Partial<JournalFollowerOptions>;
  /** How often query counts are written (default every minute). */
  countsFlushIntervalMs?: number;
  /** Registered before the first load, so they hear every zone (per-zone state such as keys). */
  zoneListeners?: ZoneListener[];
}

export interface DatabaseDnsServer extends DnsServer {
  zones: ZoneStore;
  loader: ZoneLoader;
  follower: JournalFollower;
  /** Writes the query counts now. */
  flushCounts(): Promise<void>;
}

/**
 * The DNS server on the zones in the database: loads every active zone, then listens, follows
 * the change journal and writes the query counts. `close` stops all of it (counts written last).
 */
export async function serveDatabaseZones(options: DatabaseServerOptions): Promise<DatabaseDnsServer> {
  const { database } = options;
  const zones = new ZoneStore();
  const loader = new ZoneLoader(database.db, zones);
  for (const listener of options.zoneListeners ?? []) loader.onZone(listener);
  const sources = options.sources ?? [
    ...(options.subscribe ? [inProcessNotices(options.subscribe)] : []),
    ...((options.listenForChanges ?? database.kind === 'postgres') ? [databaseNotices(database)] : []),
  ];
  const follower = new JournalFollower(loader, sources, options.follower);
  try {
    await follower.start();
  } catch (error) {
    await follower.stop();
    throw error;
  }
  let server: DnsServer;
  try {
    server = await startServer({ ...options, zones });
  } catch (error) {
    await follower.stop();
    await loader.close();
    throw error;
  }
  const flusher = new QueryCountsFlusher(database.db, server.responder.counts, (name) => loader.zoneId(name), options.countsFlushIntervalMs);
  flusher.start();
  return {
    ...server,
    zones,
    loader,
    follower,
    flushCounts: () => flusher.flush(),
    async close() {
      await follower.stop();
      await server.close();
      await loader.close();
      await flusher.stop();
    },
  };
}
