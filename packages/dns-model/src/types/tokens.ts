import { ValidationError } from '../errors';

/** One word of rdata: escapes still in place, quotes removed. */
export interface Token {
  text: string;
  quoted: boolean;
}

/**
 * Splits rdata presentation text into words: whitespace separates, "..." quotes (with \" and \\
 * escapes inside). Parentheses and comments belong to zone files and are removed before this.
 */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) {
      i++;
      continue;
    }
    if (c === 0x22) {
      let j = i + 1;
      let value = '';
      while (j < n && text.charCodeAt(j) !== 0x22) {
        if (text.charCodeAt(j) === 0x5c) {
          if (j + 1 >= n) break;
          value += text[j]! + text[j + 1]!;
          j += 2;
        } else value += text[j++];
      }
      if (j >= n) throw new ValidationError('A quoted string is not closed');
      tokens.push({ text: value, quoted: true });
      i = j + 1;
      continue;
    }
    let j = i;
    let value = '';
    while (j < n) {
      const d = text.charCodeAt(j);
      if (d === 0x20 || d === 0x09 || d === 0x0a || d === 0x0d) break;
      if (d === 0x22) {
        // SVCB parameters quote only their value: alpn="h2,h3".
        if (text.charCodeAt(j - 1) !== 0x3d) throw new ValidationError(`A quote inside ${text.slice(i, j + 1)}… must be escaped`);
        let k = j + 1;
        while (k < n && text.charCodeAt(k) !== 0x22) k += text.charCodeAt(k) === 0x5c ? 2 : 1;
        if (k >= n) throw new ValidationError('A quoted string is not closed');
        value += text.slice(j + 1, k);
        j = k + 1;
        continue;
      }
      const step = d === 0x5c ? 2 : 1;
      value += text.slice(j, j + step);
      j += step;
    }
    tokens.push({ text: value, quoted: false });
    i = j;
  }
  return tokens;
}

const encoder = new TextEncoder();

/** The octets a character-string word stands for: \DDD and \X escapes resolved, Unicode as UTF-8. */
export function stringOctets(text: string): Uint8Array {
  if (!/[\\\u0080-\uffff]/.test(text)) {
    const out = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
    return out;
  }
  const out: number[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) {
      const digits = text.slice(i + 1, i + 4);
      if (/^[0-9]{3}$/.test(digits)) {
        const v = Number(digits);
        if (v > 255) throw new ValidationError(`\\${digits} is not an octet (above \\255)`);
        out.push(v);
        i += 4;
      } else if (/^[0-9]/.test(digits)) {
        throw new ValidationError('A numeric escape must have three digits (\\DDD)');
      } else if (i + 1 < text.length) {
        const cp = text.codePointAt(i + 1)!;
        out.push(...encoder.encode(String.fromCodePoint(cp)));
        i += cp > 0xffff ? 3 : 2;
      } else throw new ValidationError('A text ends with a lone backslash');
      continue;
    }
    const cp = text.codePointAt(i)!;
    if (cp < 0x80) out.push(cp);
    else out.push(...encoder.encode(String.fromCodePoint(cp)));
    i += cp > 0xffff ? 2 : 1;
  }
  return Uint8Array.from(out);
}

/** A character-string in canonical presentation: quoted, with ", \ and non-printable octets escaped. */
export function quoteOctets(bytes: Uint8Array): string {
  let out = '"';
  for (const b of bytes) {
    if (b === 0x22 || b === 0x5c) out += '\\' + String.fromCharCode(b);
    else if (b < 0x20 || b >= 0x7f) out += '\\' + String(b).padStart(3, '0');
    else out += String.fromCharCode(b);
  }
  return out + '"';
}

/** Reads an unsigned decimal within [0, max]; `what` names the field in the message. */
export function parseUint(text: string, max: number, what: string): number {
  if (!/^[0-9]+$/.test(text)) throw new ValidationError(`${what} must be a number, not "${text}"`);
  const v = Number(text);
  if (v > max) throw new ValidationError(`${what} must be at most ${max}`);
  return v;
}
