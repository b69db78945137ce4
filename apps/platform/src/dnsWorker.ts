// The DNS thread of the platform (see dnsThread.ts): the database-backed DNS server, with its
// database, change notices and dynamic updates reached through the platform's thread.
import { parentPort, workerData } from 'node:worker_threads';
import type { UpdateService } from '@kaja/zone-writes';
import { openDatabase, openDatabaseOverPort, type ZoneChangeNotice } from '@kaja/db';
import { AliasResolver, nodeIdentity, serveDatabaseZones, type DatabaseDnsServer } from '@kaja/dns';
import type { DnsThreadCall, DnsThreadData, FromDnsThread, ToDnsThread } from './dnsThread';

const data = workerData as DnsThreadData;
const port = parentPort!;
const send = (message: FromDnsThread) => port.postMessage(message);

const listeners = new Set<(notice: ZoneChangeNotice) => void>();
const calls = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
let nextCall = 1;
function call<T>(request: DnsThreadCall): Promise<T> {
  return new Promise((resolve, reject) => {
    const id = nextCall++;
    calls.set(id, { resolve: resolve, reject });
    send({ type: 'call', id, ...request });
  });
}
const updates: UpdateService = {
  // The secret crossed the thread boundary as a Uint8Array.
  findKey: async (zone, name) => {
    const key = await call<Awaited<ReturnType<UpdateService['findKey']>>>({ method: 'findKey', args: [zone, name] });
    return key && { ...key, secret: Buffer.from(key.secret) };
  },
  update: (request) => call({ method: 'update', args: [request] }),
};

let dns: DatabaseDnsServer | undefined;
let closing: Promise<void> | undefined;
const database = data.databaseUrl
  ? await openDatabase({ databaseUrl: data.databaseUrl, dataDir: '', migrate: false })
  : openDatabaseOverPort(data.databasePort!);

async function close(): Promise<void> {
  await dns?.close();
  await database.close();
  send({ type: 'closed' });
}

port.on('message', (message: ToDnsThread) => {
  if (message.type === 'notice') for (const listener of listeners) listener(message.notice);
  else if (message.type === 'result') {
    const pending = calls.get(message.id);
    calls.delete(message.id);
    if (message.ok) pending?.resolve(message.value);
    else pending?.reject(new Error(message.message));
  } else if (message.type === 'metrics') {
    void (dns ? dns.metrics.getMetricsAsJSON() : Promise.resolve([])).then((families) => send({ type: 'metrics', id: message.id, families }));
  } else if (message.type === 'close') closing ??= close();
});

try {
  dns = await serveDatabaseZones({
    database,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    listen: data.listen,
    nodeName: data.nodeName,
    ...(data.node ? { node: nodeIdentity(data.node, data.nodeName), network: data.node.dnsNode.network } : {}),
    alias: new AliasResolver([]),
    keyEncryptionKey: data.keyEncryptionKey,
    updates,
    // The platform's DNS thread is a node like any other: it sends NOTIFY while it holds the lease.
    notify: true,
    ...(data.notifyLeaseSeconds ? { notifyLease: { ttlMs: data.notifyLeaseSeconds * 1000 } } : {}),
    ...(data.staleAfter ? { staleAfter: data.staleAfter } : {}),
    secondaryAllowedCidrs: data.secondaryAllowedCidrs,
    rateLimit: data.rateLimit,
    answerCacheSize: data.answerCacheSize,
    ...(data.queryCountsIntervalSeconds ? { countsFlushIntervalMs: data.queryCountsIntervalSeconds * 1000 } : {}),
  });
  send({ type: 'ready', addresses: dns.addresses, zones: dns.zones.size });
} catch (error) {
  send({ type: 'failed', message: (error as Error).message });
  await database.close();
  port.close();
}
