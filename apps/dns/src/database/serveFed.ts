import type { Registry } from 'prom-client';
import type { ZoneStore } from '../zoneStore';
import { FedKeySource } from './fedKeySource';
import type { DatabaseServerOptions } from './serve';
import { startWorkerServer, workerZones } from './workerServer';
import { ZoneFeedFollower } from './zoneFeed';

export interface FedServerOptions extends Omit<
  DatabaseServerOptions,
  'feedChannel' | 'notify' | 'node' | 'snapshot' | 'subscribe' | 'listenForChanges' | 'relays' | 'replicaWaitMs' | 'sources' | 'follower' | 'zoneListeners'
> {
  /** The `BroadcastChannel` the node's lead worker tells of its zones (`DatabaseServerOptions.feedChannel`). */
  feedChannel: string;
}

/**
 * A worker of a node other than its lead: serves the zones the lead loads and follows, from the
 * same memory (`ZoneFeedFollower`), signed with the keys the lead holds (`FedKeySource`). It reads
 * the database only for what is its own to answer: transfers and who may take them, NOTIFY for
 * secondary zones, dynamic updates (written through the platform's write path, and back here
 * through the lead); and it writes its query counts.
 */
export async function serveFedZones(
  options: FedServerOptions,
): Promise<{ zones: ZoneStore; fromSnapshot: boolean; metrics: Registry; close(): Promise<void> }> {
  const worker = workerZones(options.database, options.keyEncryptionKey, new FedKeySource(options.keyEncryptionKey), options.primary);
  const { zones, keys, signing } = worker;
  const feed = new ZoneFeedFollower(options.feedChannel, zones, keys);
  const { fromSnapshot } = await feed.ready;
  await signing.ready();
  const started = await startWorkerServer(options, worker, { zoneId: (name) => feed.zoneId(name) }).catch((error: Error) => {
    feed.close();
    signing.close();
    throw error;
  });
  // Messages are taken in order; one change of listening at a time, so a close cannot pass an open.
  let listening = Promise.resolve();
  feed.onAnswering((on) => {
    listening = listening.then(() =>
      started.server.setListening(on).catch((error: Error) => console.error(`dns: could not ${on ? 'open' : 'close'} the DNS listeners: ${error.message}`)),
    );
  });
  return {
    zones,
    fromSnapshot,
    metrics: started.metrics,
    async close() {
      feed.close();
      await started.close();
      signing.close();
    },
  };
}
