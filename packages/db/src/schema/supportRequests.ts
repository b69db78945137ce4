import { index, inet, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

export const supportRequests = pgTable(
  'support_requests',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    source: text('source').notNull(),
    ip: inet('ip'),
    createdAt: createdAt(),
    /** When staff marked the request answered; null while it is open. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [index('support_requests_created_idx').on(table.createdAt)],
);
