import { randomUUID } from 'node:crypto';
import { secondaryAddressProblem } from '@kaja/config';
import type { Cidr, KeyEncryptionKeys } from '@kaja/config';
import type { DatabaseHandle, DnsNetwork, ZoneChangeNotice } from '@kaja/db';
import type { Registry } from 'prom-client';
import { DatabaseKeySource } from '../databaseKeySource';
import { Notifier } from '../notify';
import type { DnsServer, ServerOptions } from '../server';
import type { ZoneSigning } from '../signing';
import { ZoneBuilder } from '../zoneBuilder';
import type { ZoneStore } from '../zoneStore';
import { databaseNotices, inProcessNotices, ZoneChangeFollower, type ZoneChangeFollowerOptions, type NoticeSource } from './zoneChangeFollower';
import { NodeHeartbeat, type NodeIdentity } from './heartbeat';
import { NotifyLease } from './notifyLease';
import { StaleGuard } from './staleGuard';
import type { SecondaryNotices } from './secondaryNotices';
import { startWorkerServer, workerZones } from './workerServer';
import { ZoneFeedPublisher } from './zoneFeed';
import { ZoneLoader, type ZoneListener } from './zoneLoader';
import { ZoneSnapshots, type SnapshotOptions } from './zoneSnapshots';
import { ReplicaPosition } from './replicaPosition';
import { relayNotices, type RelayAddress } from '../relay/relayNotices';

