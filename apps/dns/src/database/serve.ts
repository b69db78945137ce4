import { secondaryAddressProblem } from '@kaja/config';
import type { Cidr, KeyEncryptionKeys } from '@kaja/config';
import type { DatabaseHandle, ZoneChangeNotice } from '@kaja/db';
import { DatabaseKeySource } from '../databaseKeySource';
import { Notifier } from '../notify';
import { startServer, type DnsServer, type ServerOptions } from '../server';
import { ZoneSigning } from '../signing';
import { DatabaseTransfers } from '../transferDatabase';
import { ZoneStore } from '../zoneStore';
import { databaseNotices, inProcessNotices, ZoneChangeFollower, type ZoneChangeFollowerOptions, type NoticeSource } from './zoneChangeFollower';
import { QueryCountsFlusher } from './queryCountsFlush';
import { SecondaryNotices } from './secondaryNotices';
import type { StoredZoneChange } from './zoneChanges';
import { ZoneLoader, type ZoneListener } from './zoneLoader';

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
}

/**
 * The DNS server on the zones in the database: loads every active zone, then listens, follows
 * the zone changes, signs the zones that have keys, serves transfers to the zones' secondaries
 * (and notifies them), takes dynamic updates when given the handler, and writes the query
 * counts. `close` stops all of it (counts written last).
 */
export async function serveDatabaseZones(options: DatabaseServerOptions): Promise<DatabaseDnsServer> {
  const { database } = options;
  const zones = new ZoneStore();
  const loader = new ZoneLoader(database.db, zones);
  const signing = new ZoneSigning(zones, new DatabaseKeySource(database, options.keyEncryptionKey));
  loader.onZone(async (event) => {
    // Activating or retiring a key changes no record but the serial: such a change is the sign
    // to read the zone's keys again (changed key sets are noticed by the signer itself).
    if (event.type === 'changed' && onlySoa(event.change)) await signing.reload(event.zone.name);
  });
  for (const listener of options.zoneListeners ?? []) loader.onZone(listener);
  const sources = options.sources ?? [
    ...(options.subscribe ? [inProcessNotices(options.subscribe)] : []),
    ...((options.listenForChanges ?? database.kind === 'postgres') ? [databaseNotices(database)] : []),
  ];
  const follower = new ZoneChangeFollower(loader, sources, options.follower);
  try {
    await follower.start();
  } catch (error) {
    await follower.stop();
    signing.close();
    throw error;
  }
  await signing.ready();
  const transfers = new DatabaseTransfers(database, options.keyEncryptionKey);
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
  const notifier = options.notify
    ? new Notifier(zones, {
        access: transfers,
        onNotified: (secondary, serial) => transfers.notified(secondary, serial),
        addressProblem: (address) => secondaryAddressProblem(address, options.secondaryAllowedCidrs ?? []),
      })
    : undefined;
  const flusher = new QueryCountsFlusher(database.db, server.responder.counts, (name) => loader.zoneId(name), options.countsFlushIntervalMs);
  flusher.start();
  return {
    ...server,
    zones,
    loader,
    follower,
    signing,
    secondaryNotices: notifies,
    flushCounts: () => flusher.flush(),
    async close() {
      notifies.close();
      await follower.stop();
      await notifier?.close();
      await server.close();
      await loader.close();
      await flusher.stop();
    },
  };
}

/** A zone change that replaced the SOA and nothing else. */
function onlySoa(change: StoredZoneChange): boolean {
  return change.added.every((r) => r.type === 'SOA') && change.removed.every((r) => r.type === 'SOA');
}
