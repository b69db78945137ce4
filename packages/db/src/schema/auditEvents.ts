import { bigserial, index, inet, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { customers } from './customers';

/**
 * One change, written in the same transaction as the change. Actor ids are kept as plain values
 * (no foreign keys) so the log outlives deleted users and keys.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    actorType: text('actor_type').$type<'user' | 'api_key' | 'tsig_key' | 'system'>().notNull(),
    actorUserId: uuid('actor_user_id'),
    actorApiKeyId: uuid('actor_api_key_id'),
    /** For an API key actor: the user who created that key, who may not be the key's own user. */
    actorKeyCreatedBy: uuid('actor_key_created_by'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull().default({}),
    ip: inet('ip'),
    createdAt: createdAt(),
  },
  (table) => [index('audit_events_customer_idx').on(table.customerId, table.id), index('audit_events_target_idx').on(table.targetType, table.targetId)],
);
