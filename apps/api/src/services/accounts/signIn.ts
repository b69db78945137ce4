import { and, eq, isNull, sql } from '@kaja/db/orm';
import { apiKeys, isUniqueViolation, users } from '@kaja/db';
import { ApiError, invalid } from '../../errors';
import { createDefaultApiKey } from './apiKeys';
import { inTransaction, recordAudit, type Actor } from '@kaja/zone-writes';
import type { ServiceContext } from '../context';
import { insertCustomer, loadCustomer } from './customers';
import { consumeEmailToken, endEmailTokens, issueEmailToken } from './emailTokens';
import { passwordResetMail, signInLinkMail, signupExistsMail, verificationMail } from '../ops/mailTemplates';
import { checkPasswordRules, hashPassword, verifyPassword } from './passwords';
import { presentUser } from './presenters';
import type { Principal } from './principal';
import { assertionOptions, checkAssertion } from './passkeys';
import { checkSecondFactor, startSecondFactor, type SecondFactorInput } from './secondFactor';
import { mailUser } from '../ops/securityMail';
import { createSession, isNewDevice, listOpenSessions, presentSession, revokeSession, revokeSessions, type SignInMethod } from './sessions';
import { accountUnderAttack, checkSignInAllowed, clearSignInFailures, recordSignInFailure } from './signInLimits';
import { factorsOf, hasAnyFactor } from './twoFactor';
import { recordFunnelStep } from '../ops/analytics/funnel';

export interface Client {
  ip: string;
  userAgent: string | null;
}

const anonymous = (client: Client): Actor => ({ type: 'user', userId: null, apiKeyId: null, ip: client.ip });
const asUser = (userId: string, client: Client): Actor => ({ type: 'user', userId, apiKeyId: null, ip: client.ip });

async function findUserByEmail(ctx: ServiceContext, email: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  return user ?? null;
}

/**
 * Creates the customer and its owner and mails a verification link. A taken email gets a mail
 * instead, and the caller sees the same answer either way.
 */
export async function signup(ctx: ServiceContext, input: { email: string; password: string; full_name: string; company: string }, client: Client) {
  await checkPasswordRules(input.password, { email: input.email, fullName: input.full_name, company: input.company });
  const passwordHash = await hashPassword(input.password);
  if (await findUserByEmail(ctx, input.email)) {
    ctx.mail(signupExistsMail(ctx.config, input.email));
    return;
  }
  try {
    await inTransaction(ctx, async (tx, after) => {
      const { customer } = await insertCustomer(tx, { name: input.company });
      const [user] = await tx
        .insert(users)
        .values({ customerId: customer.id, email: input.email, fullName: input.full_name, passwordHash, role: 'owner' })
        .returning();
      await recordAudit(tx, asUser(user!.id, client), {
        customerId: customer.id,
        action: 'user.signed_up',
        targetType: 'user',
        targetId: user!.id,
        summary: { email: user!.email, company: customer.name },
      });
      await recordFunnelStep(ctx, tx, customer.id, 'signed_up');
      after.mail(verificationMail(ctx.config, input.email, await issueEmailToken(tx, user!.id, 'verify_email')));
    });
  } catch (error) {
    // Two sign-ups for one address at once: the second is told the same as for any taken address.
    if (!isUniqueViolation(error)) throw error;
    ctx.mail(signupExistsMail(ctx.config, input.email));
  }
}

export async function signin(ctx: ServiceContext, input: { email: string; password: string }, client: Client) {
  await checkSignInAllowed(ctx, input.email, client.ip);
  const user = await findUserByEmail(ctx, input.email);
  if (!(await verifyPassword(user?.passwordHash ?? null, input.password)) || !user) {
    await recordSignInFailure(ctx, input.email, client.ip);
    throw new ApiError('unauthorized', 'Email or password is incorrect');
  }
  if (!user.emailVerifiedAt) {
    throw new ApiError('forbidden', 'Verify your email address first; we sent you a link', { email: 'Email address is not verified' });
  }
  if (await accountUnderAttack(ctx, input.email)) {
    await inTransaction(ctx, async (tx, after) => after.mail(signInLinkMail(ctx.config, user.email, await issueEmailToken(tx, user.id, 'sign_in'))));
    throw new ApiError('forbidden', 'Many wrong passwords were tried on this account: we mailed you a link to finish signing in', {
      email: 'Sign-in link sent: open it to finish signing in',
      sign_in_link_sent: true,
    });
  }
  return passwordAccepted(ctx, user, client, 'password');
}

/**
 * The password (or a mailed sign-in link) was right: someone with a second factor goes on to the second
 * step, anyone else gets the session.
 */
async function passwordAccepted(ctx: ServiceContext, user: typeof users.$inferSelect, client: Client, method: 'password' | 'mailed_link') {
  if (hasAnyFactor(await factorsOf(ctx.db, user.id))) return startSecondFactor(ctx, user.id);
  await clearSignInFailures(ctx, user.email, client.ip);
  return startSession(ctx, user, client, method);
}

