import { PgPreparedQuery } from 'drizzle-orm/pg-core';

// For benchmarks only: where a request's database time goes, statement by statement, on either
// driver (both send every statement through `queryWithCache`). Nothing in the product imports it.

type QueryWithCache = (queryString: string, params: unknown[], query: () => Promise<unknown>) => Promise<unknown>;

/**
 * Calls `observe` with the text and the elapsed milliseconds of every statement drizzle sends from
 * now on (the time includes waiting for a row lock); returns the function that stops observing.
 */
export function observeStatements(observe: (text: string, ms: number) => void): () => void {
  const prototype = PgPreparedQuery.prototype as unknown as { queryWithCache: QueryWithCache };
  const original = prototype.queryWithCache;
  prototype.queryWithCache = async function (this: unknown, queryString, params, query) {
    const started = performance.now();
    try {
      return await original.call(this, queryString, params, query);
    } finally {
      observe(queryString, performance.now() - started);
    }
  };
  return () => {
    prototype.queryWithCache = original;
  };
}
