import { createHash, randomBytes } from 'node:crypto';

/**
 * A random secret with a readable kind prefix, e.g. `kst_...` for session tokens (`ksf_` is a sign-in
 * waiting for its second factor). 32 random bytes.
 */
export function newSecret(kind: 'kst' | 'kak' | 'kvt' | 'kit' | 'ksf'): string {
  return `${kind}_${randomBytes(32).toString('base64url')}`;
}

/** Secrets are random and long, so a plain SHA-256 is enough to store them safely. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
