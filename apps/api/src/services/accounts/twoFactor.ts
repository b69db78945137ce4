import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { and, count, eq, isNotNull, sql, type AnyColumn, type SQL } from '@kaja/db/orm';
import { customers, passkeys, totpFactors, users, type Executor } from '@kaja/db';
import { ApiError, conflict, invalid } from '../../errors';
import { inTransaction, recordAudit } from '@kaja/zone-writes';
import type { ServiceContext } from '../context';
import { addPasskey, checkAssertion, deletePasskey, presentPasskey, renamePasskey } from './passkeys';
import type { Principal } from './principal';
import { recoveryCodesLeft, removeRecoveryCodes, replaceRecoveryCodes, useRecoveryCode } from './recoveryCodes';
import { mailUser } from '../ops/securityMail';
import { checkSignInAllowed, recordSignInFailure } from './signInLimits';
import { checkTotpCode, matchingStep, newTotpSecret, takeStep } from './totp';

/** True when the user (by id column) has a second factor: a confirmed authenticator app or a passkey. */
export const hasSecondFactor = (userId: AnyColumn): SQL<boolean> =>
  sql<boolean>`(exists (select 1 from ${totpFactors} where ${totpFactors.userId} = ${userId} and ${totpFactors.confirmedAt} is not null) or exists (select 1 from ${passkeys} where ${passkeys.userId} = ${userId}))`;

/** The person's second factors, as far as sign-in needs to know. */
export async function factorsOf(executor: Executor, userId: string) {
  const [[totp], [keys], left] = await Promise.all([
    executor
      .select({ confirmedAt: totpFactors.confirmedAt })
      .from(totpFactors)
      .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt))),
    executor.select({ total: count() }).from(passkeys).where(eq(passkeys.userId, userId)),
    recoveryCodesLeft(executor, userId),
  ]);
  return { totpConfirmedAt: totp?.confirmedAt ?? null, passkeys: keys!.total, recoveryCodesLeft: left };
}

export const hasAnyFactor = (factors: Awaited<ReturnType<typeof factorsOf>>) => factors.totpConfirmedAt !== null || factors.passkeys > 0;

/** Whether the person must sign in with two factors, and why: platform staff always, others when their customer says so. */
export async function requirementOf(executor: Executor, userId: string): Promise<'staff' | 'customer' | null> {
  const [row] = await executor
    .select({ isStaff: users.isStaff, required: customers.requireTwoFactor })
    .from(users)
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(eq(users.id, userId));
  return row?.isStaff ? 'staff' : row?.required ? 'customer' : null;
}

export async function twoFactorStatus(ctx: ServiceContext, principal: Principal) {
  const [factors, requiredBy] = await Promise.all([factorsOf(ctx.db, principal.userId), requirementOf(ctx.db, principal.userId)]);
  return {
    enabled: hasAnyFactor(factors),
    required: requiredBy !== null,
    required_by: requiredBy,
    totp: { enabled: factors.totpConfirmedAt !== null, confirmed_at: factors.totpConfirmedAt?.toISOString() ?? null },
    passkeys: factors.passkeys,
    recovery_codes_left: factors.recoveryCodesLeft,
  };
}

const origin = (principal: Principal) => ({ ip: principal.actor.ip, userAgent: principal.userAgent });

const audit = (executor: Executor, principal: Principal, action: string, summary: Record<string, unknown> = {}) =>
  recordAudit(executor, principal.actor, { customerId: principal.customerId, action, targetType: 'user', targetId: principal.userId, summary });

/** Starts (or starts again) setting up an authenticator app: the secret and its otpauth:// URI for the QR code. */
export async function beginTotp(ctx: ServiceContext, principal: Principal) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, principal.userId));
  const [existing] = await ctx.db.select().from(totpFactors).where(eq(totpFactors.userId, principal.userId));
  if (existing?.confirmedAt) throw conflict('An authenticator app is already set up; turn it off first to set up another');
  const secret = newTotpSecret(ctx.config, principal.userId, user!.email);
  await ctx.db
    .insert(totpFactors)
    .values({ userId: principal.userId, secret: secret.sealed })
    .onConflictDoUpdate({ target: totpFactors.userId, set: { secret: secret.sealed, lastUsedStep: null, createdAt: sql`now()` } });
  return { secret: secret.base32, otpauth_uri: secret.uri };
}

