export const unexpectedErrorText = 'An unexpected error occurred.';
export const networkErrorText = 'Network Error';

/**
 * What a failed call tells a person (spec section 8): the body's `error` field, else its `message`,
 * else the generic text. A non-string value is reduced to its own message, else its JSON text.
 */
export function errorText(body: unknown): string {
  if (body === null || typeof body !== 'object') return unexpectedErrorText;
  const { error, message } = body as { error?: unknown; message?: unknown };
  for (const value of [error, message]) {
    if (value === undefined || value === null || value === '') continue;
    if (typeof value === 'string') return value;
    const inner = (value as { message?: unknown }).message;
    if (typeof inner === 'string' && inner !== '') return inner;
    return JSON.stringify(value);
  }
  return unexpectedErrorText;
}

/** Field paths to messages, from the envelope's `details` ({"records.0.content": ["..."]} or {"name": "..."}). */
export type FieldErrors = Record<string, string>;

/** A failed call: the HTTP status (0 without an answer), the envelope's code, its text, field errors and `details` as sent. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly fields: FieldErrors = {},
    readonly details: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  static fromBody(status: number, body: unknown): ApiError {
    const error = (body as { error?: { code?: unknown; details?: unknown } } | null)?.error;
    const code = typeof error?.code === 'string' ? error.code : 'unknown';
    return new ApiError(errorText(body), status, code, fieldErrorsOf(error?.details), error?.details);
  }
}

function fieldErrorsOf(details: unknown): FieldErrors {
  if (details === null || typeof details !== 'object' || Array.isArray(details)) return {};
  const fields: FieldErrors = {};
  for (const [path, value] of Object.entries(details)) {
    const text = Array.isArray(value) ? value.filter((item) => typeof item === 'string').join(' ') : typeof value === 'string' ? value : '';
    if (text) fields[path] = text;
  }
  return fields;
}
