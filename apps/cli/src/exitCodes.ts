import { KajaError } from '@kaja/sdk';

/**
 * What `kaja`'s exit status means, so that scripts can tell a refusal they can act on from a
 * failure. Documented in the CLI guide; keep both in step.
 */
export const exitCodes = {
  ok: 0,
  /** The API refused or failed the call (validation, quota, server error, no answer). */
  apiError: 1,
  /** The command line or an input file is wrong; nothing was sent. */
  usage: 2,
  /** No API key, or the key was refused (401) or lacks the scope or restriction for the call (403). */
  auth: 3,
  /** The zone, record or key named is not there (or is another customer's). */
  notFound: 4,
  /** A conflict: the name is taken, or the zone changed since the plan (`serial_mismatch`). */
  conflict: 5,
} as const;

/** A failure of the command itself, with the exit status it ends with. */
export class CliError extends Error {
  override name = 'CliError';

  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

export const usageError = (message: string) => new CliError(message, exitCodes.usage);

/** The exit status of an API error. */
export function exitCodeOf(error: KajaError): number {
  if (error.status === 401 || error.status === 403)
    return error.code === 'quota_exceeded' || error.code === 'account_read_only' ? exitCodes.apiError : exitCodes.auth;
  if (error.status === 404) return exitCodes.notFound;
  if (error.status === 409) return exitCodes.conflict;
  return exitCodes.apiError;
}
