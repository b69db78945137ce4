import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id } from './columns';
import { customers } from './customers';
import { users, type Role } from './users';

export type InvitationStatus = 'pending' | 'accepted' | 'revoked';

export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').$type<Role>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<InvitationStatus>().notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('invitations_customer_idx').on(table.customerId),
    check('invitations_role_check', sql`${table.role} in ('owner', 'admin', 'member')`),
    check('invitations_status_check', sql`${table.status} in ('pending', 'accepted', 'revoked')`),
  ],
);
