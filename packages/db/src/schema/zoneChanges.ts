import { bigint, bigserial, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { zones } from './zones';

/** One record as a zone change keeps it: the dns-model `ZoneRecord` (canonical content). */
export interface ZoneChangeRecord {
  name: string;
  type: string;
  ttl: number;
  content: string;
}

/** Who made a change, kept as plain values so a zone change outlives its users and keys. */
export interface ZoneChangeActor {
  type: 'user' | 'api_key' | 'tsig_key' | 'system';
  user_id: string | null;
  api_key_id: string | null;
  /** The TSIG key of a dynamic update (type `tsig_key`). */
  tsig_key_id?: string;
}

export type ZoneChangeSource = 'api' | 'import' | 'restore' | 'dynamic_update' | 'system';

/**
 * The zone changes: every committed change of a zone, one row per serial, with the records it
 * removed and added. The old SOA is among the removed records and the new SOA among the added, so
 * the rows from a serial onwards are exactly the difference sequences of an IXFR (RFC 1995).
 */
export const zoneChanges = pgTable(
  'zone_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    /** The serial before the change (0 for the zone's creation). */
    previousSerial: bigint('previous_serial', { mode: 'number' }).notNull(),
    serial: bigint('serial', { mode: 'number' }).notNull(),
    source: text('source').$type<ZoneChangeSource>().notNull(),
    actor: jsonb('actor').$type<ZoneChangeActor>().notNull(),
    removed: jsonb('removed').$type<ZoneChangeRecord[]>().notNull(),
    added: jsonb('added').$type<ZoneChangeRecord[]>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('zone_changes_zone_serial_idx').on(table.zoneId, table.serial), index('zone_changes_zone_idx').on(table.zoneId, table.id)],
);

/**
 * The PostgreSQL notification channel on which every committed zone change is announced, with a
 * JSON `ZoneChangeNotice` as payload. DNS nodes listen and apply the change it carries, or read the
 * zone changes from their serial.
 */
export const zoneChangesChannel = 'zone_changes';

export interface ZoneChangeNotice {
  zone_id: string;
  zone: string;
  /** The zone's serial after the change. */
  serial: number;
  /** The zone's status after the change; `deleted` once it is gone. */
  status: 'active' | 'disabled' | 'deleting' | 'deleted';
  /**
   * The change of the records itself, as its `zone_changes` row holds it, when it fits the
   * notification (PostgreSQL's payload limit): a node serving `previous_serial` applies it without
   * reading the database.
   */
  change?: { previous_serial: number; removed: ZoneChangeRecord[]; added: ZoneChangeRecord[] };
}