async function startSession(ctx: ServiceContext, user: typeof users.$inferSelect, client: Client, method: SignInMethod) {
  const session = await inTransaction(ctx, async (tx, after) => {
    const newDevice = await isNewDevice(tx, user.id, client.userAgent);
    const created = await createSession(tx, user.id, client, method);
    await recordAudit(tx, asUser(user.id, client), {
      customerId: user.customerId,
      action: 'user.signed_in',
      targetType: 'user',
      targetId: user.id,
      summary: { user_agent: client.userAgent, via: method },
    });
    if (newDevice) {
      await mailUser(
        ctx,
        { tx, after },
        user.id,
        'sign-in from a new device',
        'Someone signed in to your Kaja DNS account from a browser or program not used for it before.',
        client,
      );
    }
    return created;
  });
  return { session, user: presentUser(user), customer: (await loadCustomer(ctx.db, user.customerId))! };
}

/** Finishes a sign-in with the mailed link (sent when the account was being guessed at); a second factor is still asked for. */
export async function signInWithLink(ctx: ServiceContext, token: string, client: Client) {
  const userId = await ctx.db.transaction((tx) => consumeEmailToken(tx, token, 'sign_in'));
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  return passwordAccepted(ctx, user!, client, 'mailed_link');
}

/** The second step of signing in: the sign-in token and one second factor give the session. */
export async function signInWithSecondFactor(ctx: ServiceContext, input: SecondFactorInput, client: Client) {
  const { user, method } = await checkSecondFactor(ctx, input, client.ip);
  await clearSignInFailures(ctx, user.email, client.ip);
  return startSession(ctx, user, client, method);
}

/** Options for signing in with a passkey alone (the browser offers the passkeys it holds for this site). */
export const passkeySignInOptions = (ctx: ServiceContext) => assertionOptions(ctx, null);

/** Signs in with a passkey alone: it is both factors (something held, unlocked by the device). */
export async function signInWithPasskey(
  ctx: ServiceContext,
  input: { challenge_id: string; response: Parameters<typeof checkAssertion>[2]['response'] },
  client: Client,
) {
  // Failed passkey sign-ins count against the client address (no account is named).
  await checkSignInAllowed(ctx, '', client.ip);
  const userId = await checkAssertion(ctx.db, ctx.config, input, null);
  if (!userId) {
    await recordSignInFailure(ctx, '', client.ip);
    throw new ApiError('unauthorized', 'This passkey is not registered with Kaja DNS (or it was removed)');
  }
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user!.emailVerifiedAt)
    throw new ApiError('forbidden', 'Verify your email address first; we sent you a link', { email: 'Email address is not verified' });
  return startSession(ctx, user!, client, 'passkey');
}

export async function listSessions(ctx: ServiceContext, principal: Principal) {
  const current = principal.credential.kind === 'session' ? principal.credential.sessionId : null;
  return (await listOpenSessions(ctx.db, principal.userId)).map((session) => presentSession(session, current));
}

/** Ends one of the person's sessions (signing out that device). */
export async function endSession(ctx: ServiceContext, principal: Principal, sessionId: string) {
  await ctx.db.transaction(async (tx) => {
    const session = await revokeSession(tx, principal.userId, sessionId);
    await recordAudit(tx, principal.actor, {
      customerId: principal.customerId,
      action: 'user.session_revoked',
      targetType: 'user',
      targetId: principal.userId,
      summary: { session_id: session.id, user_agent: session.userAgent, ip: session.ip },
    });
  });
}

