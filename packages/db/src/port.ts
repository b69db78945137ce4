// The embedded database (PGlite) is one instance in one thread. Another thread of the process
// (the DNS server) reaches it through a MessagePort: `openDatabaseOverPort` gives that thread a
// database handle whose queries and transactions run on the thread that owns the instance
// (`serveDatabaseOverPort`).
import type { MessagePort } from 'node:worker_threads';
import { types, type PGlite, type Transaction } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { Database, DatabaseHandle } from './open';
import * as schema from './schema/index';

type Call =
  { op: 'query'; sql: string; params: unknown[]; rowMode: 'array' | 'object'; tx?: number } | { op: 'begin' } | { op: 'end'; tx: number; commit: boolean };

type Request = Call & { id: number };

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: { message: string; code?: string } };

// Dates, times and intervals (and their arrays) stay text, as drizzle's PGlite driver asks of
// PGlite (parsers are functions and cannot cross the port).
const textTypes = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const parsers = Object.fromEntries(textTypes.map((oid) => [oid, (value: string) => value]));

/** Thrown inside a PGlite transaction to roll it back. */
const rollback = new Error('rolled back by the other side of the port');

interface OpenTransaction {
  tx: Transaction;
  decide(commit: boolean): void;
  done: Promise<void>;
}

/**
 * Answers the queries and transactions of `openDatabaseOverPort` on the other end of `port` with
 * the embedded database of `handle`. Returns the stop: it closes the port and rolls back what
 * the other thread left open (as does the other thread's end).
 */
export function serveDatabaseOverPort(handle: DatabaseHandle, port: MessagePort): () => Promise<void> {
  if (handle.kind !== 'pglite') throw new TypeError('Only the embedded database is shared over a port; open PostgreSQL directly');
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const transactions = new Map<number, OpenTransaction>();
  let nextTransaction = 1;

  const begin = () =>
    new Promise<number>((opened, failed) => {
      const id = nextTransaction++;
      let decide!: (commit: boolean) => void;
      const decision = new Promise<boolean>((resolve) => (decide = resolve));
      const entry = { decide } as OpenTransaction;
      entry.done = client
        .transaction(async (tx) => {
          entry.tx = tx;
          transactions.set(id, entry);
          opened(id);
          if (!(await decision)) throw rollback;
        })
        .then(
          () => undefined,
          (error: unknown) => {
            if (error !== rollback) throw error;
          },
        )
        .finally(() => transactions.delete(id));
      entry.done.catch(failed);
    });

  const answer = async (request: Request): Promise<unknown> => {
    if (request.op === 'begin') return begin();
    if (request.op === 'end') {
      const entry = transactions.get(request.tx);
      if (!entry) throw new Error('The transaction is over');
      entry.decide(request.commit);
      return entry.done;
    }
    const target = request.tx === undefined ? client : transactions.get(request.tx)?.tx;
    if (!target) throw new Error('The transaction is over');
    const { rows, fields, affectedRows } = await target.query(request.sql, request.params, { rowMode: request.rowMode, parsers });
    return { rows, fields, affectedRows };
  };

  port.on('message', (request: Request) => {
    answer(request).then(
      (value) => port.postMessage({ id: request.id, ok: true, value } satisfies Reply),
      (error: Error & { code?: string }) =>
        port.postMessage({ id: request.id, ok: false, error: { message: error.message, ...(error.code ? { code: error.code } : {}) } } satisfies Reply),
    );
  });
  const abandon = () => {
    for (const entry of transactions.values()) entry.decide(false);
    return Promise.allSettled([...transactions.values()].map((entry) => entry.done));
  };
  port.on('close', () => void abandon());
  return async () => {
    port.close();
    await abandon();
  };
}

/**
 * The embedded database of another thread, reached through `port` (see `serveDatabaseOverPort`).
 * Queries and transactions work as on PGlite itself; LISTEN does not (changes are announced
 * over the thread's own channel).
 */
export function openDatabaseOverPort(port: MessagePort): DatabaseHandle {
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 1;
  let closed = false;
  port.on('message', (reply: Reply) => {
    const call = pending.get(reply.id);
    if (!call) return;
    pending.delete(reply.id);
    if (reply.ok) call.resolve(reply.value);
    else call.reject(Object.assign(new Error(reply.error.message), reply.error.code ? { code: reply.error.code } : {}));
  });
  const send = (request: Call) =>
    new Promise<unknown>((resolve, reject) => {
      if (closed) return reject(new Error('The database is closed'));
      const id = nextId++;
      pending.set(id, { resolve, reject });
      port.postMessage({ ...request, id });
    });
  const queryIn =
    (tx?: number) =>
    (sql: string, params: unknown[] = [], options: { rowMode?: 'array' | 'object' } = {}) =>
      send({ op: 'query', sql, params, rowMode: options.rowMode ?? 'object', ...(tx === undefined ? {} : { tx }) });
  const client = {
    query: queryIn(),
    async transaction<T>(callback: (tx: { query: ReturnType<typeof queryIn> }) => Promise<T>): Promise<T> {
      const tx = (await send({ op: 'begin' })) as number;
      let result: T;
      try {
        result = await callback({ query: queryIn(tx) });
      } catch (error) {
        await send({ op: 'end', tx, commit: false }).catch(() => {});
        throw error;
      }
      await send({ op: 'end', tx, commit: true });
      return result;
    },
  };
  const db = drizzle({ client: client as unknown as PGlite, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    listen: () => Promise.reject(new Error('LISTEN is not available over a port')),
    async close() {
      closed = true;
      port.close();
      for (const call of pending.values()) call.reject(new Error('The database is closed'));
      pending.clear();
    },
  };
}
