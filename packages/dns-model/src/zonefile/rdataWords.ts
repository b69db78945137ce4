import type { Token } from '../types/tokens';

/**
 * Whether the type's parser would split the words joined back into text into these same words, so
 * they can be given as they are: a quoted word always is; a word without quotes is unless it holds a
 * quote (`alpn="h2"`, whose quotes the parser takes off or refuses) or a backslash (an escape ending
 * a word would take the blank after it). Such words are joined into
 * text for the parser to split again.
 */
export function asTokenized(tokens: Token[]): boolean {
  for (const t of tokens) if (!t.quoted && (t.text.includes('"') || t.text.includes('\\'))) return false;
  return true;
}

/** The words as rdata text, quoted words in quotes: what the type's parser reads. */
export function rdataText(tokens: Token[]): string {
  let out = '';
  for (const t of tokens) {
    if (out) out += ' ';
    out += t.quoted ? `"${t.text}"` : t.text;
  }
  return out;
}
