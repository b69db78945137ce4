import * as OTPAuth from 'otpauth';
import { and, eq, isNotNull, isNull, lt, or, sql } from '@kaja/db/orm';
import { totpFactors, type Executor } from '@kaja/db';
import { resolveKeyEncryptionKey, type Config } from '@kaja/config';
import { decryptPrivateKey, encryptPrivateKey } from '@kaja/dnssec';

/*
 * TOTP as RFC 6238 defines it and every authenticator app reads it: SHA-1, 6 digits, 30-second steps.
 * The secret is needed in clear to check a code, so it is sealed under the platform's key-encryption
 * key (like TSIG secrets), with the user's id as the sealing context.
 */

const period = 30;
const issuer = 'Kaja DNS';

const sealingContext = (userId: string) => `totp:${userId}`;

const totpOf = (secret: OTPAuth.Secret, label: string) => new OTPAuth.TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period, secret });

/** A new secret for `userId`: its base32 form and otpauth:// URI (for the QR code), and the sealed form to store. */
export function newTotpSecret(config: Config, userId: string, email: string) {
  const secret = new OTPAuth.Secret({ size: 20 });
  const sealed = Buffer.from(encryptPrivateKey(new Uint8Array(secret.bytes), resolveKeyEncryptionKey(config), sealingContext(userId))).toString('base64');
  return { base32: secret.base32, uri: totpOf(secret, email).toString(), sealed };
}

/**
 * The time step the code belongs to (the current one, or one either side for a clock that is a little
 * off), or null when the code is wrong.
 */
export function matchingStep(config: Config, userId: string, sealed: string, code: string, now: Date): number | null {
  const normalised = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(normalised)) return null;
  const bytes = decryptPrivateKey(Buffer.from(sealed, 'base64'), resolveKeyEncryptionKey(config), sealingContext(userId));
  const secret = new OTPAuth.Secret({ buffer: bytes.slice().buffer });
  const delta = totpOf(secret, userId).validate({ token: normalised, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / period) + delta;
}

/**
 * Takes the code of a time step for the person: false when a code of this step (or a later one) was
 * already used, so a code seen over someone's shoulder cannot be used again.
 */
export async function takeStep(executor: Executor, userId: string, step: number, confirming = false): Promise<boolean> {
  const taken = await executor
    .update(totpFactors)
    .set({ lastUsedStep: step, ...(confirming ? { confirmedAt: sql`now()` } : {}) })
    .where(
      and(
        eq(totpFactors.userId, userId),
        confirming ? isNull(totpFactors.confirmedAt) : isNotNull(totpFactors.confirmedAt),
        or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step)),
      ),
    )
    .returning({ userId: totpFactors.userId });
  return taken.length === 1;
}

/** Checks a code against the person's confirmed authenticator and uses it up. */
export async function checkTotpCode(executor: Executor, config: Config, userId: string, code: string, now: Date): Promise<boolean> {
  const [factor] = await executor
    .select()
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
  if (!factor) return false;
  const step = matchingStep(config, userId, factor.secret, code, now);
  return step !== null && takeStep(executor, userId, step);
}
