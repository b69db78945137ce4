import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { invalid } from '../errors';

// OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane.
const options = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    // Same work as a real check, so timing does not tell whether the account exists.
    await hash(password, options);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

/** Length is checked by the request schema; this adds the rules that need other fields. */
export function checkPasswordRules(password: string, email: string, field = 'password'): void {
  if (password.trim().toLowerCase() === email.toLowerCase()) throw invalid({ [field]: 'Password must not be the same as the email address' });
}
