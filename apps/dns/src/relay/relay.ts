import { createServer, type Server, type Socket } from 'node:net';
import { zoneChangesChannel, type DatabaseHandle, type Listening, type ZoneChangeNotice } from '@kaja/db';
import { authTimeoutMs, lineReader, tokenMatches, type RelayMessage } from './protocol';

export interface RelayOptions {
  /**
   * The primary: the relay LISTENs on `zone_changes` there and reads `pg_current_wal_lsn()` on the
   * same connection. The caller opens and closes it; one connection is all the relay uses.
   */
  primary: DatabaseHandle;
  /** The shared secret every node presents (RELAY_TOKEN). */
  token: string;
  host: string;
  /** 0: a free port (read it back from `port`). */
  port: number;
  /** First wait before LISTENing again after the connection is lost; doubles up to 2 s. */
  retryMs?: number;
  /** How long the LISTEN is kept after the last node left (default 30 s), so a node restarting finds it. */
  lingerMs?: number;
  log?: (line: string) => void;
}

/** What a relay has done since it started, for its metrics (`relayMetrics.ts`). */
export interface RelayCounts {
  /** Notices heard from the primary. */
  notices: number;
  /** Notice and reset lines written to nodes: each notice once per node that was connected. */
  sent: number;
  /** Times the LISTEN was lost and held again (each sent to the nodes as a reset). */
  resets: number;
  /** Nodes dropped for not reading what they were sent. */
  dropped: number;
}

export interface Relay {
  port: number;
  /** Nodes connected and accepted now. */
  readonly nodes: number;
  /** Whether the relay holds its LISTEN on the primary now. */
  readonly listening: boolean;
  readonly counts: Readonly<RelayCounts>;
  /** Stops listening, drops every node and the LISTEN. */
  close(): Promise<void>;
}

/**
 * The longest wait between two tries to LISTEN again: a location's nodes hear no change until the
 * relay listens, and one try of two relays per location is no load on a primary coming back.
 */
const maxRetryMs = 2000;

/** Unsent octets past which a node's connection is closed: some hundreds of notices. */
const maxBufferedBytes = 4 * 1024 * 1024;

/** What waits its turn to go out: each in the order it came, so sequence numbers follow arrival. */
type Outgoing = { notice: ZoneChangeNotice } | { reset: true } | { hello: Socket };

/**
 * A location's relay of zone change notices: the one `LISTEN zone_changes` on the primary for
 * all the location's DNS nodes, which read from the location's replica. Each notice goes to every
 * accepted node as it arrives, with a sequence number; a `position` follows, the primary's WAL
 * position read after it (so at or past the change's commit): a node that must read for a notice
 * waits for that and for its replica to pass it, and one that applies the change it carries waits
 * for nothing.
 *
 * The relay holds its connection to the primary only while nodes use it (and `lingerMs` after the
 * last left): a location's second relay, standing by, costs the primary nothing until its nodes
 * come to it. A node is greeted once the LISTEN is in force, with the position read after it, and
 * compares every zone then, so nothing committed before the LISTEN is missed.
 */
