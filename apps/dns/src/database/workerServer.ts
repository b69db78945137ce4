import type { DatabaseHandle, DnsNetwork } from '@kaja/db';
import type { KeyEncryptionKeys } from '@kaja/config';
import type { Registry } from 'prom-client';
import type { KeySource } from '../keySource';
import { serverRegistry } from '../metrics/serverMetrics';
import { startServer, type ListeningServer, type ServerOptions } from '../server';
import { ZoneSigning } from '../signing';
import { DatabaseTransfers } from '../transferDatabase';
import { ZoneStore } from '../zoneStore';
import { QueryCountsFlusher } from './queryCountsFlush';
import { SecondaryNotices } from './secondaryNotices';

/** A key source that drops what it holds of a zone no longer served. */
type ZoneKeySource = KeySource & { forget(zone: string): void };

/**
 * What every worker of a node on the database answers with, whether it loads the zones itself
 * (`serveDatabaseZones`, keys from the database) or is fed them by the worker that does
 * (`serveFedZones`, keys from that worker): the zones, their DNSSEC keys and signing, and who may
 * transfer them.
 */
export interface WorkerZones<Keys extends ZoneKeySource = ZoneKeySource> {
  zones: ZoneStore;
  keys: Keys;
  signing: ZoneSigning;
  transfers: DatabaseTransfers;
}

export function workerZones<Keys extends ZoneKeySource>(
  database: DatabaseHandle,
  keyEncryptionKey: KeyEncryptionKeys,
  keys: Keys,
  primary: DatabaseHandle = database,
): WorkerZones<Keys> {
  const zones = new ZoneStore();
  const signing = new ZoneSigning(zones, keys);
  zones.onZoneSet((name) => {
    if (!zones.get(name)) keys.forget(name);
  });
  return { zones, keys, signing, transfers: new DatabaseTransfers(database, keyEncryptionKey, primary) };
}

export interface WorkerServerOptions extends Omit<ServerOptions, 'zones' | 'signing' | 'transfers'> {
  /** Where the worker reads: the platform database, or a read replica of it. */
  database: DatabaseHandle;
  /** Where the worker writes (query counts, a refresh a NOTIFY brings forward); `database` when unset. */
  primary?: DatabaseHandle;
  /** How often query counts are written (default every minute). */
  countsFlushIntervalMs?: number;
  /** The node's anycast network (DNS_NETWORK): its answered queries are also totalled per network. */
  network?: DnsNetwork;
}

export interface WorkerServer {
  server: ListeningServer;
  /** The secondary zones NOTIFY is heard for. */
  notifies: SecondaryNotices;
  /** Writes the query counts now. */
  flushCounts(): Promise<void>;
  /** The worker's metrics, read at scrape time. */
  metrics: Registry;
  /** Stops answering, then writes the query counts a last time. */
  close(): Promise<void>;
}

/** What the worker knows of the zones it serves from where they are loaded. */
export interface ServedZones {
  /** The id of a served zone, under which its query counts are written. */
  zoneId(name: string): string | undefined;
  /** How far behind the journal the zones are, where this worker follows it. */
  journalLagSeconds?: () => number | undefined;
  /** Whether this worker holds the deployment's NOTIFY lease, where it takes part. */
  notifyLeaseHeld?: () => boolean;
  /** Whether the node's listeners are closed because it is stale (with DNS_STALE_AFTER). */
  staleWithdrawn?: () => boolean;
}

/**
 * Starts answering from `worker`'s zones once the secondary zones NOTIFY is heard for are read,
 * and writes their query counts. Nothing is left running when it throws.
 */
export async function startWorkerServer(options: WorkerServerOptions, { zones, signing, transfers }: WorkerZones, served: ServedZones): Promise<WorkerServer> {
  const primary = (options.primary ?? options.database).db;
  const notifies = new SecondaryNotices(options.database.db, primary);
  let server: ListeningServer;
  try {
    await notifies.load();
    server = await startServer({
      ...options,
      zones,
      signing,
      notifies,
      transfers: { access: transfers, source: transfers, signedRecords: (zone) => signing.signedTransfer(zone, options.alias) },
    });
  } catch (error) {
    notifies.close();
    throw error;
  }
  const flusher = new QueryCountsFlusher(primary, server.responder.counts, (name) => served.zoneId(name), options.countsFlushIntervalMs, options.network);
  flusher.start();
  const { responder } = server;
  return {
    server,
    notifies,
    flushCounts: () => flusher.flush(),
    metrics: serverRegistry({
      counters: responder.metrics,
      rateLimit: responder.rateLimiter?.counts,
      zones: () => zones.size,
      signingUnavailable: () => signing.unavailable,
      ...(served.journalLagSeconds ? { journalLagSeconds: served.journalLagSeconds } : {}),
      ...(served.notifyLeaseHeld ? { notifyLeaseHeld: served.notifyLeaseHeld } : {}),
      ...(served.staleWithdrawn ? { staleWithdrawn: served.staleWithdrawn } : {}),
    }),
    async close() {
      notifies.close();
      await server.close();
      await flusher.stop();
    },
  };
}
