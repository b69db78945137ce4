import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id } from './columns';
import { users } from './users';

/**
 * A person's TOTP authenticator (RFC 6238). The secret is sealed under the platform's key-encryption
 * key (the row's user id is the sealing context). Unconfirmed until the first code from the app is
 * entered; `lastUsedStep` refuses a code used again within its time step.
 */
export const totpFactors = pgTable('totp_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** One-time recovery codes, stored as SHA-256 hashes; a used code stays with its `usedAt`. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('recovery_codes_user_idx').on(table.userId)],
);

/** A WebAuthn credential (passkey) of a person; only its public key is kept. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the authenticator names it. */
    credentialId: text('credential_id').notNull().unique(),
    /** COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    signCount: bigint('sign_count', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array(),
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('passkeys_user_idx').on(table.userId)],
);

export type SignInChallengePurpose = 'second_factor' | 'passkey_sign_in' | 'passkey_registration';

/**
 * A sign-in step in progress: after the password (waiting for the second factor), a passkey
 * sign-in (waiting for the assertion), or a passkey registration. The token (for the second factor)
 * is stored as its hash; `attempts` counts wrong codes, and the step ends after a few.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: id(),
    purpose: text('purpose').$type<SignInChallengePurpose>().notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').unique(),
    /** The WebAuthn challenge (base64url) when a passkey is asked for. */
    webauthnChallenge: text('webauthn_challenge'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('sign_in_challenges_user_idx').on(table.userId),
    check('sign_in_challenges_purpose_check', sql`${table.purpose} in ('second_factor', 'passkey_sign_in', 'passkey_registration')`),
  ],
);
