import { bigint, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { zones } from './zones';

/**
 * DNS queries answered per zone, hour, query type and response code, for plan metering and the
 * dashboard's graphs. DNS nodes count in memory and add their counts here (upsert, `count + n`),
 * so any number of nodes can write the same row.
 */
export const queryCounts = pgTable(
  'query_counts',
  {
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    /** Start of the hour (UTC) the queries were answered in. */
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    qtype: integer('qtype').notNull(),
    rcode: integer('rcode').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.zoneId, table.hour, table.qtype, table.rcode] })],
);
