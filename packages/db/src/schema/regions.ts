import { check, pgTable, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, updatedAt } from './columns';

/** Status-page regions (seeded by a migration from @kaja/catalog). */
export const regions = pgTable(
  'regions',
  {
    id: id(),
    name: text('name').notNull().unique(),
    status: text('status').$type<'online' | 'offline' | 'NA'>().notNull(),
    summary: text('summary').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [check('regions_status_check', sql`${table.status} in ('online', 'offline', 'NA')`)],
);
