import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, unexpectedErrorText } from '../api/errors';

/**
 * Puts the API's field errors (`details`) on the form's fields it knows, and returns the message for
 * the whole form: the envelope's text, unless a field already says it.
 */
export function showServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): string | null {
  if (!(error instanceof ApiError)) return unexpectedErrorText;
  let shown = false;
  for (const [path, message] of Object.entries(error.fields)) {
    const field = fields.find((name) => name === path || path.startsWith(`${name}.`));
    if (field) {
      setError(field, { type: 'server', message });
      shown = true;
    }
  }
  return shown ? null : error.message;
}
