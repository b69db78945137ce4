import { randomBytes } from 'node:crypto';
import { and, count, eq, isNull } from '@kaja/db/orm';
import { recoveryCodes, type Executor } from '@kaja/db';
import { hashSecret } from './tokens';

export const recoveryCodeCount = 10;

// Without look-alike letters and digits, so a printed code is typed back right.
const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Spaces, dashes and case do not matter when a code is typed back. */
const normalise = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

function newCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => alphabet[byte % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Replaces the person's recovery codes with ten new ones, returned this once (only their hashes are kept). */
export async function replaceRecoveryCodes(executor: Executor, userId: string): Promise<string[]> {
  const codes = Array.from({ length: recoveryCodeCount }, newCode);
  await executor.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await executor.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashSecret(normalise(code)) })));
  return codes;
}

/** Uses up a recovery code of the person; false when it is not theirs or was used before. */
export async function useRecoveryCode(executor: Executor, userId: string, code: string): Promise<boolean> {
  const used = await executor
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashSecret(normalise(code))), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

export async function recoveryCodesLeft(executor: Executor, userId: string): Promise<number> {
  const [row] = await executor
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row!.left;
}

export async function removeRecoveryCodes(executor: Executor, userId: string): Promise<void> {
  await executor.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
