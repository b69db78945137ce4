import { secondaryAddressProblem } from '@kaja/config';
import type { Cidr, KeyEncryptionKeys } from '@kaja/config';
import type { DatabaseHandle, ZoneChangeNotice } from '@kaja/db';
import type { Registry } from 'prom-client';
import { DatabaseKeySource } from '../databaseKeySource';
import { serverRegistry } from '../metrics/serverMetrics';
import { Notifier } from '../notify';
import { startServer, type DnsServer, type ServerOptions } from '../server';
import { ZoneSigning } from '../signing';
import { DatabaseTransfers } from '../transferDatabase';
import { ZoneStore } from '../zoneStore';
import { databaseNotices, inProcessNotices, ZoneChangeFollower, type ZoneChangeFollowerOptions, type NoticeSource } from './zoneChangeFollower';
import { NodeHeartbeat, type NodeIdentity } from './heartbeat';
import { QueryCountsFlusher } from './queryCountsFlush';
import { SecondaryNotices } from './secondaryNotices';
import type { StoredZoneChange } from './zoneChanges';
import { ZoneFeedPublisher } from './zoneFeed';
import { ZoneLoader, type ZoneListener } from './zoneLoader';
import { ZoneSnapshots, type SnapshotOptions } from './zoneSnapshots';

export interface DatabaseServerOptions extends Omit<ServerOptions, 'zones' | 'signing' | 'transfers'> {
  /** The platform database; the caller opens and closes it. */
  database: DatabaseHandle;
  /** Opens DNSSEC private keys and TSIG secrets (`resolveKeyEncryptionKey` of @kaja/config). */
  keyEncryptionKey: KeyEncryptionKeys;
  /** Send NOTIFY to the zones' secondaries after each change: in one process per node only. */
  notify?: boolean;
  /** Special-purpose networks secondaries may be in all the same (SECONDARY_ALLOWED_CIDRS; default none). */
  secondaryAllowedCidrs?: readonly Cidr[];
  /**
   * Announcements from an API in this process (`ZoneChangePublisher.subscribe`): the embedded
   * database has no other way to reach us.
   */
  subscribe?: (listener: (notice: ZoneChangeNotice) => void) => () => void;
  /** LISTEN on `zone_changes` too (default: when the database is PostgreSQL). */
  listenForChanges?: boolean;
  /** Replaces the announcement sources above (tests drop notices with it). */
  sources?: NoticeSource[];
  follower?: Partial<ZoneChangeFollowerOptions>;
  /** How often query counts are written (default every minute). */
  countsFlushIntervalMs?: number;
  /** Registered before the first load, so they hear every zone (per-zone state such as keys). */
  zoneListeners?: ZoneListener[];
  /** Heartbeat into `dns_nodes` as this node (in one process per node only). */
  node?: NodeIdentity;
  /**
   * The node's snapshot of what it serves (DNS_SNAPSHOT_DIR): kept current when `write`, and
   * served at start when the database cannot be reached, until it can.
   */
  snapshot?: SnapshotOptions;
  /**
   * The node's other workers serve the zones loaded here, from shared memory, told of each over
   * this `BroadcastChannel` (`ZoneFeedPublisher`; they run `serveFedZones`).
   */
  feedChannel?: string;
}

export interface DatabaseDnsServer extends DnsServer {
  zones: ZoneStore;
  loader: ZoneLoader;
  follower: ZoneChangeFollower;
  signing: ZoneSigning;
  /** The secondary zones NOTIFY is heard for; `load` reads them again at once. */
  secondaryNotices: SecondaryNotices;
  /** Writes the query counts now. */
  flushCounts(): Promise<void>;
  /** This process's metrics (journal lag among them), read at scrape time. */
  metrics: Registry;
  /** Present with `node`: `beat()` writes the node's row now. */
  heartbeat: NodeHeartbeat | undefined;
  /** The snapshot kept (when asked for); `flush` writes what changed now. */
  snapshots: ZoneSnapshots | undefined;
  /** Started from the snapshot: the database could not be reached (it is tried until it can). */
  fromSnapshot: boolean;
}

/**
 * The DNS server on the zones in the database: loads every active zone, then listens, follows
 * the zone changes, signs the zones that have keys, serves transfers to the zones' secondaries
 * (and notifies them), takes dynamic updates when given the handler, writes the query
 * counts and, given the node's identity, its heartbeats. `close` stops all of it (counts written last).
 */
