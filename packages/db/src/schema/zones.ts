import { bigint, boolean, check, customType, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, updatedAt } from './columns';
import { customers } from './customers';

/** `catalog`: the customer's catalog zone (RFC 9432), written by the platform alone (decision 058). */
export type ZoneType = 'primary' | 'secondary' | 'catalog';
export type ZoneStatus = 'active' | 'disabled' | 'deleting';
export type ZoneRegionColumn = 'EU_GLOBAL' | 'EU' | 'GLOBAL';
export type DnssecState = 'off' | 'signing' | 'active' | 'disabling';
/** What the parent zone delegates the zone to: all our name servers, some of them, only others, nothing; `unknown` when the check failed. */
export type NsDelegationState = 'unchecked' | 'ours' | 'partly' | 'elsewhere' | 'unregistered' | 'unknown';
/**
 * The parent's DS set against the zone's keys: `matching` an active KSK, `missing` while signed,
 * `stale` (only keys that no longer sign), `wrong` (no key of ours), `unexpected` (a DS while the
 * zone is not signed, or being turned off), `none` (unsigned, no DS), `unknown` when the check failed.
 */
export type DsDelegationState = 'unchecked' | 'matching' | 'missing' | 'stale' | 'wrong' | 'unexpected' | 'none' | 'unknown';

/** Text compared byte by byte, so an index can give DNS canonical order (see `rrsets.sortKey`). */
const byteText = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

/** A hosted zone. The name is unique on the platform, whichever customer holds it. */
export const zones = pgTable(
  'zones',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Absolute, lowercase, punycode, without the trailing dot. */
    name: text('name').notNull(),
    /**
     * `secondary`: transferred in from the customer's primaries (see `secondary_zones`), read-only here.
     * `catalog`: the customer's catalog zone listing their other zones, at most one per customer.
     */
    type: text('type').$type<ZoneType>().notNull().default('primary'),
    region: text('region').$type<ZoneRegionColumn>().notNull(),
    /** Default TTL of new records, and the TTL of the platform's SOA and apex NS. */
    ttl: integer('ttl').notNull(),
    status: text('status').$type<ZoneStatus>().notNull().default('active'),
    /** The SOA serial, bumped once per committed change (uint32). */
    serial: bigint('serial', { mode: 'number' }).notNull(),
    /** Records customers wrote (SOA and apex NS not counted): kept with every change, summed for plan limits. */
    recordCount: integer('record_count').notNull().default(0),
    /** Record sets of the zone, the platform's included: the record list's total without a scan. */
    rrsetCount: integer('rrset_count').notNull().default(0),
    dnssecEnabled: boolean('dnssec_enabled').notNull().default(false),
    dnssecState: text('dnssec_state').$type<DnssecState>().notNull().default('off'),
    /** Denial of existence with NSEC3 (RFC 9276 parameters) instead of NSEC. */
    nsec3: boolean('nsec3').notNull().default(false),
    /**
     * Set while no check has seen the parent delegate the zone to our name servers (decision 035):
     * the zone is served all the same, and released if never delegated. Null: active.
     */
    pendingSince: timestamp('pending_since', { withTimezone: true }),
    /** The latest delegation check (details in `delegation_checks`). */
    delegationCheckedAt: timestamp('delegation_checked_at', { withTimezone: true }),
    delegationNs: text('delegation_ns').$type<NsDelegationState>().notNull().default('unchecked'),
    delegationDs: text('delegation_ds').$type<DsDelegationState>().notNull().default('unchecked'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('zones_name_idx').on(table.name),
    index('zones_customer_idx').on(table.customerId, table.name),
    check('zones_type_check', sql`${table.type} in ('primary', 'secondary', 'catalog')`),
    uniqueIndex('zones_catalog_customer_idx')
      .on(table.customerId)
      .where(sql`${table.type} = 'catalog'`),
    check('zones_region_check', sql`${table.region} in ('EU_GLOBAL', 'EU', 'GLOBAL')`),
    check('zones_status_check', sql`${table.status} in ('active', 'disabled', 'deleting')`),
    check('zones_dnssec_state_check', sql`${table.dnssecState} in ('off', 'signing', 'active', 'disabling')`),
    index('zones_delegation_due_idx').on(table.delegationCheckedAt),
    check('zones_delegation_ns_check', sql`${table.delegationNs} in ('unchecked', 'ours', 'partly', 'elsewhere', 'unregistered', 'unknown')`),
    check('zones_delegation_ds_check', sql`${table.delegationDs} in ('unchecked', 'matching', 'missing', 'stale', 'wrong', 'unexpected', 'none', 'unknown')`),
    check('zones_serial_check', sql`${table.serial} between 0 and 4294967295`),
  ],
);

/**
 * The records of one name and type in a zone: one TTL, canonical contents (dns-model), no
 * duplicates. The API's record id is the id of its set.
 */
export const rrsets = pgTable(
  'rrsets',
  {
    id: id(),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    /** Absolute owner name without the trailing dot. */
    name: text('name').notNull(),
    type: text('type').notNull(),
    /** The type's number (ALIAS: 65536, past any wire type), for ordering sets of one name. */
    typeCode: integer('type_code').notNull(),
    /**
     * The owner's labels right to left joined by U+0001, compared bytewise: DNS canonical order
     * (RFC 4034 6.1) for the names customers can write (letters, digits, `-`, `_`, `*`).
     */
    sortKey: byteText('sort_key').notNull(),
    ttl: integer('ttl').notNull(),
    contents: text('contents').array().notNull(),
    /** SOA and apex NS: written by the platform, not counted against plan limits. */
    managed: boolean('managed').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('rrsets_zone_name_type_idx').on(table.zoneId, table.name, table.type),
    index('rrsets_zone_order_idx').on(table.zoneId, table.sortKey, table.typeCode),
    check('rrsets_contents_check', sql`cardinality(${table.contents}) > 0`),
  ],
);
