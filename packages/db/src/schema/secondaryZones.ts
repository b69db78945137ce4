import { bigint, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { zones } from './zones';

/** A primary server a secondary zone is transferred from; TSIG with one of the zone's keys when named. */
export interface SecondaryPrimary {
  address: string;
  port: number;
  tsig_key_id: string | null;
}

/**
 * A zone of type `secondary`: its primaries, and the state of its transfers in. Its records are
 * what the last transfer brought (the primary's SOA and serial included); refreshes follow the
 * SOA timers and NOTIFY from a primary. A zone without a successful transfer within the SOA's
 * expire time has its data dropped (serial 0: not served) until a transfer succeeds again.
 */
export const secondaryZones = pgTable('secondary_zones', {
  zoneId: uuid('zone_id')
    .primaryKey()
    .references(() => zones.id, { onDelete: 'cascade' }),
  /** Tried in order; at least one. */
  primaries: jsonb('primaries').$type<SecondaryPrimary[]>().notNull(),
  /** The serial the last successful transfer (or up-to-date check) saw; null before the first. */
  lastSerial: bigint('last_serial', { mode: 'number' }),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  /** Why the last attempt failed, for the customer (which primary, what went wrong); null after a success. */
  lastError: text('last_error'),
  nextRefreshAt: timestamp('next_refresh_at', { withTimezone: true }),
  /** When the data is dropped unless a transfer succeeds before (last success + SOA expire). */
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});
