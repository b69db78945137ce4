import { once } from 'node:events';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { startModuleWorker } from '@kaja/module-worker';
import type { UpdateService, ZoneChangePublisher } from '@kaja/zone-writes';
import { serveDatabaseOverPort, type DatabaseHandle, type ZoneChangeNotice } from '@kaja/db';
import type { Cidr, Config, KeyEncryptionKeys } from '@kaja/config';
import { inPlaceChangeLimit, type ListenAddress, type MetricFamilies, type RateLimitOptions } from '@kaja/dns';

/** What the DNS thread is started with. */
export interface DnsThreadData {
  listen: ListenAddress[];
  nodeName: string;
  /** Heartbeat into `dns_nodes` as the node these settings name (the status page's regions follow them). */
  node?: Pick<Config, 'dnsNode' | 'dataDir'>;
  /** How long the NOTIFY lease lasts unless renewed (DNS_NOTIFY_LEASE; 15 s when not given). */
  notifyLeaseSeconds?: number;
  /** Stop answering while stale and another node is current (DNS_STALE_AFTER, REGION_OFFLINE_AFTER); with `node` only. */
  staleAfter?: { seconds: number; onlineForSeconds: number };
  keyEncryptionKey: KeyEncryptionKeys;
  /** Special-purpose networks secondaries may be in all the same (SECONDARY_ALLOWED_CIDRS). */
  secondaryAllowedCidrs: readonly Cidr[];
  /** Response rate limiting over UDP (DNS_RATE_LIMIT*); without it, none. */
  rateLimit?: RateLimitOptions;
  /** Questions (name, type, EDNS variant) whose encoded answers the DNS server keeps (DNS_ANSWER_CACHE_SIZE). */
  answerCacheSize?: number;
  /** Seconds between two writes of the query counts (DNS_QUERY_COUNTS_INTERVAL; 60 when not given). */
  queryCountsIntervalSeconds?: number;
  /** PostgreSQL: the thread opens connections of its own. */
  databaseUrl?: string;
  /** Otherwise the embedded database of the platform's thread, over this port. */
  databasePort?: MessagePort;
}

/** The update service's calls, made by the DNS thread on the platform's thread. */
export type DnsThreadCall = { method: 'findKey'; args: Parameters<UpdateService['findKey']> } | { method: 'update'; args: Parameters<UpdateService['update']> };

export type ToDnsThread =
  | { type: 'notice'; notice: ZoneChangeNotice }
  | { type: 'result'; id: number; ok: true; value: unknown }
  | { type: 'result'; id: number; ok: false; message: string }
  | { type: 'metrics'; id: number }
  | { type: 'close' };

export type FromDnsThread =
  | { type: 'ready'; addresses: ListenAddress[]; zones: number }
  | { type: 'failed'; message: string }
  | { type: 'closed' }
  | { type: 'metrics'; id: number; families: MetricFamilies }
  | ({ type: 'call'; id: number } & DnsThreadCall);

export interface DnsThreadOptions extends Omit<DnsThreadData, 'databasePort'> {
  database: DatabaseHandle;
  zoneChanges: ZoneChangePublisher;
  updates: UpdateService;
  /** The thread stopped without being asked to. */
  onFailure(error: Error): void;
}

export interface DnsThread {
  addresses: ListenAddress[];
  /** Zones served at start. */
  zones: number;
  /** The DNS server's metric families now, asked of the thread at scrape time. */
  metrics(): Promise<MetricFamilies>;
  close(): Promise<void>;
}

/**
 * The DNS server on a thread of its own, so that no request of the API ever delays an answer:
 * its reads of the embedded database cross a MessagePort to this thread (with PostgreSQL it
 * connects itself), zone changes committed here are sent to it as they are announced, and
 * dynamic updates it receives are applied here, through the API's write path.
 */
export async function startDnsThread(options: DnsThreadOptions): Promise<DnsThread> {
  const channel = options.databaseUrl ? undefined : new MessageChannel();
  const stopDatabase = channel ? serveDatabaseOverPort(options.database, channel.port1) : undefined;
  const data: DnsThreadData = {
    listen: options.listen,
    nodeName: options.nodeName,
    ...(options.node ? { node: options.node } : {}),
    ...(options.notifyLeaseSeconds ? { notifyLeaseSeconds: options.notifyLeaseSeconds } : {}),
    ...(options.staleAfter ? { staleAfter: options.staleAfter } : {}),
    keyEncryptionKey: options.keyEncryptionKey,
    secondaryAllowedCidrs: options.secondaryAllowedCidrs,
    ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    ...(options.answerCacheSize ? { answerCacheSize: options.answerCacheSize } : {}),
    ...(options.queryCountsIntervalSeconds ? { queryCountsIntervalSeconds: options.queryCountsIntervalSeconds } : {}),
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : { databasePort: channel!.port2 }),
  };
  const worker = startModuleWorker(new URL('./dnsWorker.ts', import.meta.url), { workerData: data, transferList: channel ? [channel.port2] : [] });
  const send = (message: ToDnsThread) => worker.postMessage(message);
  // A change too big for the DNS thread to apply in place goes without its records: the thread
  // reads the zone whole beside its answers, and copying the records over would only delay them.
  const unsubscribe = options.zoneChanges.subscribe((notice) =>
    send({ type: 'notice', notice: notice.change && changeRecords(notice.change) > inPlaceChangeLimit ? { ...notice, change: undefined } : notice }),
  );
  let closing = false;
  let ready = false;
  const scrapes = new Map<number, (families: MetricFamilies) => void>();
  let nextScrape = 1;
  let failure: Error | undefined;
  worker.on('error', (error: Error) => (failure = error));
  const exited = once(worker, 'exit').then(async ([code]) => {
    unsubscribe();
    await stopDatabase?.();
    if (!closing && ready) options.onFailure(failure ?? new Error(`The DNS server stopped (exit code ${code})`));
    return code as number;
  });

  const started = new Promise<{ addresses: ListenAddress[]; zones: number }>((resolve, reject) => {
    worker.on('message', (message: FromDnsThread) => {
      if (message.type === 'ready') {
        ready = true;
        resolve(message);
      } else if (message.type === 'failed') reject(new Error(message.message));
      else if (message.type === 'closed') void worker.terminate();
      else if (message.type === 'metrics') {
        scrapes.get(message.id)?.(message.families);
        scrapes.delete(message.id);
      } else if (message.type === 'call') {
        const answer = message.method === 'findKey' ? options.updates.findKey(...message.args) : options.updates.update(...message.args);
        answer.then(
          (value) => send({ type: 'result', id: message.id, ok: true, value }),
          (error: Error) => send({ type: 'result', id: message.id, ok: false, message: error.message }),
        );
      }
    });
    void exited.then((code) => reject(failure ?? new Error(`The DNS server stopped while starting (exit code ${code})`)));
  });
  const { addresses, zones } = await started;
  return {
    addresses,
    zones,
    metrics: () =>
      new Promise<MetricFamilies>((resolve) => {
        const id = nextScrape++;
        scrapes.set(id, resolve);
        send({ type: 'metrics', id });
        // A thread that has stopped answers nothing: its figures are left out of that scrape.
        void exited.then(() => scrapes.get(id)?.([]));
      }),
    async close() {
      closing = true;
      send({ type: 'close' });
      await exited;
    },
  };
}

const changeRecords = (change: NonNullable<ZoneChangeNotice['change']>) => change.removed.length + change.added.length;
