import { bigint, check, date, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { customers } from './customers';

/** What the site's counters count: page views per page path, per referring site, and clicks of the sign-up buttons. */
export const siteCounterKinds = ['page', 'referrer', 'click'] as const;
export type SiteCounterKind = (typeof siteCounterKinds)[number];

/**
 * The site's visits, counted per day and never per visitor (decision 064): one row per day, kind and
 * key (a page path, a referring host, a button's name) with how often it happened. Nothing here tells
 * one visitor from another; rows older than the retention period are deleted.
 */
export const siteDailyCounts = pgTable(
  'site_daily_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').$type<SiteCounterKind>().notNull(),
    key: text('key').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.kind, table.key] }),
    check('site_daily_counts_kind_check', sql`${table.kind} in ('page', 'referrer', 'click')`),
  ],
);

/** The business funnel's steps, in order: a customer reaches each at most once. */
export const funnelSteps = ['signed_up', 'email_verified', 'first_zone', 'delegated', 'first_paid_invoice'] as const;
export type FunnelStep = (typeof funnelSteps)[number];

/**
 * When a customer first reached each step of the funnel, recorded by the server with the step's cause
 * (decision 064). The unique key is the "once per customer" rule; the rows go with the customer.
 */
export const funnelEvents = pgTable(
  'funnel_events',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    step: text('step').$type<FunnelStep>().notNull(),
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.customerId, table.step] }),
    check('funnel_events_step_check', sql`${table.step} in ('signed_up', 'email_verified', 'first_zone', 'delegated', 'first_paid_invoice')`),
    index('funnel_events_reached_idx').on(table.reachedAt),
  ],
);