export async function serveDatabaseZones(options: DatabaseServerOptions): Promise<DatabaseDnsServer> {
  const { database } = options;
  const zones = new ZoneStore();
  const loader = new ZoneLoader(database.db, zones);
  const keys = new DatabaseKeySource(database, options.keyEncryptionKey);
  const signing = new ZoneSigning(zones, keys);
  loader.onZone(async (event) => {
    // Activating or retiring a key changes no record but the serial: such a change is the sign
    // to read the zone's keys again (changed key sets are noticed by the signer itself).
    if (event.type === 'changed' && onlySoa(event.change)) await signing.reload(event.zone.name);
    if (event.type === 'removed' && !zones.get(event.name)) keys.forget(event.name);
  });
  for (const listener of options.zoneListeners ?? []) loader.onZone(listener);
  const snapshots = options.snapshot ? new ZoneSnapshots(options.snapshot, loader, keys) : undefined;
  snapshots?.follow();
  const sources = options.sources ?? [
    ...(options.subscribe ? [inProcessNotices(options.subscribe)] : []),
    ...((options.listenForChanges ?? database.kind === 'postgres') ? [databaseNotices(database)] : []),
  ];
  const follower = new ZoneChangeFollower(loader, sources, options.follower);
  const transfers = new DatabaseTransfers(database, options.keyEncryptionKey);
  const notifier = options.notify
    ? new Notifier(zones, {
        access: transfers,
        onNotified: (secondary, serial) => transfers.notified(secondary, serial),
        addressProblem: (address) => secondaryAddressProblem(address, options.secondaryAllowedCidrs ?? []),
      })
    : undefined;
  // NOTIFYs not yet acknowledged live in the database (a secondary's notified serial behind its
  // zone's), so whichever process sends them now also sends those a stopped one could not.
  const notifyPending = async () => {
    if (!notifier) return;
    await transfers.unnotifiedZones().then(
      (names) => {
        for (const name of names) if (zones.get(name)) void notifier.notifyZone(name);
      },
      (error: Error) => console.error(`dns: could not read the NOTIFYs still to send: ${error.message}`),
    );
  };
  let restored = false;
  try {
    await follower.start();
    void snapshots?.prune();
  } catch (error) {
    const kept = (await snapshots?.read().catch(() => [])) ?? [];
    if (kept.length === 0) {
      await follower.stop();
      signing.close();
      throw error;
    }
    for (const { zone, keys: sealed } of kept) keys.remember(zone.name, sealed);
    await loader.restore(kept);
    restored = true;
    console.error(
      `dns: the database cannot be reached (${(error as Error).message}); serving ${kept.length} zone(s) from the snapshot in ${options.snapshot!.dir} until it can`,
    );
    follower.startWhenReachable(() => {
      void notifyPending();
      void snapshots?.prune();
    });
  }
  await signing.ready();
  const notifies = new SecondaryNotices(database.db);
  await notifies.load();
  let server: DnsServer;
  try {
    server = await startServer({
      ...options,
      zones,
      signing,
      notifies,
      transfers: { access: transfers, source: transfers, signedRecords: (zone) => signing.signedTransfer(zone, options.alias) },
    });
  } catch (error) {
    notifies.close();
    await follower.stop();
    await loader.close();
    throw error;
  }
  const feed = options.feedChannel === undefined ? undefined : new ZoneFeedPublisher(options.feedChannel, zones, (name) => loader.servedId(name));
  feed?.start(restored);
  if (!restored) void notifyPending();
  const flusher = new QueryCountsFlusher(database.db, server.responder.counts, (name) => loader.zoneId(name), options.countsFlushIntervalMs);
  flusher.start();
  const heartbeat = options.node && new NodeHeartbeat(database.db, options.node, () => ({ journalPosition: follower.position, zonesLoaded: zones.size }));
  heartbeat?.start();
  return {
    ...server,
    zones,
    loader,
    follower,
    signing,
    secondaryNotices: notifies,
    flushCounts: () => flusher.flush(),
    metrics: serverRegistry({
      counters: server.responder.metrics,
      rateLimit: server.responder.rateLimiter?.counts,
      zones: () => zones.size,
      journalLagSeconds: () => (loader.syncedAt === undefined ? undefined : (Date.now() - loader.syncedAt) / 1000),
    }),
    heartbeat,
    snapshots,
    fromSnapshot: restored,
    async close() {
      await heartbeat?.stop();
      notifies.close();
      await follower.stop();
      feed?.close();
      await notifier?.close();
      await server.close();
      await loader.close();
      await snapshots?.close();
      await flusher.stop();
    },
  };
}

/** A zone change that replaced the SOA and nothing else. */
function onlySoa(change: StoredZoneChange): boolean {
  return change.added.every((r) => r.type === 'SOA') && change.removed.every((r) => r.type === 'SOA');
}
