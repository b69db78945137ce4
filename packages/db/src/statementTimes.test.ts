import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './open';
import { pipelinedTransaction } from './pipelinedTransaction';
import { observeStatements } from './statementTimes';
import { createTestDatabase } from './testing';

// On PostgreSQL (`npm run test:db`) through the driver, on PGlite through drizzle: each statement once.
describe('observeStatements', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`CREATE TABLE observed (id integer PRIMARY KEY)`);
  });
  afterAll(() => database?.close());

  it("sees each of drizzle's statements and a pipelined transaction's once, and nothing after it stops", async () => {
    const seen: string[] = [];
    const stop = observeStatements((text, ms) => {
      expect(ms).toBeGreaterThanOrEqual(0);
      seen.push(text.trim().split(/\s+/)[0]!.toUpperCase());
    });
    try {
      await database.db.execute(sql`SELECT 1`);
      await pipelinedTransaction(database.db, {
        first: (tx) => tx.execute(sql`INSERT INTO observed (id) VALUES (1)`),
        rest: async (tx) => void (await tx.execute(sql`INSERT INTO observed (id) VALUES (2)`)),
        last: () => sql`INSERT INTO observed (id) VALUES (3)`,
      });
    } finally {
      stop();
    }
    await database.db.execute(sql`SELECT 2`);
    // PGlite's transaction opens and closes outside drizzle's statements; PostgreSQL's are sent as statements.
    const frame = database.kind === 'postgres' ? ['BEGIN', 'INSERT', 'INSERT', 'INSERT', 'COMMIT'] : ['INSERT', 'INSERT', 'INSERT'];
    expect(seen).toEqual(['SELECT', ...frame]);
  });
});
