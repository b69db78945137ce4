import type { SQL } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres/session';
import pg from 'pg';
import type { Database, Executor } from './open';
import type { SessionFields } from './poolTransactions';

/** A transaction in three parts, as `pipelinedTransaction` sends them. */
export interface PipelinedWork<S, T> {
  /** Its first statements, sent with BEGIN. */
  first(tx: Executor): Promise<S>;
  /** What follows, each statement sent when it is asked for. */
  rest(tx: Executor, first: S): Promise<T>;
  /** Its last statement, if any, sent with COMMIT: nothing depends on its answer but whether it failed. */
  last(rest: T): SQL | undefined;
}

/**
 * The COMMIT of a transaction whose last statements failed: PostgreSQL ended it with a ROLLBACK,
 * so nothing of it was written.
 */
export class RolledBackError extends Error {
  constructor(cause: unknown) {
    super(`the transaction was rolled back: ${(cause as Error)?.message ?? String(cause)}`, { cause });
  }
}

/** A pool client's fields: whether it sends a statement before the last one's answer, and its socket. */
interface Pipelining {
  pipeline: boolean;
  connection: { stream: { cork(): void; uncork(): void } };
}

/**
 * Calls `send` with the client's socket corked: the statements it sends at once (drizzle's path to
 * the driver is synchronous) leave in one write, and PostgreSQL reads them with one.
 */
function together<R>(client: Pipelining, send: () => R): R {
  const socket = client.connection.stream;
  socket.cork();
  try {
    return send();
  } finally {
    socket.uncork();
  }
}

/**
 * Runs `work` in one transaction with two round trips fewer than drizzle's on PostgreSQL: the
 * connection pipelines (node-postgres sends a statement without waiting for the answer to the one
 * before), so BEGIN goes out with `first`'s statements and COMMIT right after `last`'s. PostgreSQL
 * runs them in order as ever; a statement that fails inside the transaction makes the COMMIT a
 * ROLLBACK, which is read here and thrown as `RolledBackError`. An error of `first` or `rest`
 * rolls the transaction back and is thrown as it was: nothing was written then either. On PGlite,
 * in the same process, there is no round trip to save: the parts run one after the other in
 * drizzle's transaction.
 */
export async function pipelinedTransaction<S, T>(db: Database, work: PipelinedWork<S, T>): Promise<T> {
  const session = (db as unknown as { session: SessionFields }).session;
  if (!(session.client instanceof pg.Pool)) {
    return db.transaction(async (tx) => {
      const rest = await work.rest(tx, await work.first(tx));
      const last = work.last(rest);
      if (last) await tx.execute(last);
      return rest;
    });
  }
  const client = await session.client.connect();
  const pipelining = client as unknown as Pipelining;
  // The same transaction object drizzle's own `transaction` hands its callback.
  const tx = new NodePgTransaction(
    session.dialect,
    new NodePgSession(client, session.dialect, session.schema, session.options),
    session.schema,
  ) as unknown as Executor;
  // Every statement sent here is answered before the client goes back to the pool: it is handed out
  // as it came, sending each statement after the last one's answer.
  pipelining.pipeline = true;
  /** Why the connection cannot be trusted with another transaction: it goes back to the pool to be closed. */
  let unusable: Error | undefined;
  try {
    const [begun, sent] = together(pipelining, () => [client.query('BEGIN'), work.first(tx)] as const);
    let rest: T;
    try {
      // Both answered before either's failure is thrown: `first`'s own is the one its caller reads.
      const [begin, first] = await Promise.allSettled([begun, sent]);
      if (first.status === 'rejected') throw first.reason;
      if (begin.status === 'rejected') throw begin.reason;
      rest = await work.rest(tx, first.value);
    } catch (error) {
      // Sent after every statement before it, answered after them: nothing is left in flight. A
      // ROLLBACK that fails lost its connection.
      await client.query('ROLLBACK').catch((lost: Error) => (unusable = lost));
      throw error;
    }
    // Sent here, before the COMMIT, in this order: a statement sent from drizzle's code could go
    // out a turn later, after the COMMIT, outside the transaction.
    const statement = work.last(rest);
    const query = statement && session.dialect.sqlToQuery(statement);
    const [last, committed] = together(pipelining, () => [query ? client.query(query.sql, query.params) : Promise.resolve(), client.query('COMMIT')] as const);
    const [lastOutcome, commitOutcome] = await Promise.allSettled([last, committed]);
    if (commitOutcome.status === 'rejected') {
      // Refused or unanswered, the connection is not trusted again: one that was lost shows its
      // FATAL error before its socket ends, so the pool could still take it for a usable one.
      unusable = commitOutcome.reason as Error;
      throw commitOutcome.reason;
    }
    if (lastOutcome.status === 'rejected') throw new RolledBackError(lastOutcome.reason);
    // A COMMIT that PostgreSQL turned into a ROLLBACK without a failing statement of ours (none of its own).
    if (commitOutcome.value.command !== 'COMMIT') throw new RolledBackError(new Error(`COMMIT answered ${commitOutcome.value.command}`));
    return rest;
  } finally {
    pipelining.pipeline = false;
    client.release(unusable);
  }
}
