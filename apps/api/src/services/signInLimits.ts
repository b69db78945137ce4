import { and, count, eq, gt, min, sql } from '@kaja/db/orm';
import { signInFailures } from '@kaja/db';
import { ApiError } from '../errors';
import type { ServiceContext } from './context';

export const signInWindowMs = 15 * 60_000;
export const maxFailuresPerAccount = 10;
export const maxFailuresPerAddress = 30;

/** Refuses sign-in after too many recent failures for the account or from the address. */
export async function checkSignInAllowed(ctx: ServiceContext, email: string, ip: string) {
  const since = new Date(Date.now() - signInWindowMs);
  const [[byAccount], [byAddress]] = await Promise.all([
    ctx.db.select({ failures: count(), oldest: min(signInFailures.createdAt) }).from(signInFailures).where(and(eq(signInFailures.email, email), gt(signInFailures.createdAt, since))),
    ctx.db.select({ failures: count(), oldest: min(signInFailures.createdAt) }).from(signInFailures).where(and(eq(signInFailures.ip, ip), gt(signInFailures.createdAt, since))),
  ]);
  const blocked =
    byAccount!.failures >= maxFailuresPerAccount ? byAccount! : byAddress!.failures >= maxFailuresPerAddress ? byAddress! : null;
  if (!blocked) return;
  const retryAfter = Math.max(1, Math.ceil((new Date(blocked.oldest!).getTime() + signInWindowMs - Date.now()) / 1000));
  throw new ApiError('rate_limited', `Too many failed sign-ins; try again in ${Math.ceil(retryAfter / 60)} minutes`, { retry_after: retryAfter }, { 'Retry-After': String(retryAfter) });
}

export async function recordSignInFailure(ctx: ServiceContext, email: string, ip: string) {
  await ctx.db.insert(signInFailures).values({ email, ip });
}

export async function clearSignInFailures(ctx: ServiceContext, email: string) {
  await ctx.db.delete(signInFailures).where(eq(signInFailures.email, email));
  // Old rows of other accounts and addresses are no longer needed either.
  await ctx.db.delete(signInFailures).where(sql`${signInFailures.createdAt} < now() - interval '1 day'`);
}