/** A wrong code counts as a failed sign-in of the account from this address (so guessing is slowed the same way). */
async function refuseCode(ctx: ServiceContext, principal: Principal, field: string, message: string): Promise<never> {
  await recordSignInFailure(ctx, principal.email, principal.actor.ip ?? '');
  throw invalid({ [field]: message });
}

/**
 * Confirms the authenticator app with its first code. The first second factor of a person also brings
 * ten recovery codes, returned this once.
 */
export async function confirmTotp(ctx: ServiceContext, principal: Principal, code: string) {
  await checkSignInAllowed(ctx, principal.email, principal.actor.ip ?? '');
  const [factor] = await ctx.db.select().from(totpFactors).where(eq(totpFactors.userId, principal.userId));
  if (!factor) throw conflict('Start setting up the authenticator app first (POST /auth/totp)');
  if (factor.confirmedAt) throw conflict('The authenticator app is already set up');
  const step = matchingStep(ctx.config, principal.userId, factor.secret, code, ctx.now());
  if (step === null) return refuseCode(ctx, principal, 'code', 'The code is not right: enter the 6 digits the app shows now');
  const before = await factorsOf(ctx.db, principal.userId);
  const recoveryCodes = await inTransaction(ctx, async (tx, after) => {
    if (!(await takeStep(tx, principal.userId, step, true))) throw conflict('The authenticator app is already set up');
    await audit(tx, principal, 'user.totp_enabled');
    await mailUser(
      ctx,
      { tx, after },
      principal.userId,
      'authenticator app added',
      'An authenticator app was set up for two-step sign-in to your Kaja DNS account.',
      origin(principal),
    );
    return hasAnyFactor(before) ? null : replaceRecoveryCodes(tx, principal.userId);
  });
  return { recovery_codes: recoveryCodes };
}

export interface FreshFactor {
  code?: string | undefined;
  recovery_code?: string | undefined;
  passkey?: { challenge_id: string; response: AuthenticationResponseJSON } | undefined;
}

/**
 * Asks for a second factor again before a change that weakens the account (turning off the app, new
 * recovery codes): a code of the app, a recovery code or a passkey. Wrong ones count as failed sign-ins.
 */
export async function checkFreshFactor(ctx: ServiceContext, principal: Principal, factor: FreshFactor | undefined) {
  await checkSignInAllowed(ctx, principal.email, principal.actor.ip ?? '');
  const given = [factor?.code, factor?.recovery_code, factor?.passkey].filter((value) => value !== undefined);
  if (given.length !== 1) throw invalid({ factor: 'Confirm with one of: a code from your authenticator app, a recovery code, or a passkey' });
  if (factor!.code !== undefined) {
    if (!(await checkTotpCode(ctx.db, ctx.config, principal.userId, factor!.code, ctx.now())))
      await refuseCode(ctx, principal, 'factor.code', 'The code is not right (or was used already)');
  } else if (factor!.recovery_code !== undefined) {
    if (!(await useRecoveryCode(ctx.db, principal.userId, factor!.recovery_code)))
      await refuseCode(ctx, principal, 'factor.recovery_code', 'The recovery code is not right or was used already');
  } else if ((await checkAssertion(ctx.db, ctx.config, factor!.passkey!, principal.userId)) === null) {
    await refuseCode(ctx, principal, 'factor.passkey', 'The passkey could not be checked');
  }
}

/** Refuses to take away the last second factor of someone who must have one. */
async function keepLastFactor(executor: Executor, principal: Principal, removing: 'totp' | 'passkey') {
  const factors = await factorsOf(executor, principal.userId);
  const left = (factors.totpConfirmedAt && removing !== 'totp' ? 1 : 0) + factors.passkeys - (removing === 'passkey' ? 1 : 0);
  if (left > 0) return { lastOne: false };
  const requiredBy = await requirementOf(executor, principal.userId);
  if (requiredBy) {
    throw conflict(
      requiredBy === 'staff'
        ? 'Platform staff must keep a second factor: add another one first'
        : 'Your team requires two-step sign-in: add another second factor first',
      { two_factor: 'This is your last second factor' },
    );
  }
  return { lastOne: true };
}

