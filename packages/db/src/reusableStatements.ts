import { createHash } from 'node:crypto';
import { getTableColumns, sql, type Query, type SQL, type SQLWrapper, type Table } from 'drizzle-orm';
import { PgDialect, type PgSession } from 'drizzle-orm/pg-core';
import type { Executor } from './open';

// Statements of the hot paths (a record write, a request's API key) whose text drizzle builds once
// and sends with new values each time (decision 085). Building a statement's text from its parts
// took more of the API's processor time than anything else a record write does; the text of these
// statements never changes, only their values. Each is also prepared once per connection by
// PostgreSQL (a named statement), which then parses and plans it once rather than on every write.

/** The dialect both drivers use to turn a statement into its text: nothing of it depends on the connection. */
const dialect = new PgDialect();

/** A statement's values by name, as its text's placeholders name them. */
export type StatementValues = Record<string, unknown>;

/**
 * A statement's value of that name: the placeholder of a reusable statement, or where the same
 * text is built for one use, the value itself.
 */
export type ValueOf<V extends StatementValues = StatementValues> = (name: keyof V & string) => SQLWrapper;

/** Runs the statement with these values in `executor` (a transaction or the database); its rows, columns by their SQL names. */
export type ReusableStatement<V extends StatementValues> = (executor: Executor, values: V) => Promise<Record<string, unknown>[]>;

/**
 * A statement built once, on its first use, by `build` with a placeholder for each value: what it
 * gives must depend on nothing but the placeholders. The rows come as `execute` gives them (dates
 * as text), without drizzle's mapping of a select's fields.
 */
export function reusableStatement<V extends StatementValues>(build: (value: ValueOf<V>) => SQL): ReusableStatement<V> {
  let query: Query | undefined;
  let name: string | undefined;
  return async (executor, values) => {
    if (!query) {
      query = dialect.sqlToQuery(build((key) => sql.placeholder(key)));
      // The name is the text's: a connection keeps one prepared statement per name.
      name = `kaja_${createHash('sha256').update(query.sql).digest('hex').slice(0, 24)}`;
    }
    const session = (executor as unknown as { session: PgSession }).session;
    const result = await session.prepareQuery(query, undefined, name, false).execute(values);
    return (result as { rows: Record<string, unknown>[] }).rows;
  };
}

/**
 * The table's columns, qualified, as `tableRowOf` reads them, for a statement's select list. A
 * statement prepared once must not read `table.*`: a column added by a migration while the statement
 * is prepared changes what `*` means, and PostgreSQL then refuses to run it at all.
 */
export const tableColumns = (table: Table): SQL =>
  sql.join(
    Object.values(getTableColumns(table)).map((column) => sql`${table}.${sql.identifier(column.name)}`),
    sql`, `,
  );

/**
 * A row of `table` as a statement gives its columns, by their SQL names (a reusable statement's
 * rows, or a row turned to JSON), made the table's row as drizzle reads it.
 */
export function tableRowOf<T extends Table>(table: T): (row: Record<string, unknown>) => T['$inferSelect'] {
  const columns = Object.entries(getTableColumns(table));
  return (row) => {
    const value: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const stored = row[column.name];
      value[key] = stored === null ? null : column.mapFromDriverValue(stored);
    }
    return value;
  };
}