export async function signout(ctx: ServiceContext, principal: Principal) {
  if (principal.credential.kind !== 'session') return;
  const { sessionId } = principal.credential;
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE sessions SET revoked_at = now() WHERE id = ${sessionId} AND revoked_at IS NULL`);
    await recordAudit(tx, principal.actor, {
      customerId: principal.customerId,
      action: 'user.signed_out',
      targetType: 'user',
      targetId: principal.userId,
    });
  });
}

/** Ends every session of the user, on every device, this one included; API keys are not sessions and keep working. */
export async function signoutEverywhere(ctx: ServiceContext, principal: Principal) {
  await ctx.db.transaction(async (tx) => {
    await revokeSessions(tx, principal.userId);
    await recordAudit(tx, principal.actor, {
      customerId: principal.customerId,
      action: 'user.signed_out_everywhere',
      targetType: 'user',
      targetId: principal.userId,
    });
  });
}

export async function currentSession(ctx: ServiceContext, principal: Principal) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, principal.userId));
  return {
    user: presentUser(user!),
    customer: (await loadCustomer(ctx.db, principal.customerId))!,
    two_factor_enrolment_required: principal.mustEnrolSecondFactor,
  };
}

/**
 * Marks the address verified and signs the person in. The first verification of an owner also
 * creates the default API key, whose secret is returned this once.
 */
export async function verifyEmail(ctx: ServiceContext, token: string, client: Client) {
  return ctx.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, token, 'verify_email');
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    const firstTime = user!.emailVerifiedAt === null;
    const [verified] = await tx
      .update(users)
      .set({ emailVerifiedAt: user!.emailVerifiedAt ?? new Date(), updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    const [existingKey] = await tx.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.userId, userId)).limit(1);
    const defaultApiKey = firstTime && !existingKey ? await createDefaultApiKey(tx, verified!) : null;
    const session = await createSession(tx, userId, client, 'email_verification');
    if (firstTime) await recordFunnelStep(ctx, tx, verified!.customerId, 'email_verified');
    await recordAudit(tx, asUser(userId, client), {
      customerId: verified!.customerId,
      action: 'user.email_verified',
      targetType: 'user',
      targetId: userId,
      summary: defaultApiKey ? { default_api_key_id: defaultApiKey.id } : {},
    });
    return { session, user: presentUser(verified!), defaultApiKey };
  });
}

/*
 * Resending verification and requesting a reset answer the same for every address, and in the same
 * time: the answer is sent before anything is looked up, the work happens after it.
 */

export function resendVerification(ctx: ServiceContext, email: string): void {
  ctx.background('resending verification', async () => {
    const user = await findUserByEmail(ctx, email);
    if (!user || user.emailVerifiedAt) return;
    await inTransaction(ctx, async (tx, after) => after.mail(verificationMail(ctx.config, user.email, await issueEmailToken(tx, user.id, 'verify_email'))));
  });
}

export function requestPasswordReset(ctx: ServiceContext, email: string, client: Client): void {
  ctx.background('password reset request', async () => {
    const user = await findUserByEmail(ctx, email);
    if (!user) return;
    await inTransaction(ctx, async (tx, after) => {
      await recordAudit(tx, anonymous(client), {
        customerId: user.customerId,
        action: 'user.password_reset_requested',
        targetType: 'user',
        targetId: user.id,
      });
      after.mail(passwordResetMail(ctx.config, user.email, await issueEmailToken(tx, user.id, 'reset_password')));
    });
  });
}

/**
 * Sets a new password from a mailed token: every session of the person and every other reset link
 * ends. API keys stay unless `revoke_api_keys` asks to revoke them all (decision 013).
 */
export async function resetPassword(ctx: ServiceContext, input: { token: string; password: string; revoke_api_keys?: boolean | undefined }, client: Client) {
  const passwordHash = await hashPassword(input.password);
  await inTransaction(ctx, async (tx, after) => {
    const userId = await consumeEmailToken(tx, input.token, 'reset_password');
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    await checkPasswordRules(input.password, { email: user!.email, fullName: user!.fullName });
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: user!.emailVerifiedAt ?? new Date(), updatedAt: new Date() })
      .where(eq(users.id, userId));
    await revokeSessions(tx, userId);
    // A reset link mailed to the address proves it as well as the verification link would.
    if (!user!.emailVerifiedAt) await recordFunnelStep(ctx, tx, user!.customerId, 'email_verified');
    const revokedKeys = input.revoke_api_keys
      ? await tx
          .update(apiKeys)
          .set({ revokedAt: new Date() })
          .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
          .returning({ id: apiKeys.id })
      : [];
    await recordAudit(tx, asUser(userId, client), {
      customerId: user!.customerId,
      action: 'user.password_reset',
      targetType: 'user',
      targetId: userId,
      summary: { api_keys_revoked: revokedKeys.map((key) => key.id) },
    });
    await mailUser(
      ctx,
      { tx, after },
      userId,
      'password changed',
      'The password of your Kaja DNS account was reset with a mailed link; every session was signed out.',
      client,
    );
  });
}

/** Changes the password of the signed-in person and ends their other sessions. */
export async function changePassword(ctx: ServiceContext, principal: Principal, input: { current_password: string; new_password: string }) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, principal.userId));
  if (!(await verifyPassword(user!.passwordHash, input.current_password))) {
    throw invalid({ current_password: 'Current password is incorrect' });
  }
  await checkPasswordRules(input.new_password, { email: user!.email, fullName: user!.fullName }, 'new_password');
  if (input.new_password === input.current_password) throw invalid({ new_password: 'New password must differ from the current one' });
  const passwordHash = await hashPassword(input.new_password);
  const sessionId = principal.credential.kind === 'session' ? principal.credential.sessionId : undefined;
  await inTransaction(ctx, async (tx, after) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, principal.userId));
    await revokeSessions(tx, principal.userId, sessionId);
    await endEmailTokens(tx, principal.userId, 'reset_password');
    await recordAudit(tx, principal.actor, {
      customerId: principal.customerId,
      action: 'user.password_changed',
      targetType: 'user',
      targetId: principal.userId,
    });
    await mailUser(
      ctx,
      { tx, after },
      principal.userId,
      'password changed',
      'The password of your Kaja DNS account was changed; your other sessions were signed out.',
      {
        ip: principal.actor.ip,
        userAgent: principal.userAgent,
      },
    );
  });
}
