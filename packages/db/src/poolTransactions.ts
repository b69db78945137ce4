import { NodePgSession } from 'drizzle-orm/node-postgres/session';
import pg from 'pg';

type SessionArguments = ConstructorParameters<typeof NodePgSession>;

/** What is read of a session: the fields drizzle keeps private. */
export interface SessionFields {
  client: pg.Pool | pg.PoolClient;
  dialect: SessionArguments[1];
  schema: SessionArguments[2];
  options: SessionArguments[3];
}

type Transaction = (this: unknown, work: unknown, config?: unknown) => Promise<unknown>;

const prototype = NodePgSession.prototype as unknown as { transaction: Transaction };
const drizzleTransaction = prototype.transaction;

/**
 * drizzle's transaction on a pool (drizzle-orm 0.45.4) sends BEGIN before the `try` whose `finally`
 * releases the client it took: a BEGIN that fails (the connection the pool handed out was broken
 * by a server restart or a failover) never gives its client back. The pool then has one client
 * fewer for good and its `end()` waits forever; after as many failovers as the pool has clients,
 * every write would wait. Here the client is taken and released around drizzle's own transaction,
 * run on a session of that one client (which drizzle neither takes nor releases); the pool drops
 * a client whose connection broke when it comes back.
 */
prototype.transaction = async function transaction(this: unknown, work: unknown, config?: unknown) {
  const session = this as SessionFields;
  if (!(session.client instanceof pg.Pool)) return drizzleTransaction.call(this, work, config);
  const client = await session.client.connect();
  try {
    return await drizzleTransaction.call(new NodePgSession(client, session.dialect, session.schema, session.options), work, config);
  } finally {
    client.release();
  }
};
