import { bigint, boolean, check, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { RecordPolicy } from './apiKeys';
import { createdAt, id } from './columns';
import { customers } from './customers';
import { zones } from './zones';

export type TsigAlgorithm = 'hmac-sha256' | 'hmac-sha384' | 'hmac-sha512';

/**
 * A TSIG key (RFC 8945) of one zone, for dynamic updates (RFC 2136) and zone transfers. The DNS
 * server finds a key by the zone a request names and the name in its TSIG record, so names are
 * unique per zone: another customer's key names are neither revealed nor taken. The
 * secret is needed in clear to sign and verify, so it is sealed under the key-encryption key
 * (context: the row's id), never hashed; the API shows it once.
 */
export const tsigKeys = pgTable(
  'tsig_keys',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    /** The key name as written in TSIG records: absolute, lowercase, without the trailing dot. */
    name: text('name').notNull(),
    algorithm: text('algorithm').$type<TsigAlgorithm>().notNull().default('hmac-sha256'),
    /** The secret sealed by `encryptPrivateKey` (context: the row's id), base64. */
    secret: text('secret').notNull(),
    /** May sign dynamic updates (within `recordPolicies`). */
    canUpdate: boolean('can_update').notNull().default(true),
    /** May sign zone transfers (AXFR/IXFR) of its zone. */
    canTransfer: boolean('can_transfer').notNull().default(false),
    /** Which names and types updates may change, as for API keys (`zone` is always null here); null = all. */
    recordPolicies: jsonb('record_policies').$type<RecordPolicy[]>(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('tsig_keys_zone_name_idx').on(table.zoneId, table.name),
    check('tsig_keys_algorithm_check', sql`${table.algorithm} in ('hmac-sha256', 'hmac-sha384', 'hmac-sha512')`),
  ],
);

/**
 * A secondary server of a zone: it may transfer the zone (AXFR/IXFR over TCP, signed with its
 * TSIG key) and is sent a NOTIFY (RFC 1996) after each change.
 */
export const zoneSecondaries = pgTable(
  'zone_secondaries',
  {
    id: id(),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    /** IPv4 or IPv6 address the transfers come from and NOTIFY goes to. */
    address: text('address').notNull(),
    port: integer('port').notNull().default(53),
    /** The key the secondary signs its transfer requests with (and NOTIFY is signed with). */
    tsigKeyId: uuid('tsig_key_id')
      .notNull()
      .references(() => tsigKeys.id),
    /** The last serial the secondary acknowledged a NOTIFY for; null before the first. */
    notifiedSerial: bigint('notified_serial', { mode: 'number' }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('zone_secondaries_address_idx').on(table.zoneId, table.address, table.port),
    check('zone_secondaries_port_check', sql`${table.port} between 1 and 65535`),
  ],
);
