import { bigint, check, doublePrecision, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt } from './columns';
import { regions } from './regions';

export type DnsNetwork = 'EU' | 'GLOBAL';

/**
 * The DNS nodes serving the platform's zones, as each last told: a node writes its row at start
 * and at every heartbeat, and a region's status follows the heartbeats of its nodes.
 */
export const dnsNodes = pgTable(
  'dns_nodes',
  {
    /** Stable per node: DNS_NODE_ID, or an id generated once and kept in the node's data directory. */
    id: text('id').primaryKey(),
    /** The host name NSID and CHAOS id.server answer with. */
    name: text('name').notNull(),
    network: text('network').$type<DnsNetwork>().notNull(),
    /** The region named by DNS_REGION; none when unset or not a region (such a node counts for no region). */
    regionId: uuid('region_id').references(() => regions.id, { onDelete: 'set null' }),
    version: text('version').notNull(),
    /** Every journal (`zone_changes`) row up to this id was served at the node's last complete sync. */
    journalPosition: bigint('journal_position', { mode: 'number' }).notNull(),
    /** Seconds the oldest journal row after the position had waited at the last heartbeat (0: none waits). */
    journalLagSeconds: doublePrecision('journal_lag_seconds').notNull(),
    zonesLoaded: integer('zones_loaded').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastHeartbeatAt: timestamp('last_heartbeat_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check('dns_nodes_network_check', sql`${table.network} in ('EU', 'GLOBAL')`),
    index('dns_nodes_region_idx').on(table.regionId, table.lastHeartbeatAt),
  ],
);
