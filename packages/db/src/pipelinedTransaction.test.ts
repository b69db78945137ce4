import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Executor } from './open';
import { pipelinedTransaction, RolledBackError } from './pipelinedTransaction';
import { createTestDatabase } from './testing';

// On PostgreSQL (`npm run test:db`) the statements go out pipelined; on PGlite one after the other.
describe('a transaction whose BEGIN and COMMIT go out with its first and last statements', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`CREATE TABLE pipelined (id integer PRIMARY KEY, tx text NOT NULL)`);
  });
  afterAll(() => database?.close());

  const rows = async () => ((await database.db.execute(sql`SELECT id, tx FROM pipelined ORDER BY id`)) as { rows: { id: number; tx: string }[] }).rows;
  const transactionId = async (tx: Executor) => String(((await tx.execute(sql`SELECT txid_current() AS id`)) as { rows: { id: unknown }[] }).rows[0]!.id);
  /** A failure's message and its cause's (drizzle wraps the driver's error). */
  const failure = async (outcome: Promise<unknown>) => {
    const error = (await outcome.then(
      () => undefined,
      (caught: unknown) => caught,
    )) as Error | undefined;
    return { error, text: `${error?.message} ${(error?.cause as Error | undefined)?.message}` };
  };
  const insert = (id: number) => sql`INSERT INTO pipelined (id, tx) VALUES (${id}, txid_current()::text)`;

  it('runs the first, the following and the last statements in one transaction, and commits them', async () => {
    const result = await pipelinedTransaction(database.db, {
      first: (tx) => transactionId(tx),
      rest: async (tx, first) => {
        await tx.execute(insert(1));
        return { first, rest: await transactionId(tx) };
      },
      last: () => insert(2),
    });
    // BEGIN went before the first statement: the first and the last were the same transaction's.
    expect(result.first).toBe(result.rest);
    expect(await rows()).toEqual([
      { id: 1, tx: result.first },
      { id: 2, tx: result.first },
    ]);
  });

  it('throws the error of the statements before the last as it was, and writes none of them', async () => {
    const planned = new Error('planned');
    const outcome = pipelinedTransaction(database.db, {
      first: (tx) => tx.execute(insert(3)),
      rest: () => Promise.reject(planned),
      last: () => insert(4),
    });
    await expect(outcome).rejects.toBe(planned);
    const failing = pipelinedTransaction(database.db, {
      first: (tx) => tx.execute(insert(5)),
      rest: (tx) => tx.execute(insert(5)),
      last: () => undefined,
    });
    expect((await failure(failing)).text).toMatch(/duplicate key/);
    expect((await rows()).map((row) => row.id)).toEqual([1, 2]);
  });

  it('is rolled back whole when its last statement fails, and says so', async () => {
    const outcome = pipelinedTransaction(database.db, {
      first: (tx) => tx.execute(insert(6)),
      rest: (tx) => tx.execute(insert(7)),
      last: () => sql`INSERT INTO pipelined (id, tx) VALUES (1 / 0, 'never')`,
    });
    const { error, text } = await failure(outcome);
    expect(text).toMatch(/division by zero/);
    // On PGlite the last statement runs before the COMMIT and fails as itself.
    if (database.kind === 'postgres') expect(error).toBeInstanceOf(RolledBackError);
    expect((await rows()).map((row) => row.id)).toEqual([1, 2]);
  });

  it('leaves each connection as it found it: transactions after a failed one commit as ever', async () => {
    for (let id = 10; id < 20; id++) {
      await pipelinedTransaction(database.db, { first: (tx) => tx.execute(insert(id)), rest: async () => undefined, last: () => undefined });
      await database.db.transaction((tx) => tx.execute(insert(id + 100)));
    }
    expect(await rows()).toHaveLength(2 + 20);
  });
});
