import { and, eq, gt, isNull, sql } from '@kaja/db/orm';
import { emailTokens, type EmailTokenPurpose, type Executor } from '@kaja/db';
import { invalid } from '../../errors';
import { hashSecret, newSecret } from './tokens';

export const emailTokenLifetimeMs: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * 3600_000,
  reset_password: 3600_000,
  sign_in: 15 * 60_000,
};

export async function issueEmailToken(executor: Executor, userId: string, purpose: EmailTokenPurpose): Promise<string> {
  const token = newSecret('kvt');
  await executor.insert(emailTokens).values({
    userId,
    purpose,
    tokenHash: hashSecret(token),
    expiresAt: new Date(Date.now() + emailTokenLifetimeMs[purpose]),
  });
  return token;
}

/**
 * Marks the token used and returns its user id; a used, expired or unknown token is a validation
 * error. Using one token ends every other token of the same user and purpose (an older reset link
 * found in a mailbox later must not work).
 */
export async function consumeEmailToken(executor: Executor, token: string, purpose: EmailTokenPurpose): Promise<string> {
  const [row] = await executor
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(emailTokens.tokenHash, hashSecret(token)), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, sql`now()`)),
    )
    .returning({ userId: emailTokens.userId });
  if (!row) throw invalid({ token: 'Token is invalid, already used or expired' });
  await endEmailTokens(executor, row.userId, purpose);
  return row.userId;
}

/** Ends every unused token of a user for a purpose (e.g. reset links once the password changed). */
export async function endEmailTokens(executor: Executor, userId: string, purpose: EmailTokenPurpose): Promise<void> {
  await executor
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}
