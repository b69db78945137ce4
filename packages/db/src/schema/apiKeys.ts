import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { customers } from './customers';
import { users } from './users';

/**
 * A write policy of an API key: may the key change records of this name and type?
 * `zone` and `name` are absolute names without the trailing dot; `name` may start with `*.`
 * (any name below) or be `*` (any name); `type` is a record type or `*`.
 * The most specific matching policy decides; with policies set and none matching, writes are refused.
 */
export interface RecordPolicy {
  zone: string | null;
  name: string;
  type: string;
  allow: boolean;
}

export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The visible start of the key, to recognise it in lists. */
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    /** Comma-delimited, e.g. `zones:read,records:*`. */
    scopes: text('scopes').notNull(),
    /** Zone names the key may touch; null = all of the customer's zones. */
    allowedZones: text('allowed_zones').array(),
    recordPolicies: jsonb('record_policies').$type<RecordPolicy[]>(),
    /** Client address ranges (CIDR) the key may be used from; null = anywhere. */
    allowedCidrs: text('allowed_cidrs').array(),
    /** The key stops working this many seconds after creation. */
    maxAgeSeconds: integer('max_age_seconds'),
    /** The key stops working after this many seconds without use. */
    maxUnusedSeconds: integer('max_unused_seconds'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The user who created the key (or rotated it into being): not always the user it belongs to. */
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (table) => [index('api_keys_customer_idx').on(table.customerId), index('api_keys_user_idx').on(table.userId)],
);
