import { ZoneWriteError, type ZoneWriteErrorCode } from '@kaja/zone-writes';

/** The error codes of the API, each with its one HTTP status. */
export const errorStatuses = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  quota_exceeded: 403,
  account_read_only: 403,
  not_found: 404,
  conflict: 409,
  zone_is_secondary: 409,
  serial_mismatch: 409,
  payload_too_large: 413,
  validation_failed: 422,
  rate_limited: 429,
  internal_error: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatuses;

export type ErrorDetails = Record<string, unknown>;

/** A failure the client should see: thrown anywhere, answered by the error handler in the envelope. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetails = {},
    /** Extra response headers, e.g. Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = errorStatuses[code];
  }
}

export const notFound = (what = 'Resource') => new ApiError('not_found', `${what} not found`);
export const forbidden = (message = 'You are not allowed to do this') => new ApiError('forbidden', message);
export const unauthorized = (message = 'Authentication required') => new ApiError('unauthorized', message);
export const conflict = (message: string, details: ErrorDetails = {}) => new ApiError('conflict', message, details);

/** A validation failure on one or more fields; the message is the first hint. */
export function invalid(details: Record<string, string>): ApiError {
  return new ApiError('validation_failed', Object.values(details)[0] ?? 'Validation failed', details);
}

/** How the API answers each refusal of the write path it shares with dynamic updates and background jobs. */
export const zoneWriteErrorCodes: Record<ZoneWriteErrorCode, ErrorCode> = {
  zone_not_found: 'not_found',
  rrset_not_found: 'not_found',
  zone_deleting: 'conflict',
  zone_is_secondary: 'zone_is_secondary',
  zone_is_catalog: 'conflict',
  invalid_change: 'validation_failed',
  not_permitted: 'forbidden',
  quota_exceeded: 'quota_exceeded',
  serial_mismatch: 'serial_mismatch',
};

/** A failure as the client sees it, when it is one: an ApiError, or a refusal of the write path with its message and details. */
export function apiErrorOf(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (error instanceof ZoneWriteError) return new ApiError(zoneWriteErrorCodes[error.code], error.message, error.details);
  return undefined;
}
