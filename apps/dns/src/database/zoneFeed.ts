import { randomUUID } from 'node:crypto';
import { BroadcastChannel } from 'node:worker_threads';
import type { SealedKeys } from '../sealedKeys';
import { Zone, type SharedZone, type ZoneChange } from '../zone';
import type { ZoneStore } from '../zoneStore';
import type { FedKeySource } from './fedKeySource';

/** A zone's keys as the lead last read them (`keys` undefined: unsigned); undefined when not read yet. */
type ReadKeys = { keys: SealedKeys | undefined } | undefined;

/** The lead's keys (`DatabaseKeySource`): those last read per zone, and a call after each read. */
export interface LeadKeys {
  sealedKeys(zone: string): ReadKeys;
  onRead(listener: (zone: string) => void): void;
}

/**
 * The zones of a node with several workers are loaded and followed from the database by one of them
 * (the lead) and handed to the others over a `BroadcastChannel` of the node's: each zone as its
 * images in shared memory (`Zone.share`), then each change applied, so every worker serves one copy
 * of the zone data and the database is read for zones once per node rather than once per worker.
 * Each zone's DNSSEC keys go with it, sealed as read, and again after each read of the lead's (a
 * key activated, a zone loaded again, the database back after a start from the snapshot): the other
 * workers sign with the lead's keys, never with keys of their own reading.
 * These are the messages, posted in arrays, many to a post.
 */
type FeedMessage =
  | { type: 'put'; name: string; id: string; shared: SharedZone; keys: ReadKeys; to?: string }
  | { type: 'keys'; name: string; keys: SealedKeys | undefined }
  | { type: 'apply'; name: string; change: ZoneChange }
  | { type: 'remove'; name: string }
  /** Every zone was sent (to one worker, or all): it serves the same zones as the lead. */
  | { type: 'ready'; to?: string; fromSnapshot: boolean }
  /** A worker that started asks for every zone. */
  | { type: 'hello'; from: string }
  /** The node stops answering while stale, or answers again (decision 047): every worker closes or opens its listeners. */
  | { type: 'answering'; on: boolean };

/** Messages posted at once: a start's 100,000 zones in a hundred posts rather than one holding every zone serialized. */
const messagesPerPost = 1000;

/** The lead's side: tells the channel of every zone put, changed or removed in `zones`. */
export class ZoneFeedPublisher {
  private readonly channel: BroadcastChannel;
  private queue: FeedMessage[] = [];
  private ready: { fromSnapshot: boolean } | undefined;
  private answeringNow = true;

  constructor(
    channelName: string,
    private readonly zones: ZoneStore,
    private readonly zoneId: (name: string) => string | undefined,
    private readonly keys: LeadKeys,
  ) {
    this.channel = new BroadcastChannel(channelName);
    this.channel.onmessage = (event) => {
      for (const message of (event as { data: FeedMessage[] }).data) if (message.type === 'hello' && this.ready) this.sendAll(message.from);
    };
    zones.onZoneSet((name) => {
      if (!this.ready) return;
      const zone = zones.get(name);
      this.send(zone ? this.put(zone) : { type: 'remove', name });
    });
    zones.onChange((name, change) => {
      if (this.ready && name !== undefined && change) this.send({ type: 'apply', name, change });
    });
    keys.onRead((name) => {
      const read = keys.sealedKeys(name);
      if (this.ready && read && zones.get(name)) this.send({ type: 'keys', name, keys: read.keys });
    });
  }

  /** Once the lead serves: every zone to every worker, and from then on each put, change and removal. */
  start(fromSnapshot: boolean): void {
    this.ready = { fromSnapshot };
    this.sendAll(undefined);
    // Posted now, while the node starts, so the collection after its load takes this garbage too.
    this.flush();
  }

  /** Tells every worker to close (false) or open (true) its listeners, and each worker started later. */
  answering(on: boolean): void {
    this.answeringNow = on;
    this.send({ type: 'answering', on });
  }

  close(): void {
    this.flush();
    this.channel.close();
  }

  private sendAll(to: string | undefined): void {
    for (const name of this.zones.names()) this.send(this.put(this.zones.get(name)!, to));
    this.send({ type: 'ready', to, fromSnapshot: this.ready!.fromSnapshot });
    if (!this.answeringNow) this.send({ type: 'answering', on: false });
  }

