import { index, inet, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

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
  },
  (table) => [index('support_requests_created_idx').on(table.createdAt)],
);
