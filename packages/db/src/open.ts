import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import './poolTransactions';
import { makeTreePrivate, privateDirectory } from '@kaja/config';
import { lockEmbeddedDatabase } from './embeddedLock';

/**
 * One query interface for both drivers: PGlite (embedded) and node-postgres (DATABASE_URL). Without
 * the schema's relational queries, which nothing uses: drizzle would make a query builder for every
 * table with each transaction.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

/** A transaction, or the database itself: functions that write take this so callers can compose them. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Subscribes to a PostgreSQL notification channel (`pg_notify`); returns the unsubscribe.
   * `onLost` hears when the listening connection breaks (the subscription is over then, and
   * notifications sent meanwhile are lost: subscribe again and catch up).
   */
  listen(channel: string, onPayload: (payload: string) => void, onLost?: (error: Error) => void): Promise<Listening>;
  /**
   * The connection pool as it is now (PostgreSQL). The embedded database has one connection and
   * no pool, so it has no such figures.
   */
  pool?(): PoolFigures;
  close(): Promise<void>;
}

/**
 * A subscription in force: calling it unsubscribes. `query` runs a statement on the listening
 * connection itself, so a process that listens and reads a little (a location's relay) holds one
 * connection, not two.
 */
export interface Listening {
  (): Promise<void>;
  query(text: string): Promise<Record<string, unknown>[]>;
}

/** A PostgreSQL connection pool's state: connections open, idle among them, requests waiting for one, and the most it opens. */
export interface PoolFigures {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL server; unset = PGlite stored in `dataDir`. */
  databaseUrl?: string | undefined;
  /** Where the embedded database lives (ignored with `databaseUrl`); `memory://` keeps it in memory. */
  dataDir: string;
  /** Apply pending migrations before returning (default true). */
  migrate?: boolean;
  /**
   * A data directory PGlite dumped (`dumpDataDir`) that an embedded database in memory starts from
   * instead of an empty one: a copy of a migrated database opens in a fraction of the time
   * PostgreSQL's initdb and the migrations take (the tests' databases).
   */
  template?: Blob;
  /** The most connections the PostgreSQL pool opens (default 10); a DNS node's replica pool is kept small. */
  poolSize?: number;
  /**
   * How long an unused PostgreSQL connection stays open (default 10 s). A DNS node on a replica
   * writes to the primary every few seconds at most and lets go of it sooner (decision 046).
   */
  idleTimeoutMs?: number;
}

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Opens the platform database and, unless told otherwise, brings its schema up to date. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? defaultPoolSize, options.idleTimeoutMs)
    : await openPglite(options.dataDir, options.template);
  if (options.migrate !== false) {
    try {
      await migrateDatabase(handle);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
  return handle;
}

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') await migratePglite(handle.db as never, { migrationsFolder });
  else await migratePostgres(handle.db as never, { migrationsFolder });
}

async function openPglite(dataDir: string, template: Blob | undefined): Promise<DatabaseHandle> {
  if (dataDir === 'memory://') return pgliteHandle(await PGlite.create(template ? { loadDataDir: template } : {}), () => {});
  privateDirectory(dataDir);
  const release = lockEmbeddedDatabase(dataDir);
  try {
    const directory = privateDirectory(join(dataDir, 'pglite'));
    // PGlite gives its files mode 0666 whatever the umask: the 0700 directories keep them private while
    // it runs, and they are made 0600 when it opens and closes.
    makeTreePrivate(directory);
    const client = await PGlite.create(directory);
    makeTreePrivate(directory);
    return pgliteHandle(client, () => {
      makeTreePrivate(directory);
      release();
    });
  } catch (error) {
    release();
    throw error;
  }
}

function pgliteHandle(client: PGlite, release: () => void): DatabaseHandle {
  const db = drizzlePglite(client) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    async listen(channel, onPayload) {
      const unlisten = await client.listen(channel, onPayload);
      return Object.assign(unlisten, { query: async (text: string) => (await client.query<Record<string, unknown>>(text)).rows });
    },
    async close() {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

const defaultPoolSize = 10;

function openPostgres(databaseUrl: string, poolSize: number, idleTimeoutMs = 10_000): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, idleTimeoutMillis: idleTimeoutMs });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor one checked out (a transaction between two statements, while the server restarts): the pool
  // listens only to its idle clients. Its next statement fails (the transaction with it), and the
  // pool drops it when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePostgres(pool) as unknown as Database;
  const listeners = new Set<pg.PoolClient>();
  return {
    db,
    kind: 'postgres',
    async listen(channel, onPayload, onLost) {
      const client = await pool.connect();
      listeners.add(client);
      client.on('notification', (message) => {
        if (message.channel === channel) onPayload(message.payload ?? '');
      });
      // A checked-out client has no error listener of the pool's: without this a lost connection would crash the process.
      client.on('error', (error) => {
        if (!listeners.delete(client)) return;
        client.release(error);
        onLost?.(error);
      });
      await client.query(`LISTEN ${quoteIdentifier(channel)}`);
      const unlisten = async () => {
        if (!listeners.delete(client)) return;
        await client.query(`UNLISTEN ${quoteIdentifier(channel)}`).catch(() => {});
        client.release();
      };
      return Object.assign(unlisten, { query: async (text: string) => (await client.query<Record<string, unknown>>(text)).rows });
    },
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
    async close() {
      for (const client of listeners) client.release();
      listeners.clear();
      await pool.end();
    },
  };
}
