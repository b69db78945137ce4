import { bigint, check, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { DnsNetwork } from './dnsNodes';

/**
 * DNS queries answered per anycast network and hour, for the operator's totals (decision 066). Each
 * node adds what it answered for hosted zones to its network's row in the statement that writes its
 * `query_counts`, so the two agree; per-zone rows carry no network, a zone being served by both.
 */
export const networkQueryCounts = pgTable(
  'network_query_counts',
  {
    network: text('network').$type<DnsNetwork>().notNull(),
    /** Start of the hour (UTC). */
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.network, table.hour] }), check('network_query_counts_network_check', sql`${table.network} in ('EU', 'GLOBAL')`)],
);
