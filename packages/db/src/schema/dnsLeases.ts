import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Roles one DNS node of the deployment holds at a time, each for a while (decision 047): `notify`,
 * sending NOTIFY to customers' secondaries. A node takes a lease that is free or expired, renews
 * it before it expires and gives it up at a clean stop; the database's clock decides expiry.
 */
export const dnsLeases = pgTable('dns_leases', {
  /** The role: `notify`. */
  name: text('name').primaryKey(),
  /** The holder's `dns_nodes` id (the node id, so a node restarted on its data takes its lease back at once). */
  holderId: text('holder_id').notNull(),
  /** The holder's node name, for people reading the row. */
  holderName: text('holder_name').notNull(),
  /** When the holder took it (kept across renewals). */
  acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull(),
  /** Free from this moment unless renewed. */
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
