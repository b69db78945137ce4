import { z } from 'zod';
import { fieldLabel } from './messages';

// PostgreSQL text cannot hold U+0000, and a control character in a name, an address or a key is a mistake
// or an attack (log and header injection, look-alike names). Every string a request brings is one of these.
const noControlCharacters = /^[^\p{Cc}]*$/u;
const noNul = /^[^\0]*$/;

export interface TextOptions {
  /** Free-form text (a support message over several lines, a zone file, a password): only NUL is refused. */
  freeForm?: boolean;
}

/** A string field of a request: one line without control characters, or free-form text without NUL. */
export function text({ freeForm = false }: TextOptions = {}) {
  return freeForm
    ? z.string().regex(noNul, { error: (issue) => `${fieldLabel(issue.path ?? [])} must not contain NUL characters` })
    : z.string().regex(noControlCharacters, {
        error: (issue) => `${fieldLabel(issue.path ?? [])} must not contain control characters (such as NUL, tab or line breaks)`,
      });
}
