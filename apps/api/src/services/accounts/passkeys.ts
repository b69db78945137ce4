import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { and, asc, eq, gt, isNull, sql } from '@kaja/db/orm';
import { isUniqueViolation, passkeys, signInChallenges, users, type Executor } from '@kaja/db';
import type { Config } from '@kaja/config';
import { ApiError, conflict, invalid, notFound } from '../../errors';
import type { ServiceContext } from '../context';

/*
 * Passkeys (WebAuthn). The relying party is the dashboard: its host is the RP ID and its origin the one
 * the browser signs, both from APP_URL. Challenges are kept in `sign_in_challenges` for five minutes
 * and answer once.
 */

const challengeLifetimeMs = 5 * 60_000;
const rpName = 'Kaja DNS';

export const relyingParty = (config: Config) => {
  const app = new URL(config.appUrl);
  return { rpID: app.hostname, origin: app.origin };
};

export type PasskeyRow = typeof passkeys.$inferSelect;

export const presentPasskey = (passkey: PasskeyRow) => ({
  id: passkey.id,
  name: passkey.name,
  backed_up: passkey.backedUp,
  created_at: passkey.createdAt.toISOString(),
  last_used_at: passkey.lastUsedAt?.toISOString() ?? null,
});

async function storeChallenge(executor: Executor, purpose: 'passkey_registration' | 'passkey_sign_in', userId: string | null, challenge: string) {
  const [row] = await executor
    .insert(signInChallenges)
    .values({ purpose, userId, webauthnChallenge: challenge, expiresAt: new Date(Date.now() + challengeLifetimeMs) })
    .returning({ id: signInChallenges.id });
  return row!.id;
}

/** Takes a challenge once: its WebAuthn challenge and user, or a clear refusal when it is unknown, used or too old. */
async function takeChallenge(executor: Executor, id: string, purpose: 'passkey_registration' | 'passkey_sign_in') {
  const [row] = await executor
    .update(signInChallenges)
    .set({ usedAt: sql`now()` })
    .where(and(eq(signInChallenges.id, id), eq(signInChallenges.purpose, purpose), isNull(signInChallenges.usedAt), gt(signInChallenges.expiresAt, sql`now()`)))
    .returning();
  if (!row?.webauthnChallenge) throw invalid({ challenge_id: 'The passkey request has expired or was used; start again' });
  return { challenge: row.webauthnChallenge, userId: row.userId };
}

export async function listPasskeys(executor: Executor, userId: string) {
  return executor.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
}

/** Options for the browser to create a passkey for the person (a discoverable one, so it can sign in alone). */
export async function registrationOptions(ctx: ServiceContext, userId: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  const existing = await listPasskeys(ctx.db, userId);
  const { rpID } = relyingParty(ctx.config);
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: user!.email,
    userDisplayName: user!.fullName,
    userID: new TextEncoder().encode(userId),
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports ?? [] })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  const challengeId = await storeChallenge(ctx.db, 'passkey_registration', userId, options.challenge);
  return { challenge_id: challengeId, options: options as unknown as Record<string, unknown> };
}

/** Checks the browser's answer to the registration options and keeps the new passkey under `name`. */
export async function addPasskey(
  executor: Executor,
  config: Config,
  userId: string,
  input: { challenge_id: string; name: string; response: RegistrationResponseJSON },
) {
  const { challenge, userId: challengeUser } = await takeChallenge(executor, input.challenge_id, 'passkey_registration');
  if (challengeUser !== userId) throw invalid({ challenge_id: 'The passkey request has expired or was used; start again' });
  const { rpID, origin } = relyingParty(config);
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
  } catch (error) {
    throw invalid({ response: `The passkey could not be checked: ${(error as Error).message}` });
  }
  if (!verification.verified || !verification.registrationInfo) throw invalid({ response: 'The passkey could not be checked' });
  const { credential, credentialBackedUp } = verification.registrationInfo;
  try {
    const [row] = await executor
      .insert(passkeys)
      .values({
        userId,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        signCount: credential.counter,
        transports: credential.transports ?? null,
        backedUp: credentialBackedUp,
        name: input.name,
      })
      .returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('This passkey is already registered');
    throw error;
  }
}

/**
 * Options for the browser to sign with a passkey: any passkey of this site (`userId` null, the browser
 * offers the discoverable ones) or one of the person's.
 */
export async function assertionOptions(ctx: ServiceContext, userId: string | null) {
  const allowed = userId ? await listPasskeys(ctx.db, userId) : [];
  if (userId && allowed.length === 0) throw new ApiError('conflict', 'No passkey is registered for this account');
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx.config).rpID,
    userVerification: 'preferred',
    ...(userId ? { allowCredentials: allowed.map((passkey) => ({ id: passkey.credentialId, transports: (passkey.transports ?? []) as never })) } : {}),
  });
  const challengeId = await storeChallenge(ctx.db, 'passkey_sign_in', userId, options.challenge);
  return { challenge_id: challengeId, options: options as unknown as Record<string, unknown> };
}

/**
 * Checks a passkey's signature over a challenge and returns the person it belongs to; `expectedUserId`
 * when the passkey must be that person's (a second factor, a fresh factor). Null when it does not check out.
 */
export async function checkAssertion(
  executor: Executor,
  config: Config,
  input: { challenge_id: string; response: AuthenticationResponseJSON },
  expectedUserId: string | null,
): Promise<string | null> {
  const { challenge, userId: challengeUser } = await takeChallenge(executor, input.challenge_id, 'passkey_sign_in');
  if (challengeUser !== expectedUserId) return null;
  const [passkey] = await executor.select().from(passkeys).where(eq(passkeys.credentialId, input.response.id));
  if (!passkey || (expectedUserId && passkey.userId !== expectedUserId)) return null;
  const { rpID, origin } = relyingParty(config);
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.signCount,
        transports: passkey.transports ?? [],
      },
    });
  } catch {
    return null;
  }
  if (!verification.verified) return null;
  await executor
    .update(passkeys)
    .set({ signCount: verification.authenticationInfo.newCounter, lastUsedAt: sql`now()` })
    .where(eq(passkeys.id, passkey.id));
  return passkey.userId;
}

export async function renamePasskey(executor: Executor, userId: string, id: string, name: string) {
  const [row] = await executor
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  if (!row) throw notFound('Passkey');
  return row;
}

export async function deletePasskey(executor: Executor, userId: string, id: string) {
  const [row] = await executor
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  if (!row) throw notFound('Passkey');
  return row;
}