export async function startRelay(options: RelayOptions): Promise<Relay> {
  const log = options.log ?? ((line: string) => console.error(`relay: ${line}`));
  const lingerMs = options.lingerMs ?? 30_000;
  const accepted = new Set<Socket>();
  const connections = new Set<Socket>();
  const queue: Outgoing[] = [];
  const counts: RelayCounts = { notices: 0, sent: 0, resets: 0, dropped: 0 };
  let seq = 0;
  let draining = false;
  let closed = false;
  let listening: Listening | undefined;
  /** The LISTEN being taken (at the first node, or again after it was lost). */
  let starting: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let linger: NodeJS.Timeout | undefined;

  const currentLsn = async (): Promise<string | null> => {
    if (!listening) return null;
    try {
      const [row] = await listening.query('SELECT pg_current_wal_lsn()::text AS lsn');
      return (row?.lsn as string | undefined) ?? null;
    } catch (error) {
      log(`could not read the primary's WAL position: ${(error as Error).message}`);
      return null;
    }
  };

  // A node that stops reading is dropped rather than buffered for without bound: it reconnects
  // (to this relay or the next) and compares every zone.
  const send = (socket: Socket, message: RelayMessage) => {
    if (socket.destroyed) return;
    if (socket.writableLength > maxBufferedBytes) {
      counts.dropped++;
      socket.destroy();
    } else socket.write(`${JSON.stringify(message)}\n`);
  };

  // A notice goes out as it arrives, with no position: a node applies most of them without a read.
  // A hello or a reset waits for a position read after everything sent before it, and what
  // arrives meanwhile waits behind it, so sequence numbers follow arrival. Nothing goes out until
  // the LISTEN is in force, so a hello's position is read after it began.
  const drain = async () => {
    if (draining || !listening) return;
    draining = true;
    try {
      while (queue.length > 0 && !closed && listening) {
        const item = queue[0]!;
        if ('notice' in item) {
          queue.shift();
          seq++;
          for (const socket of accepted) send(socket, { type: 'notice', seq, notice: item.notice });
          counts.sent += accepted.size;
          wantPosition();
          continue;
        }
        const lsn = await currentLsn();
        queue.shift();
        if ('hello' in item) {
          if (item.hello.destroyed) continue;
          accepted.add(item.hello);
          send(item.hello, { type: 'hello', seq, lsn });
        } else {
          seq++;
          for (const socket of accepted) send(socket, { type: 'reset', seq, lsn });
          counts.sent += accepted.size;
        }
      }
    } finally {
      draining = false;
    }
  };

  // The notices' position follows them: one read of the primary's WAL position, after the latest
  // notice sent, covers every notice up to it; notices sent during a read get the next one.
  let positionWanted = false;
  let positionReading = false;
  const wantPosition = () => {
    positionWanted = true;
    if (positionReading) return;
    positionReading = true;
    void (async () => {
      try {
        while (positionWanted && !closed && listening) {
          positionWanted = false;
          const upTo = seq;
          const lsn = await currentLsn();
          if (lsn !== null) for (const socket of accepted) send(socket, { type: 'position', seq: upTo, lsn });
        }
      } finally {
        positionReading = false;
      }
    })();
  };
  const enqueue = (item: Outgoing) => {
    queue.push(item);
    void drain();
  };

  /** Takes the LISTEN, retrying with a doubling wait while nodes need it; `again` after a loss, when nodes must catch up. */
  const listen = (again: boolean, waitMs = options.retryMs ?? 500): Promise<void> =>
    (starting ??= options.primary
      .listen(
        zoneChangesChannel,
        (payload) => {
          counts.notices++;
          try {
            enqueue({ notice: JSON.parse(payload) as ZoneChangeNotice });
          } catch {
            log(`ignored a malformed zone change notice: ${payload.slice(0, 200)}`);
          }
        },
        (error) => {
          listening = undefined;
          if (closed || !needed()) return;
          // What is queued goes out after the reset's LISTEN, with a position read then.
          log(`lost the LISTEN on the primary (${error.message}); listening again`);
          later(() => void listen(true), options.retryMs ?? 500);
        },
      )
      .then(
        async (held) => {
          starting = undefined;
          if (closed || !needed()) {
            await held();
            return;
          }
          listening = held;
          if (again) {
            counts.resets++;
            log('listening on the primary again; nodes are told to catch up');
            // Whatever was announced while the relay was not listening is lost: nodes sync.
            enqueue({ reset: true });
          } else void drain();
        },
        (error: Error) => {
          starting = undefined;
          if (closed || !needed()) return;
          log(`could not LISTEN on the primary: ${error.message}`);
          later(() => void listen(again, Math.min(waitMs * 2, maxRetryMs)), waitMs);
        },
      ));

  const later = (action: () => void, waitMs: number) => {
    retry = setTimeout(() => {
      retry = undefined;
      action();
    }, waitMs);
  };

  /** Whether any node is connected or waiting to be greeted. */
  const needed = () => accepted.size > 0 || queue.some((item) => 'hello' in item && !item.hello.destroyed);

  const nodeArrived = (socket: Socket) => {
    clearTimeout(linger);
    enqueue({ hello: socket });
    if (!listening && retry === undefined) void listen(false);
  };
  const nodeLeft = () => {
    if (needed() || closed) return;
    clearTimeout(linger);
    linger = setTimeout(() => {
      if (needed() || closed) return;
      clearTimeout(retry);
      retry = undefined;
      // A LISTEN being taken now is let go when it comes (nothing needs it then).
      const held = listening;
      listening = undefined;
      void held?.();
    }, lingerMs);
    linger.unref();
  };

  const server: Server = createServer((socket) => {
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 10_000);
    socket.on('error', () => {});
    connections.add(socket);
    socket.on('close', () => {
      accepted.delete(socket);
      connections.delete(socket);
      nodeLeft();
    });
    let authenticated = false;
    const timer = setTimeout(() => socket.destroy(), authTimeoutMs);
    socket.once('close', () => clearTimeout(timer));
    const read = lineReader((line) => {
      if (authenticated) return; // Nodes send nothing after their token.
      clearTimeout(timer);
      let token: unknown;
      try {
        token = (JSON.parse(line) as { token?: unknown }).token;
      } catch {
        token = undefined;
      }
      if (!tokenMatches(token, options.token)) {
        log(`refused a connection from ${socket.remoteAddress}: wrong token`);
        socket.end(`${JSON.stringify({ type: 'refused' } satisfies RelayMessage)}\n`);
        return;
      }
      authenticated = true;
      nodeArrived(socket);
    });
    socket.on('data', (chunk: Buffer) => {
      if (!read(chunk)) socket.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: options.host, port: options.port }, () => resolve());
  });
  return {
    port: (server.address() as { port: number }).port,
    get nodes() {
      return accepted.size;
    },
    get listening() {
      return listening !== undefined;
    },
    counts,
    async close() {
      closed = true;
      clearTimeout(retry);
      clearTimeout(linger);
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of connections) socket.destroy();
      accepted.clear();
      await starting?.catch(() => {});
      await listening?.();
      listening = undefined;
      await stopped;
    },
  };
}
