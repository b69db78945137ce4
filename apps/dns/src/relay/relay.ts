import { createServer, type Server, type Socket } from 'node:net';
import { zoneChangesChannel, type DatabaseHandle, type ZoneChangeNotice } from '@kaja/db';
import { sql } from '@kaja/db/orm';
import { authTimeoutMs, lineReader, tokenMatches, type RelayMessage } from './protocol';

export interface RelayOptions {
  /** The primary: the relay LISTENs on `zone_changes` and reads `pg_current_wal_lsn()` there. The caller opens and closes it. */
  primary: DatabaseHandle;
  /** The shared secret every node presents (RELAY_TOKEN). */
  token: string;
  host: string;
  /** 0: a free port (read it back from `port`). */
  port: number;
  /** First wait before LISTENing again after the connection is lost; doubles up to 30 s. */
  retryMs?: number;
  log?: (line: string) => void;
}

export interface Relay {
  port: number;
  /** Nodes connected and accepted now. */
  readonly nodes: number;
  /** Stops listening, drops every node and the LISTEN. */
  close(): Promise<void>;
}

/** Unsent octets past which a node's connection is closed: some hundreds of notices. */
const maxBufferedBytes = 4 * 1024 * 1024;

/** What waits its turn to go out: each in the order it came, so sequence numbers follow arrival. */
type Outgoing = { notice: ZoneChangeNotice } | { reset: true } | { hello: Socket };

/**
 * A location's relay of zone change notices: the one `LISTEN zone_changes` on the primary for
 * all the location's DNS nodes, which read from the location's replica. Each notice goes to every
 * accepted node with a sequence number and the primary's WAL position read after it arrived (so at
 * or past the change's commit): a node that must read for it waits for its replica to pass that.
 */
export async function startRelay(options: RelayOptions): Promise<Relay> {
  const log = options.log ?? ((line: string) => console.error(`relay: ${line}`));
  const accepted = new Set<Socket>();
  const connections = new Set<Socket>();
  const queue: Outgoing[] = [];
  let seq = 0;
  let draining = false;
  let closed = false;
  let unlisten: (() => Promise<void>) | undefined;
  let retry: NodeJS.Timeout | undefined;

  const currentLsn = async (): Promise<string | null> => {
    try {
      const result = await options.primary.db.execute(sql`SELECT pg_current_wal_lsn()::text AS lsn`);
      return (result as { rows: { lsn: string }[] }).rows[0]?.lsn ?? null;
    } catch (error) {
      log(`could not read the primary's WAL position: ${(error as Error).message}`);
      return null;
    }
  };

  // A node that stops reading is dropped rather than buffered for without bound: it reconnects
  // (to this relay or the next) and compares every zone.
  const send = (socket: Socket, message: RelayMessage) => {
    if (socket.destroyed) return;
    if (socket.writableLength > maxBufferedBytes) socket.destroy();
    else socket.write(`${JSON.stringify(message)}\n`);
  };

  // One position read serves every notice queued meanwhile: it is read after all of them arrived.
  const drain = async () => {
    if (draining) return;
    draining = true;
    try {
      while (queue.length > 0 && !closed) {
        const batch = queue.splice(0);
        const lsn = await currentLsn();
        for (const item of batch) {
          if ('hello' in item) {
            if (item.hello.destroyed) continue;
            accepted.add(item.hello);
            send(item.hello, { type: 'hello', seq, lsn });
            continue;
          }
          seq++;
          const message: RelayMessage = 'notice' in item ? { type: 'notice', seq, lsn, notice: item.notice } : { type: 'reset', seq, lsn };
          for (const socket of accepted) send(socket, message);
        }
      }
    } finally {
      draining = false;
    }
  };
  const enqueue = (item: Outgoing) => {
    queue.push(item);
    void drain();
  };

  const listen = () =>
    options.primary.listen(
      zoneChangesChannel,
      (payload) => {
        try {
          enqueue({ notice: JSON.parse(payload) as ZoneChangeNotice });
        } catch {
          log(`ignored a malformed zone change notice: ${payload.slice(0, 200)}`);
        }
      },
      (error) => {
        unlisten = undefined;
        if (closed) return;
        log(`lost the LISTEN on the primary (${error.message}); listening again`);
        relisten(options.retryMs ?? 500);
      },
    );
  const relisten = (waitMs: number) => {
    retry = setTimeout(() => {
      if (closed) return;
      listen().then(
        (stop) => {
          unlisten = stop;
          log('listening on the primary again; nodes are told to catch up');
          // Whatever was announced while the relay was not listening is lost: nodes sync.
          enqueue({ reset: true });
        },
        (error: Error) => {
          log(`could not LISTEN on the primary: ${error.message}`);
          relisten(Math.min(waitMs * 2, 30_000));
        },
      );
    }, waitMs);
  };

  unlisten = await listen();

  const server: Server = createServer((socket) => {
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 10_000);
    socket.on('error', () => {});
    connections.add(socket);
    socket.on('close', () => {
      accepted.delete(socket);
      connections.delete(socket);
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
      enqueue({ hello: socket });
    });
    socket.on('data', (chunk: Buffer) => {
      if (!read(chunk)) socket.destroy();
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ host: options.host, port: options.port }, () => resolve());
    });
  } catch (error) {
    await unlisten?.();
    throw error;
  }
  return {
    port: (server.address() as { port: number }).port,
    get nodes() {
      return accepted.size;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of connections) socket.destroy();
      accepted.clear();
      await unlisten?.();
      await stopped;
    },
  };
}
