import { index, inet, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

/** A signed-in session: the access token (and cookie) is stored only as its SHA-256 hash. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    ip: inet('ip'),
    userAgent: text('user_agent'),
    /** How the sign-in was made: `password`, `password+totp`, `password+recovery_code`, `password+passkey`, `passkey`, `mailed_link`, `email_verification`. */
    method: text('method'),
    createdAt: createdAt(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

export type EmailTokenPurpose = 'verify_email' | 'reset_password' | 'sign_in';

/** Single-use tokens sent by mail (email verification, password reset, sign-in links), stored as hashes. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<EmailTokenPurpose>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('email_tokens_user_idx').on(table.userId)],
);

/** Failed sign-ins, counted per account and per client address to slow down guessing. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: id(),
    email: text('email').notNull(),
    ip: inet('ip'),
    createdAt: createdAt(),
  },
  (table) => [index('sign_in_failures_email_idx').on(table.email, table.createdAt), index('sign_in_failures_ip_idx').on(table.ip, table.createdAt)],
);
