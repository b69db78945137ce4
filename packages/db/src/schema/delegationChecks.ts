import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { zones, type DsDelegationState } from './zones';

/**
 * What the parent zone said at a zone's latest delegation check, beside the states kept on the
 * zone itself, and what the customer has been told about it.
 */
export const delegationChecks = pgTable('delegation_checks', {
  zoneId: uuid('zone_id')
    .primaryKey()
    .references(() => zones.id, { onDelete: 'cascade' }),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  /** The zone the delegation was read from, when found. */
  parentZone: text('parent_zone'),
  /** The NS names the parent delegates to, absolute without the trailing dot, sorted. */
  parentNs: text('parent_ns').array().notNull().default([]),
  /** The parent's DS records in presentation format (key tag, algorithm, digest type, digest). */
  parentDs: text('parent_ds').array().notNull().default([]),
  /** Why the parent could not be read (timeout, SERVFAIL); null when it answered. */
  problem: text('problem'),
  /**
   * The DS state the owners know of: the last one mailed (a mail per change into a broken state),
   * or `matching` once seen, so a DS that later goes missing is news.
   */
  notifiedDs: text('notified_ds').$type<DsDelegationState>(),
  /** When the owners were warned that the pending zone's name is about to be released. */
  releaseWarnedAt: timestamp('release_warned_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});