  private put(zone: Zone, to?: string): FeedMessage {
    return { type: 'put', name: zone.name, id: this.zoneId(zone.name) ?? '', shared: zone.share(), keys: this.keys.sealedKeys(zone.name), to };
  }

  /** Queued and posted together at the end of the turn, many to a post. */
  private send(message: FeedMessage): void {
    if (this.queue.length === 0) setImmediate(() => this.flush());
    this.queue.push(message);
  }

  private flush(): void {
    const messages = this.queue;
    this.queue = [];
    for (let at = 0; at < messages.length; at += messagesPerPost) this.channel.postMessage(messages.slice(at, at + messagesPerPost));
  }
}

/** A worker's side: serves in `zones` what the lead sends, signed with the keys it sends (`keys`). */
export class ZoneFeedFollower {
  /** Resolves once every zone the lead serves is here: whether the lead serves them from its snapshot. */
  readonly ready: Promise<{ fromSnapshot: boolean }>;
  /** Zone id per name served here at any time since start, for the query counts. */
  private readonly known = new Map<string, string>();
  private readonly channel: BroadcastChannel;
  /** Whom the lead's answer to this worker's hello is for. */
  private readonly id = randomUUID();
  /** Zones put since the last `ready`: a zone not among them then is one the lead no longer serves. */
  private readonly put = new Set<string>();
  /**
   * Has had every zone. The lead's answer to this worker's hello may come after a round sent to
   * all (a hello sent before the lead served, heard after): it is then left, as what it holds is here.
   */
  private served = false;
  private readonly answeringListeners = new Set<(on: boolean) => void>();
  /** As the lead last told: a worker whose listeners open after the lead's word closes them at once. */
  private answeringNow = true;

  constructor(
    channelName: string,
    private readonly zones: ZoneStore,
    private readonly keys: FedKeySource,
  ) {
    this.channel = new BroadcastChannel(channelName);
    let done!: (ready: { fromSnapshot: boolean }) => void;
    this.ready = new Promise((resolve) => (done = resolve));
    this.channel.onmessage = (event) => {
      for (const message of (event as { data: FeedMessage[] }).data) {
        if (message.type === 'ready') {
          if (!this.forMe(message.to)) continue;
          // Every zone the lead serves was put since the last: a lead started in place of another
          // may not serve a zone deleted meanwhile.
          for (const name of [...this.zones.names()]) if (!this.put.has(name)) this.zones.remove(name);
          this.put.clear();
          this.served = true;
          done({ fromSnapshot: message.fromSnapshot });
        } else this.take(message);
      }
    };
    // A lead that serves already answers this; one that does not yet sends every zone to every worker when it does.
    this.channel.postMessage([{ type: 'hello', from: this.id }] satisfies FeedMessage[]);
  }

  zoneId(name: string): string | undefined {
    return this.known.get(name);
  }

  /** Called when the lead has the node stop answering while stale (false) or answer again (true). */
  onAnswering(listener: (on: boolean) => void): void {
    this.answeringListeners.add(listener);
    if (!this.answeringNow) listener(false);
  }

  close(): void {
    this.channel.close();
  }

  /** Whether a message of a round, to all (`to` undefined) or to one worker, is to be taken here. */
  private forMe(to: string | undefined): boolean {
    return to === undefined || (to === this.id && !this.served);
  }

  private take(message: FeedMessage): void {
    switch (message.type) {
      case 'put':
        if (!this.forMe(message.to)) return;
        // Held before the put, which has the zone's keys read.
        if (message.keys) this.keys.hold(message.name, message.keys.keys);
        this.zones.put(new Zone(message.name, message.shared));
        this.known.set(message.name, message.id);
        this.put.add(message.name);
        return;
      case 'keys':
        // A zone not served here yet comes with its keys.
        if (this.zones.get(message.name)) this.keys.take(message.name, message.keys);
        return;
      case 'apply':
        // A change the lead applied to a zone this worker does not have yet arrives with the zone.
        this.zones.apply(message.name, message.change);
        return;
      case 'remove':
        this.zones.remove(message.name);
        return;
      case 'answering':
        this.answeringNow = message.on;
        for (const listener of this.answeringListeners) listener(message.on);
        return;
    }
  }
}
