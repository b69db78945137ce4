/** The error envelope's codes the API answers (`error.code`), plus the SDK's own for no answer at all. */
export type KajaErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'quota_exceeded'
  | 'account_read_only'
  | 'not_found'
  | 'conflict'
  | 'zone_is_secondary'
  | 'serial_mismatch'
  | 'payload_too_large'
  | 'validation_failed'
  | 'rate_limited'
  | 'internal_error'
  | 'unavailable'
  | 'network_error'
  | (string & {});

/** A refused or failed call: the HTTP status and the envelope's `code`, `message` and `details`. */
export class KajaError extends Error {
  override name = 'KajaError';

  constructor(
    /** The HTTP status; 0 when no answer came. */
    readonly status: number,
    readonly code: KajaErrorCode,
    message: string,
    /** Per-field problems (`validation_failed`), limits (`quota_exceeded`), serials (`serial_mismatch`)... */
    readonly details: Record<string, unknown> = {},
    /** The request id the API answered with (`X-Request-Id`), for support. */
    readonly requestId?: string,
  ) {
    super(message);
  }
}

interface Envelope {
  status?: unknown;
  error?: { code?: unknown; message?: unknown; details?: unknown };
}

/** The error of a response that is not 2xx, read from its envelope (or its status when it has none). */
export async function errorOfResponse(response: Response): Promise<KajaError> {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as Envelope | null;
  const requestId = response.headers.get('x-request-id') ?? undefined;
  const error = body?.status === 'error' ? body.error : undefined;
  if (error && typeof error.code === 'string') {
    const details = error.details && typeof error.details === 'object' ? (error.details as Record<string, unknown>) : {};
    return new KajaError(response.status, error.code, typeof error.message === 'string' ? error.message : response.statusText, details, requestId);
  }
  return new KajaError(
    response.status,
    response.status >= 500 ? 'internal_error' : 'bad_request',
    `HTTP ${response.status} ${response.statusText}`,
    {},
    requestId,
  );
}
