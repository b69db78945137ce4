import { and, count, eq, gt, min, sql } from '@kaja/db/orm';
import { signInFailures } from '@kaja/db';
import { ApiError } from '../../errors';
import type { ServiceContext } from '../context';

export const signInWindowMs = 15 * 60_000;
/** Failures for one account from one client address: that address may not try the account for a while. */
export const maxFailuresPerAccountAndAddress = 10;
/** Failures from one client address, whatever the accounts: that address may not sign in for a while. */
export const maxFailuresPerAddress = 30;
/**
 * Failures for one account from anywhere: the right password no longer gives a session directly but a
 * sign-in link by mail, so guessing from many addresses gains nothing and the owner is never locked out.
 */
export const maxFailuresPerAccount = 20;

const since = () => new Date(Date.now() - signInWindowMs);

async function failures(ctx: ServiceContext, where: ReturnType<typeof and>) {
  const [row] = await ctx.db
    .select({ failures: count(), oldest: min(signInFailures.createdAt) })
    .from(signInFailures)
    .where(and(where, gt(signInFailures.createdAt, since())));
  return row!;
}

/** Refuses sign-in after too many recent failures from the address, or for the account from the address. */
export async function checkSignInAllowed(ctx: ServiceContext, email: string, ip: string) {
  const [byAddress, byAccountAndAddress] = await Promise.all([
    failures(ctx, eq(signInFailures.ip, ip)),
    failures(ctx, and(eq(signInFailures.email, email), eq(signInFailures.ip, ip))),
  ]);
  const blocked =
    byAddress.failures >= maxFailuresPerAddress ? byAddress : byAccountAndAddress.failures >= maxFailuresPerAccountAndAddress ? byAccountAndAddress : null;
  if (!blocked) return;
  const retryAfter = Math.max(1, Math.ceil((new Date(blocked.oldest!).getTime() + signInWindowMs - Date.now()) / 1000));
  throw new ApiError(
    'rate_limited',
    `Too many failed sign-ins; try again in ${Math.ceil(retryAfter / 60)} minutes`,
    { retry_after: retryAfter },
    { 'Retry-After': String(retryAfter) },
  );
}

/** Is the account being guessed at from many places (so the right password gets a mailed link instead)? */
export async function accountUnderAttack(ctx: ServiceContext, email: string): Promise<boolean> {
  return (await failures(ctx, eq(signInFailures.email, email))).failures >= maxFailuresPerAccount;
}

export async function recordSignInFailure(ctx: ServiceContext, email: string, ip: string) {
  await ctx.db.insert(signInFailures).values({ email, ip });
}

/**
 * After a successful sign-in: the failures of this account from this address are forgiven (others
 * stay, so a guesser elsewhere gains no new attempts).
 */
export async function clearSignInFailures(ctx: ServiceContext, email: string, ip: string) {
  await ctx.db.delete(signInFailures).where(and(eq(signInFailures.email, email), eq(signInFailures.ip, ip)));
  // Old rows of other accounts and addresses are no longer needed either.
  await ctx.db.delete(signInFailures).where(sql`${signInFailures.createdAt} < now() - interval '1 day'`);
}
