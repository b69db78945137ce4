import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { reusableStatement, tableColumns, tableRowOf } from './reusableStatements';
import { customers } from './schema/index';
import { createTestDatabase } from './testing';
import type { DatabaseHandle } from './open';

describe('reusable statements', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it('builds the text once and sends each use its own values, in a transaction or not', async () => {
    let built = 0;
    const statement = reusableStatement<{ a: number; b: string[] }>((value) => {
      built++;
      return sql`SELECT ${value('a')}::integer + 1 AS next, ${value('b')}::text[] AS list`;
    });
    expect(await statement(database.db, { a: 1, b: ['x'] })).toEqual([{ next: 2, list: ['x'] }]);
    const inTransaction = await database.db.transaction((tx) => statement(tx, { a: 41, b: ['y', 'z'] }));
    expect(inTransaction).toEqual([{ next: 42, list: ['y', 'z'] }]);
    expect(await statement(database.db, { a: -1, b: [] })).toEqual([{ next: 0, list: [] }]);
    expect(built).toBe(1);
  });

  it('gives rows that map to the table’s rows as drizzle reads them, as columns or as JSON', async () => {
    const [customer] = await database.db.insert(customers).values({ name: 'Mapped', defaultRegion: 'EU' }).returning();
    const [expected] = await database.db.select().from(customers).where(eq(customers.id, customer!.id));
    const customerRowOf = tableRowOf(customers);
    const asColumns = reusableStatement<{ id: string }>((value) => sql`SELECT * FROM ${customers} WHERE id = ${value('id')}::uuid`);
    const asJson = reusableStatement<{ id: string }>((value) => sql`SELECT row_to_json(customers) AS row FROM ${customers} WHERE id = ${value('id')}::uuid`);
    const [row] = await asColumns(database.db, { id: customer!.id });
    const [json] = await asJson(database.db, { id: customer!.id });
    expect(customerRowOf(row!)).toEqual(expected);
    expect(customerRowOf(json!.row as Record<string, unknown>)).toEqual(expected);
  });

  it('reads a table by its columns, so that a column a migration adds leaves a prepared statement working', async () => {
    const things = pgTable('reusable_things', { id: integer('id').notNull(), name: text('name') });
    await database.db.execute(sql`CREATE TABLE reusable_things (id integer NOT NULL, name text)`);
    await database.db.execute(sql`INSERT INTO reusable_things VALUES (1, 'one')`);
    const byId = reusableStatement<{ id: number }>((value) => sql`SELECT ${tableColumns(things)} FROM ${things} WHERE id = ${value('id')}`);
    const thingOf = tableRowOf(things);
    // One connection throughout: the one that prepared the statement meets the migration.
    const rows = await database.db.transaction(async (tx) => {
      const before = await byId(tx, { id: 1 });
      await tx.execute(sql`ALTER TABLE reusable_things ADD COLUMN added integer`);
      return [...before, ...(await byId(tx, { id: 1 }))];
    });
    expect(rows.map(thingOf)).toEqual([
      { id: 1, name: 'one' },
      { id: 1, name: 'one' },
    ]);
  });
});
