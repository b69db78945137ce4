import { boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/** Seeded by a migration from @kaja/catalog; a test keeps both equal. */
export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  priceCents: integer('price_cents'),
  currency: text('currency').notNull(),
  period: text('period').notNull(),
  zonesLimit: integer('zones_limit'),
  recordsLimit: integer('records_limit'),
  queriesPerMonth: integer('queries_per_month'),
  features: jsonb('features').$type<string[]>().notNull(),
  popular: boolean('popular').notNull(),
  contactSales: boolean('contact_sales').notNull(),
  rateLimitRead: integer('rate_limit_read').notNull(),
  rateLimitWrite: integer('rate_limit_write').notNull(),
  sortOrder: integer('sort_order').notNull(),
});