export interface DatabaseServerOptions extends Omit<ServerOptions, 'zones' | 'signing' | 'transfers'> {
  /** The platform database, or a read replica of it, for every read; the caller opens and closes it. */
  database: DatabaseHandle;
  /**
   * The primary for the node's few writes (heartbeats, query counts, NOTIFY acknowledgements)
   * when `database` is a read replica; the caller opens and closes it.
   */
  primary?: DatabaseHandle;
  /** Opens DNSSEC private keys and TSIG secrets (`resolveKeyEncryptionKey` of @kaja/config). */
  keyEncryptionKey: KeyEncryptionKeys;
  /**
   * Take part in the deployment's NOTIFY lease and, while holding it, send NOTIFY to the zones'
   * secondaries after each change (and those still pending when it takes it): in one process per node only.
   */
  notify?: boolean;
  /**
   * Stop answering while the journal lag passes `seconds` and another node of the network is
   * current (heartbeats younger than `onlineForSeconds`, REGION_OFFLINE_AFTER); needs `node`.
   */
  staleAfter?: { seconds: number; onlineForSeconds: number };
  /** The NOTIFY lease's length (DNS_NOTIFY_LEASE; 15 s by default). The node asks as `node` (its id and name). */
  notifyLease?: { ttlMs: number };
  /** Special-purpose networks secondaries may be in all the same (SECONDARY_ALLOWED_CIDRS; default none). */
  secondaryAllowedCidrs?: readonly Cidr[];
  /**
   * Announcements from an API in this process (`ZoneChangePublisher.subscribe`): the embedded
   * database has no other way to reach us.
   */
  subscribe?: (listener: (notice: ZoneChangeNotice) => void) => () => void;
  /** LISTEN on `zone_changes` (on `primary`) too (default: when the database is PostgreSQL and no relay is given). */
  listenForChanges?: boolean;
  /**
   * Hear the changes from the location's relays instead (`--relay`, RELAY_TOKEN): the node then
   * holds no LISTEN on the primary.
   */
  relays?: { addresses: RelayAddress[]; token: string };
  /** How long a read for a notice waits for the read replica at most (default 5 s). */
  replicaWaitMs?: number;
  /** Replaces the announcement sources above (tests drop notices with it). */
  sources?: NoticeSource[];
  follower?: Partial<ZoneChangeFollowerOptions>;
  /** Zones whose records read as JSON text have this many bytes or more are built on a thread of their own (`ZoneBuilder`; tests lower it). */
  buildBesideBytes?: number;
  /** How often query counts are written (default every minute). */
  countsFlushIntervalMs?: number;
  /** The node's anycast network (DNS_NETWORK), under which its queries are also totalled. */
  network?: DnsNetwork;
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
 * counts and, given the node's identity, its heartbeats. `close` stops all of it (counts written once it no longer answers).
 */
export async function serveDatabaseZones(options: DatabaseServerOptions): Promise<DatabaseDnsServer> {
  const { database } = options;
  const primary = options.primary ?? database;
  const worker = workerZones(database, options.keyEncryptionKey, new DatabaseKeySource(database, options.keyEncryptionKey), primary);
  const { zones, keys, signing, transfers } = worker;
  const builder = new ZoneBuilder();
  const loader = new ZoneLoader(database.db, zones, { builder, buildBesideBytes: options.buildBesideBytes });
  loader.onZone(async (event) => {
    // Changes are taken one at a time, each with the keys it brings (see `ZoneSigning.keysRead`).
    if (event.type === 'changed') await signing.keysRead(event.zone.name);
  });
  for (const listener of options.zoneListeners ?? []) loader.onZone(listener);
  const snapshots = options.snapshot ? new ZoneSnapshots(options.snapshot, loader, keys) : undefined;
  snapshots?.follow();
  // On a read replica, a read a notice leads to waits until the replica has the change.
  const replica = primary !== database ? new ReplicaPosition(database.db, { boundMs: options.replicaWaitMs }) : undefined;
  const readable = replica && ((lsn: string) => replica.waitFor(lsn));
  const sources = options.sources ?? [
    ...(options.subscribe ? [inProcessNotices(options.subscribe)] : []),
    ...(options.relays ? [relayNotices({ relays: options.relays.addresses, token: options.relays.token, readable: readable ?? (async () => {}) })] : []),
    ...((options.listenForChanges ?? (database.kind === 'postgres' && !options.relays)) ? [databaseNotices(primary, readable)] : []),
  ];
  const follower = new ZoneChangeFollower(loader, sources, options.follower);
  // One node of the deployment sends NOTIFY: the holder of the lease (decision 047). A process
  // without a node identity (tests) asks as a node of its own.
  const lease = options.notify
    ? new NotifyLease(
        // A write, as every renewal is: on the primary; standing by, a node reads it on its replica.
        primary.db,
        options.node ? { id: options.node.id, name: options.node.name } : { id: `${options.nodeName}-${randomUUID()}`, name: options.nodeName },
        { ttlMs: options.notifyLease?.ttlMs ?? 15_000, ...(primary !== database ? { replica: database.db } : {}) },
      )
    : undefined;
  const notifier = lease
    ? new Notifier(zones, {
        access: transfers,
        onNotified: (secondary, serial) => transfers.notified(secondary, serial),
        addressProblem: (address) => secondaryAddressProblem(address, options.secondaryAllowedCidrs ?? []),
        sending: () => lease.held,
      })
    : undefined;
  // NOTIFYs not yet acknowledged live in the database (a secondary's notified serial behind its
  // zone's), so whichever node takes the lease also sends those a stopped holder could not.
  const notifyPending = async () => {
    if (!notifier || !lease?.held) return;
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
      replica?.close();
      signing.close();
      await builder.close();
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
  let guard: StaleGuard | undefined;
  const startedAt = Date.now();
  const started = await startWorkerServer(options, worker, {
    zoneId: (name) => loader.zoneId(name),
    journalLagSeconds: () => (loader.syncedAt === undefined ? undefined : (Date.now() - loader.syncedAt) / 1000),
    ...(lease ? { notifyLeaseHeld: () => lease.held } : {}),
    ...(options.staleAfter && options.node ? { staleWithdrawn: () => guard?.answering === false } : {}),
  }).catch(async (error: Error) => {
    await follower.stop();
    replica?.close();
    await loader.close();
    await builder.close();
    throw error;
  });
  const feed = options.feedChannel === undefined ? undefined : new ZoneFeedPublisher(options.feedChannel, zones, (name) => loader.servedId(name), keys);
  feed?.start(restored);
  // Taken only now that the zones are served: NOTIFY goes out for serials this node answers with.
  lease?.onTaken(() => void notifyPending());
  if (restored) void lease?.start();
  else await lease?.start();
  if (options.staleAfter && options.node) {
    const { seconds, onlineForSeconds } = options.staleAfter;
    guard = new StaleGuard(database.db, {
      self: { id: options.node.id, network: options.node.network },
      staleAfterSeconds: seconds,
      onlineForSeconds,
      viewEveryMs: options.node.intervalMs,
      // Started from the snapshot, the node has never been current: its lag runs from its start.
      lagSeconds: () => (Date.now() - (loader.syncedAt ?? startedAt)) / 1000,
      setAnswering: async (on) => {
        feed?.answering(on);
        await started.server.setListening(on);
      },
    });
    guard.start();
  }
  const heartbeat = options.node && new NodeHeartbeat(primary.db, options.node, () => ({ journalPosition: follower.position, zonesLoaded: zones.size }));
  heartbeat?.start();
  return {
    ...started.server,
    zones,
    loader,
    follower,
    signing,
    secondaryNotices: started.notifies,
    flushCounts: () => started.flushCounts(),
    metrics: started.metrics,
    heartbeat,
    snapshots,
    fromSnapshot: restored,
    async close() {
      await guard?.stop();
      await heartbeat?.stop();
      await follower.stop();
      replica?.close();
      feed?.close();
      await notifier?.close();
      await lease?.stop();
      await started.close();
      signing.close();
      await loader.close();
      await builder.close();
      await snapshots?.close();
    },
  };
}
