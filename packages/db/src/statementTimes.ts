import { PgPreparedQuery } from 'drizzle-orm/pg-core';
import pg from 'pg';

// For benchmarks only: where a request's database time goes, statement by statement, on either
// driver. Nothing in the product imports it. On PostgreSQL every statement passes through the
// driver's `Client.query`, drizzle's and those sent past it (a pipelined transaction's BEGIN,
// COMMIT and last statement); on PGlite through drizzle's `queryWithCache`.

type QueryWithCache = (queryString: string, params: unknown[], query: () => Promise<unknown>) => Promise<unknown>;
type Query = (...args: unknown[]) => unknown;

const isPostgres = (client: unknown) => client instanceof pg.Pool || client instanceof pg.Client;
const textOf = (statement: unknown) => (typeof statement === 'string' ? statement : ((statement as { text?: string } | undefined)?.text ?? ''));

/**
 * Calls `observe` with the text and the elapsed milliseconds of every statement sent from now on
 * (the time includes waiting for a row lock, and on a pipelining connection the statements sent
 * before it); returns the function that stops observing.
 */
export function observeStatements(observe: (text: string, ms: number) => void): () => void {
  const prepared = PgPreparedQuery.prototype as unknown as { queryWithCache: QueryWithCache };
  const originalWithCache = prepared.queryWithCache;
  prepared.queryWithCache = async function (this: { client?: unknown }, queryString, params, query) {
    // The driver's own observer sees it (below): counted once.
    if (isPostgres(this.client)) return originalWithCache.call(this, queryString, params, query);
    const started = performance.now();
    try {
      return await originalWithCache.call(this, queryString, params, query);
    } finally {
      observe(queryString, performance.now() - started);
    }
  };

  const client = pg.Client.prototype as unknown as { query: Query };
  const originalQuery = client.query;
  client.query = function (this: unknown, ...args: unknown[]) {
    const text = textOf(args[0]);
    const started = performance.now();
    const done = () => observe(text, performance.now() - started);
    const callback = args.findIndex((arg) => typeof arg === 'function');
    if (callback >= 0) {
      const answer = args[callback] as (...results: unknown[]) => unknown;
      args[callback] = (...results: unknown[]) => {
        done();
        return answer(...results);
      };
      return originalQuery.apply(this, args);
    }
    const result = originalQuery.apply(this, args);
    if (result instanceof Promise) return result.finally(done);
    return result;
  };

  return () => {
    prepared.queryWithCache = originalWithCache;
    client.query = originalQuery;
  };
}
