import { bigint, index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';

/**
 * DNS queries answered per zone, hour, query type and response code, for plan metering and the
 * zone metrics. DNS nodes count in memory and add their counts here (upsert, `count + n`), so any
 * number of nodes can write the same row. The rows outlive their zone (no foreign key to it): a
 * customer's month is metered by `customer_id`, and deleting a zone must not take its queries off.
 */
export const queryCounts = pgTable(
  'query_counts',
  {
    zoneId: uuid('zone_id').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Start of the hour (UTC) the queries were answered in. */
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    /** The query type; 0 for all types without a mnemonic together (`countedType` of @kaja/dns-model). */
    qtype: integer('qtype').notNull(),
    rcode: integer('rcode').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.zoneId, table.hour, table.qtype, table.rcode] }),
    index('query_counts_customer_hour_idx').on(table.customerId, table.hour),
  ],
);
