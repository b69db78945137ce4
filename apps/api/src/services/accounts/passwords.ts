import { hash, verify, type Algorithm } from '@node-rs/argon2';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { ApiError } from '../../errors';

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

/** zxcvbn's scale is 0 to 4; 3 is "safely unguessable" against an offline attack on a slow hash. */
export const minimumPasswordScore = 3;

/**
 * The estimator, loaded with its dictionaries at the first password checked: loading them took a
 * quarter of a second of processor time, which every start paid before it answered.
 */
let estimator: Promise<ZxcvbnFactory> | undefined;
function passwordEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]).then(
    ([{ ZxcvbnFactory }, common, english]) =>
      new ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...english.dictionary },
        graphs: common.adjacencyGraphs,
        translations: english.translations,
      }),
  );
  return estimator;
}

/** What the person and the product are called: words a guesser tries first. */
function guessableWords(person: { email: string; fullName?: string | undefined; company?: string | undefined }) {
  const [local = '', domain = ''] = person.email.toLowerCase().split('@');
  return [person.email, local, domain, ...(person.fullName ?? '').split(/\s+/), ...(person.company ?? '').split(/\s+/), 'kaja', 'kajadns'].filter(
    (word) => word.length > 2,
  );
}

/**
 * The one rule for every new password (sign-up, reset, change, invitation, a user made by a
 * manager): strong enough by the zxcvbn estimator, counting the person's own address and names as
 * easy guesses. A refusal is validation_failed with the estimator's warning and suggestions.
 */
export async function checkPasswordRules(
  password: string,
  person: { email: string; fullName?: string | undefined; company?: string | undefined },
  field = 'password',
): Promise<void> {
  if (password.trim().toLowerCase() === person.email.toLowerCase()) {
    throw new ApiError('validation_failed', 'Password must not be the same as the email address', {
      [field]: 'Password must not be the same as the email address',
    });
  }
  const { score, feedback } = (await passwordEstimator()).check(password, guessableWords(person));
  if (score >= minimumPasswordScore) return;
  const message = `Password is too easy to guess${feedback.warning ? `: ${feedback.warning}` : ''}`;
  throw new ApiError('validation_failed', message, {
    [field]: message,
    [`${field}_strength`]: { score, minimum_score: minimumPasswordScore, warning: feedback.warning, suggestions: feedback.suggestions },
  });
}
