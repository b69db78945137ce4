import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { and, eq, gt, isNull, lt, sql } from '@kaja/db/orm';
import { signInChallenges, users } from '@kaja/db';
import { ApiError, invalid } from '../../errors';
import type { ServiceContext } from '../context';
import { assertionOptions, checkAssertion } from './passkeys';
import { useRecoveryCode } from './recoveryCodes';
import type { SignInMethod } from './sessions';
import { checkSignInAllowed, recordSignInFailure } from './signInLimits';
import { hashSecret, newSecret } from './tokens';
import { checkTotpCode } from './totp';
import { factorsOf } from './twoFactor';

/*
 * The second step of signing in. After the right password, someone with a second factor gets a
 * sign-in token (valid 10 minutes) instead of a session; the token and one factor give the session.
 * Five wrong factors end the token, and each counts as a failed sign-in (signInLimits).
 */

const stepLifetimeMs = 10 * 60_000;
export const maxSecondFactorAttempts = 5;

export type SecondFactorMethod = 'totp' | 'recovery_code' | 'passkey';

/** Starts the second step for a person whose password was right. */
export async function startSecondFactor(ctx: ServiceContext, userId: string) {
  const factors = await factorsOf(ctx.db, userId);
  const methods: SecondFactorMethod[] = [];
  if (factors.totpConfirmedAt) methods.push('totp');
  if (factors.passkeys > 0) methods.push('passkey');
  if (factors.recoveryCodesLeft > 0) methods.push('recovery_code');
  const token = newSecret('ksf');
  const expiresAt = new Date(Date.now() + stepLifetimeMs);
  await ctx.db.insert(signInChallenges).values({ purpose: 'second_factor', userId, tokenHash: hashSecret(token), expiresAt });
  return { second_factor_required: true as const, sign_in_token: token, methods, expires_at: expiresAt.toISOString() };
}

const expired = () => new ApiError('unauthorized', 'This sign-in has expired or was ended after too many wrong codes: sign in with your password again');

async function openStep(ctx: ServiceContext, token: string) {
  const [step] = await ctx.db
    .select()
    .from(signInChallenges)
    .where(
      and(
        eq(signInChallenges.tokenHash, hashSecret(token)),
        eq(signInChallenges.purpose, 'second_factor'),
        isNull(signInChallenges.usedAt),
        gt(signInChallenges.expiresAt, sql`now()`),
        lt(signInChallenges.attempts, maxSecondFactorAttempts),
      ),
    );
  if (!step?.userId) throw expired();
  return step as typeof step & { userId: string };
}

/** Options for the browser to sign with one of the person's passkeys, as the second step. */
export async function secondFactorPasskeyOptions(ctx: ServiceContext, token: string) {
  const step = await openStep(ctx, token);
  return assertionOptions(ctx, step.userId);
}

export interface SecondFactorInput {
  sign_in_token: string;
  code?: string | undefined;
  recovery_code?: string | undefined;
  passkey?: { challenge_id: string; response: AuthenticationResponseJSON } | undefined;
}

/** Checks the second factor; the person and how they signed in, or a refusal (a wrong factor is counted). */
export async function checkSecondFactor(ctx: ServiceContext, input: SecondFactorInput, ip: string) {
  const step = await openStep(ctx, input.sign_in_token);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, step.userId));
  if (!user) throw expired();
  await checkSignInAllowed(ctx, user.email, ip);
  const given = [input.code, input.recovery_code, input.passkey].filter((value) => value !== undefined).length;
  if (given !== 1) throw invalid({ code: 'Give one of: a code from your authenticator app, a recovery code, or a passkey' });

  let method: SignInMethod;
  let field: string;
  let right: boolean;
  if (input.code !== undefined) {
    [method, field] = ['password+totp', 'code'];
    right = await checkTotpCode(ctx.db, ctx.config, user.id, input.code, ctx.now());
  } else if (input.recovery_code !== undefined) {
    [method, field] = ['password+recovery_code', 'recovery_code'];
    right = await useRecoveryCode(ctx.db, user.id, input.recovery_code);
  } else {
    [method, field] = ['password+passkey', 'passkey'];
    right = (await checkAssertion(ctx.db, ctx.config, input.passkey!, user.id)) !== null;
  }
  if (!right) {
    await ctx.db
      .update(signInChallenges)
      .set({ attempts: sql`${signInChallenges.attempts} + 1` })
      .where(eq(signInChallenges.id, step.id));
    await recordSignInFailure(ctx, user.email, ip);
    const message =
      field === 'code'
        ? 'The code is not right (or was used already): enter the 6 digits the app shows now'
        : field === 'recovery_code'
          ? 'The recovery code is not right or was used already'
          : 'The passkey could not be checked';
    throw invalid({ [field]: message });
  }
  const [used] = await ctx.db
    .update(signInChallenges)
    .set({ usedAt: sql`now()` })
    .where(and(eq(signInChallenges.id, step.id), isNull(signInChallenges.usedAt)))
    .returning({ id: signInChallenges.id });
  if (!used) throw expired();
  return { user, method };
}