/** Turns the authenticator app off (confirmed with a fresh factor). With it goes the last factor, the recovery codes go too. */
export async function disableTotp(ctx: ServiceContext, principal: Principal, factor: FreshFactor | undefined) {
  const [existing] = await ctx.db
    .select()
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, principal.userId), isNotNull(totpFactors.confirmedAt)));
  if (!existing) throw conflict('No authenticator app is set up');
  const { lastOne } = await keepLastFactor(ctx.db, principal, 'totp');
  await checkFreshFactor(ctx, principal, factor);
  await inTransaction(ctx, async (tx, after) => {
    await tx.delete(totpFactors).where(eq(totpFactors.userId, principal.userId));
    if (lastOne) await removeRecoveryCodes(tx, principal.userId);
    await audit(tx, principal, 'user.totp_disabled');
    await mailUser(
      ctx,
      { tx, after },
      principal.userId,
      'authenticator app removed',
      'The authenticator app was turned off for two-step sign-in to your Kaja DNS account.',
      origin(principal),
    );
  });
}

/** Ten new recovery codes (the old ones stop working), confirmed with a fresh factor. */
export async function regenerateRecoveryCodes(ctx: ServiceContext, principal: Principal, factor: FreshFactor | undefined) {
  if (!hasAnyFactor(await factorsOf(ctx.db, principal.userId))) throw conflict('Set up two-step sign-in first: recovery codes come with it');
  await checkFreshFactor(ctx, principal, factor);
  const codes = await inTransaction(ctx, async (tx, after) => {
    await audit(tx, principal, 'user.recovery_codes_replaced');
    await mailUser(
      ctx,
      { tx, after },
      principal.userId,
      'new recovery codes',
      'New recovery codes were made for your Kaja DNS account; the old ones no longer work.',
      origin(principal),
    );
    return replaceRecoveryCodes(tx, principal.userId);
  });
  return { recovery_codes: codes };
}

/** Keeps a new passkey; the first second factor of a person also brings ten recovery codes, returned this once. */
export async function addPasskeyFor(
  ctx: ServiceContext,
  principal: Principal,
  input: { challenge_id: string; name: string; response: RegistrationResponseJSON },
) {
  const before = await factorsOf(ctx.db, principal.userId);
  const { passkey, recoveryCodes } = await inTransaction(ctx, async (tx, after) => {
    const passkey = await addPasskey(tx, ctx.config, principal.userId, input);
    await audit(tx, principal, 'user.passkey_added', { passkey_id: passkey.id, name: passkey.name });
    await mailUser(
      ctx,
      { tx, after },
      principal.userId,
      'passkey added',
      `A passkey named “${passkey.name}” was added to your Kaja DNS account.`,
      origin(principal),
    );
    return { passkey, recoveryCodes: hasAnyFactor(before) ? null : await replaceRecoveryCodes(tx, principal.userId) };
  });
  return { passkey: presentPasskey(passkey), recovery_codes: recoveryCodes };
}

export async function renamePasskeyFor(ctx: ServiceContext, principal: Principal, id: string, name: string) {
  return ctx.db.transaction(async (tx) => {
    const passkey = await renamePasskey(tx, principal.userId, id, name);
    await audit(tx, principal, 'user.passkey_renamed', { passkey_id: id, name });
    return presentPasskey(passkey);
  });
}

export async function removePasskeyFor(ctx: ServiceContext, principal: Principal, id: string) {
  const { lastOne } = await keepLastFactor(ctx.db, principal, 'passkey');
  await inTransaction(ctx, async (tx, after) => {
    const removed = await deletePasskey(tx, principal.userId, id);
    if (lastOne) await removeRecoveryCodes(tx, principal.userId);
    await audit(tx, principal, 'user.passkey_removed', { passkey_id: id, name: removed.name });
    await mailUser(
      ctx,
      { tx, after },
      principal.userId,
      'passkey removed',
      `The passkey named “${removed.name}” was removed from your Kaja DNS account.`,
      origin(principal),
    );
  });
}

/** An owner's setting: every member signs in with two factors. Owners set it only once they have a factor themselves. */
export async function assertCanRequireTwoFactor(executor: Executor, principal: Principal) {
  if (principal.role !== 'owner' && !principal.isStaff) throw new ApiError('forbidden', 'Only owners can change whether two-step sign-in is required');
  if (!hasAnyFactor(await factorsOf(executor, principal.userId))) {
    throw invalid({ require_two_factor: 'Set up two-step sign-in for yourself first, so you are not locked out' });
  }
}
