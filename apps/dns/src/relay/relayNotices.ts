import { connect, type Socket } from 'node:net';
import type { ZoneChangeNotice } from '@kaja/db';
import type { NoticeSource } from '../database/zoneChangeFollower';
import { lineReader, type RelayMessage } from './protocol';

export interface RelayAddress {
  host: string;
  port: number;
}

export interface RelayNoticesOptions {
  /** The location's relays, in order of preference (`--relay`, DNS_RELAYS). */
  relays: readonly RelayAddress[];
  /** RELAY_TOKEN. */
  token: string;
  /** Waits until the node's read replica has replayed up to a position (`ReplicaPosition.waitFor`). */
  readable: (lsn: string) => Promise<unknown>;
  /** How long one relay has to connect and say hello before the next is tried (default 3 s). */
  connectTimeoutMs?: number;
  /** How long a read waits for the position of its notice before it goes anyway (default 5 s; the periodic sync repairs an early read). */
  positionWaitMs?: number;
  log?: (line: string) => void;
}

/** `--relay HOST:PORT[,HOST:PORT]`, IPv6 as [::1]:5301. */
export function parseRelays(text: string): RelayAddress[] {
  return text.split(',').map((part) => {
    const match = /^(?:\[([0-9a-fA-F:.]+)\]|([A-Za-z0-9.-]+)):([0-9]{1,5})$/.exec(part.trim());
    const port = Number(match?.[3]);
    if (!match || port < 1 || port > 65535) throw new Error(`--relay ${part}: expected HOST:PORT[,HOST:PORT...], e.g. 10.0.0.5:5301`);
    return { host: match[1] ?? match[2]!, port };
  });
}

/**
 * Zone change notices from the location's relay instead of a LISTEN on the primary: the first
 * relay that answers (after the one that went away last, so a dead relay is not tried first
 * again), authenticated with the shared token. Resolves once the relay's hello is in and the
 * replica has replayed up to the relay's position then, so the follower's sync after it sees every
 * change announced before. A jump in the relay's sequence, or a relay that lost its own LISTEN,
 * asks the follower for a sync once the replica has what was announced; the connection's end is
 * `onLost` (the follower subscribes again, here the next relay, and syncs).
 */
export function relayNotices(options: RelayNoticesOptions): NoticeSource {
  const log = options.log ?? ((line: string) => console.error(`dns: ${line}`));
  let first = 0;
  return async (onNotice, onLost, onBehind) => {
    const errors: string[] = [];
    for (let tried = 0; tried < options.relays.length; tried++) {
      const at = (first + tried) % options.relays.length;
      const relay = options.relays[at]!;
      try {
        const stop = await follow(relay, options, {
          onNotice,
          onBehind,
          onLost: (error) => {
            // The next subscription starts with the next relay.
            first = (at + 1) % options.relays.length;
            onLost(error);
          },
        });
        first = at;
        log(`hearing zone changes from the relay ${relay.host}:${relay.port}`);
        return stop;
      } catch (error) {
        errors.push(`${relay.host}:${relay.port}: ${(error as Error).message}`);
      }
    }
    first = (first + 1) % options.relays.length;
    throw new Error(`no relay answered (${errors.join('; ')})`);
  };
}

interface Callbacks {
  onNotice: (notice: ZoneChangeNotice, readable?: () => Promise<unknown>) => void;
  onLost: (error: Error) => void;
  onBehind: (full: boolean) => void;
}

/** One relay connection: resolves with its close once accepted (and the replica caught up to its hello), rejects if refused or silent. */
function follow(relay: RelayAddress, options: RelayNoticesOptions, callbacks: Callbacks): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect({ host: relay.host, port: relay.port });
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 10_000);
    let state: 'connecting' | 'following' | 'over' = 'connecting';
    let last = 0;
    const timer = setTimeout(() => fail(new Error('no hello in time')), options.connectTimeoutMs ?? 3000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      const was = state;
      state = 'over';
      socket.destroy();
      // Reads waiting for a position go at once: the next relay's hello and sync cover them.
      settleWaiting(() => null);
      if (was === 'connecting') reject(error);
      else if (was === 'following') callbacks.onLost(error);
    };
    // The newest notice position heard, and reads waiting for one that covers their notice.
    let position: { seq: number; lsn: string } | undefined;
    const waiting = new Set<{ seq: number; settle: (lsn: string | null) => void }>();
    const settleWaiting = (lsnFor: (seq: number) => string | null | undefined) => {
      for (const entry of waiting) {
        const lsn = lsnFor(entry.seq);
        if (lsn !== undefined) entry.settle(lsn);
      }
    };
    /** The position covering notice `seq`: null (read at once) when the connection ended or none came within the bound. */
    const positionOf = (seq: number): Promise<string | null> => {
      if (position && position.seq >= seq) return Promise.resolve(position.lsn);
      if (state === 'over') return Promise.resolve(null);
      return new Promise((resolve) => {
        const entry = {
          seq,
          settle: (lsn: string | null) => {
            clearTimeout(timer);
            waiting.delete(entry);
            resolve(lsn);
          },
        };
        const timer = setTimeout(() => entry.settle(null), options.positionWaitMs ?? 5000);
        waiting.add(entry);
      });
    };
    const readableAt = (lsn: Promise<string | null>) => () => lsn.then((at) => (at === null ? undefined : options.readable(at)));
    const behind = (lsn: Promise<string | null>, full: boolean) => {
      void readableAt(lsn)().then(() => {
        if (state === 'following') callbacks.onBehind(full);
      });
    };
    const onMessage = (message: RelayMessage) => {
      switch (message.type) {
        case 'refused':
          fail(new Error('the relay refused the token'));
          return;
        case 'hello':
          if (state !== 'connecting') return;
          last = message.seq;
          void Promise.resolve(message.lsn === null ? undefined : options.readable(message.lsn)).then(() => {
            if (state !== 'connecting') return;
            clearTimeout(timer);
            state = 'following';
            resolve(() => {
              state = 'over';
              socket.destroy();
            });
          });
          return;
        case 'notice': {
          const gap = message.seq !== last + 1;
          last = message.seq;
          // Asked for only when the notice leads to a read: most are applied from what they carry.
          const seq = message.seq;
          callbacks.onNotice(message.notice, () => readableAt(positionOf(seq))());
          if (gap) behind(positionOf(seq), false);
          return;
        }
        case 'position':
          position = { seq: message.seq, lsn: message.lsn };
          settleWaiting((seq) => (seq <= message.seq ? message.lsn : undefined));
          return;
        case 'reset':
          last = message.seq;
          behind(Promise.resolve(message.lsn), true);
          return;
      }
    };
    const read = lineReader((line) => {
      if (state === 'over') return;
      let message: RelayMessage;
      try {
        message = JSON.parse(line) as RelayMessage;
      } catch {
        fail(new Error('the relay sent a line that is not JSON'));
        return;
      }
      onMessage(message);
    });
    socket.on('connect', () => socket.write(`${JSON.stringify({ token: options.token })}\n`));
    socket.on('data', (chunk: Buffer) => {
      if (!read(chunk)) fail(new Error('the relay sent a line too long'));
    });
    socket.on('error', (error) => fail(error));
    socket.on('close', () => fail(new Error('the relay closed the connection')));
  });
}
