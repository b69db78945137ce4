import type { Token } from '../types/tokens';

/** One logical line of a master file: parentheses joined, comments gone. */
export interface Entry {
  /** The line the entry starts on (1-based). */
  line: number;
  /** The line began with a blank: the owner is the previous one (RFC 1035 section 5.1). */
  blankOwner: boolean;
  tokens: Token[];
  /** A problem found while splitting (unclosed quote or parenthesis). */
  error?: string;
}

/**
 * Splits a master file into entries (RFC 1035 section 5.1), one call at a time (a reader of a big
 * file takes its million entries without a generator's resumption and result object for each): `;`
 * starts a comment, `( ... )` continues an entry over lines, `"..."` quotes with `\` escapes, and
 * escapes outside quotes keep a blank or a special character inside a word.
 */
export class EntryReader {
  private i = 0;
  private line = 1;

  constructor(private readonly text: string) {}

  /** The next entry, or undefined at the file's end. */
  next(): Entry | undefined {
    const text = this.text;
    const n = text.length;
    let i = this.i;
    let line = this.line;
    while (i < n) {
      const entry: Entry = { line, blankOwner: text[i] === ' ' || text[i] === '\t', tokens: [] };
      let depth = 0;
      let parenLine = line;
      for (;;) {
        if (i >= n) {
          if (depth > 0) entry.error = `The parenthesis opened on line ${parenLine} is not closed`;
          break;
        }
        const c = text.charCodeAt(i);
        if (c === 0x0a) {
          i++;
          line++;
          if (depth === 0) break;
          continue;
        }
        if (c === 0x20 || c === 0x09 || c === 0x0d) {
          i++;
          continue;
        }
        if (c === 0x3b) {
          while (i < n && text.charCodeAt(i) !== 0x0a) i++;
          continue;
        }
        if (c === 0x28) {
          if (depth === 0) parenLine = line;
          depth++;
          i++;
          continue;
        }
        if (c === 0x29) {
          if (depth === 0) entry.error ??= 'A closing parenthesis has no opening one';
          else depth--;
          i++;
          continue;
        }
        if (c === 0x22) {
          let j = i + 1;
          while (j < n && text.charCodeAt(j) !== 0x22) {
            if (text.charCodeAt(j) === 0x5c) j++;
            else if (text.charCodeAt(j) === 0x0a) break;
            j++;
          }
          if (j >= n || text.charCodeAt(j) !== 0x22) {
            entry.error ??= 'A quoted string is not closed on its line';
            i = j;
            continue;
          }
          entry.tokens.push({ text: text.slice(i + 1, j), quoted: true });
          i = j + 1;
          continue;
        }
        let j = i;
        while (j < n) {
          const d = text.charCodeAt(j);
          if (d === 0x20 || d === 0x09 || d === 0x0a || d === 0x0d || d === 0x3b || d === 0x28 || d === 0x29) break;
          if (d === 0x22) {
            // A quoted value glued to a word, as in SVCB's alpn="h2,h3": keep it in the word.
            let k = j + 1;
            while (k < n && text.charCodeAt(k) !== 0x22 && text.charCodeAt(k) !== 0x0a) k += text.charCodeAt(k) === 0x5c ? 2 : 1;
            j = Math.min(k + 1, n);
            continue;
          }
          j += d === 0x5c && j + 1 < n && text.charCodeAt(j + 1) !== 0x0a ? 2 : 1;
        }
        entry.tokens.push({ text: text.slice(i, j), quoted: false });
        i = j;
      }
      if (entry.tokens.length > 0 || entry.error) {
        this.i = i;
        this.line = line;
        return entry;
      }
    }
    this.i = i;
    this.line = line;
    return undefined;
  }
}
