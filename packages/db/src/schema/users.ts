import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, updatedAt } from './columns';
import { customers } from './customers';

export type Role = 'owner' | 'admin' | 'member';

/** A person; belongs to exactly one customer. Emails are stored lowercase and unique platform-wide. */
export const users = pgTable(
  'users',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    /** null until the person sets a password (e.g. through an invitation link). */
    passwordHash: text('password_hash'),
    role: text('role').$type<Role>().notNull(),
    isStaff: boolean('is_staff').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('users_email_idx').on(table.email),
    index('users_customer_idx').on(table.customerId),
    check('users_role_check', sql`${table.role} in ('owner', 'admin', 'member')`),
    check('users_email_lowercase_check', sql`${table.email} = lower(${table.email})`),
  ],
);
