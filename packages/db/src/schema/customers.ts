import { check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, updatedAt } from './columns';
import { plans } from './plans';

/** The tenant: an organisation that owns zones, users and API keys. */
export const customers = pgTable(
  'customers',
  {
    id: id(),
    name: text('name').notNull(),
    defaultRegion: text('default_region').$type<'EU_GLOBAL' | 'EU' | 'GLOBAL'>().notNull().default('EU_GLOBAL'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [check('customers_default_region_check', sql`${table.defaultRegion} in ('EU_GLOBAL', 'EU', 'GLOBAL')`)],
);

/** The plan a customer is on. One current subscription per customer (ended ones are kept). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    status: text('status').$type<'trialing' | 'active' | 'canceled'>().notNull(),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    /** When the month's queries passed 80% of the plan's (the customer was warned); null below it. */
    queriesWarnedAt: timestamp('queries_warned_at', { withTimezone: true }),
    /** When the month's queries passed the plan's; null below it. Answering never stops. */
    queriesOverLimitAt: timestamp('queries_over_limit_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('subscriptions_current_idx').on(table.customerId).where(sql`${table.status} <> 'canceled'`),
    check('subscriptions_status_check', sql`${table.status} in ('trialing', 'active', 'canceled')`),
  ],
);
