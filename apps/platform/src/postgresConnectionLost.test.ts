// A connection to PostgreSQL lost while a transaction holds it (the server restarted, a backend
// terminated): the transaction fails, the process goes on, and the pool serves the next statement.
// The PostgreSQL server is the test's own.
import { createTestDatabase } from '@kaja/db/testing';
import { sql } from '@kaja/db/orm';
import { startPostgres } from '@kaja/test-support/postgres';
import { expect, it, onTestFinished } from 'vitest';

it('fails a transaction whose connection is lost between two statements, and the process goes on', { timeout: 120_000 }, async () => {
  const postgres = await startPostgres();
  onTestFinished(() => postgres.close());
  const database = await createTestDatabase(postgres.url);
  onTestFinished(() => database.close());
  const other = await createTestDatabase(database.url);
  onTestFinished(() => other.close());

  const transaction = database.db.transaction(async (tx) => {
    const result: unknown = await tx.execute(sql`SELECT pg_backend_pid() AS pid`);
    const { pid } = (result as { rows: { pid: number }[] }).rows[0]!;
    // While this transaction's client waits between statements, as a write does while it builds the next one.
    await other.db.execute(sql`SELECT pg_terminate_backend(${pid})`);
    // The lost connection is reported to the client now, with no statement of its own to fail.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await tx.execute(sql`SELECT 1`);
  });
  await expect(transaction).rejects.toThrow();
  const after: unknown = await database.db.execute(sql`SELECT 2 AS two`);
  expect((after as { rows: unknown[] }).rows).toEqual([{ two: 2 }]);
});
