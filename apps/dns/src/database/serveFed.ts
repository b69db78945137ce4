import { RRType } from '@kaja/dns-model';
import type { Registry } from 'prom-client';
import { DatabaseKeySource } from '../databaseKeySource';
import { serverRegistry } from '../metrics/serverMetrics';
import { startServer } from '../server';
import { ZoneSigning } from '../signing';
import { DatabaseTransfers } from '../transferDatabase';
import type { ZoneChange } from '../zone';
import { ZoneStore } from '../zoneStore';
import { QueryCountsFlusher } from './queryCountsFlush';
import type { DatabaseServerOptions } from './serve';
import { SecondaryNotices } from './secondaryNotices';
import { ZoneFeedFollower } from './zoneFeed';

export interface FedServerOptions extends Omit<
  DatabaseServerOptions,
  'feedChannel' | 'notify' | 'node' | 'snapshot' | 'subscribe' | 'listenForChanges' | 'sources' | 'follower' | 'zoneListeners'
> {
  /** The `BroadcastChannel` the node's lead worker tells of its zones (`DatabaseServerOptions.feedChannel`). */
  feedChannel: string;
}

/**
 * A worker of a node other than its lead: serves the zones the lead loads and follows, from the
 * same memory (`ZoneFeedFollower`). It reads the database only for what is its own to answer:
 * DNSSEC keys, transfers and who may take them, NOTIFY for secondary zones, dynamic updates (written
 * through the platform's write path, and back here through the lead); and it writes its query counts.
 */
export async function serveFedZones(
  options: FedServerOptions,
): Promise<{ zones: ZoneStore; fromSnapshot: boolean; metrics: Registry; close(): Promise<void> }> {
  const { database } = options;
  const zones = new ZoneStore();
  const keys = new DatabaseKeySource(database, options.keyEncryptionKey);
  const signing = new ZoneSigning(zones, keys);
  zones.onChange((name, change) => {
    // As the lead does (`serveDatabaseZones`): a change of the SOA alone is the sign that the zone's keys changed.
    if (name !== undefined && change && onlySoa(change)) void signing.reload(name);
  });
  zones.onZoneSet((name) => {
    if (!zones.get(name)) keys.forget(name);
  });
  const feed = new ZoneFeedFollower(options.feedChannel, zones);
  const { fromSnapshot } = await feed.ready;
  await signing.ready();
  const notifies = new SecondaryNotices(database.db);
  const transfers = new DatabaseTransfers(database, options.keyEncryptionKey);
  try {
    await notifies.load();
  } catch (error) {
    feed.close();
    signing.close();
    throw error;
  }
  const server = await startServer({
    ...options,
    zones,
    signing,
    notifies,
    transfers: { access: transfers, source: transfers, signedRecords: (zone) => signing.signedTransfer(zone, options.alias) },
  }).catch((error: Error) => {
    notifies.close();
    feed.close();
    throw error;
  });
  const flusher = new QueryCountsFlusher(database.db, server.responder.counts, (name) => feed.zoneId(name), options.countsFlushIntervalMs);
  flusher.start();
  return {
    zones,
    fromSnapshot,
    metrics: serverRegistry({ counters: server.responder.metrics, rateLimit: server.responder.rateLimiter?.counts, zones: () => zones.size }),
    async close() {
      notifies.close();
      feed.close();
      await server.close();
      await flusher.stop();
    },
  };
}

function onlySoa(change: ZoneChange): boolean {
  return change.added.every((r) => r.type === RRType.SOA) && change.removed.every((r) => r.type === RRType.SOA);
}
