import punycode from 'punycode.js';
import { ValidationError } from './errors';

/*
 * A domain name in the platform is absolute, lowercase ASCII, written without the trailing dot;
 * the root is "". Labels that hold bytes outside letters, digits, '-', '_' and '*' keep the
 * RFC 1035 escapes (`\.`, `\\`, `\DDD`), so every name has exactly one spelling.
 *
 * Internally a label is a "byte string": a JS string whose char codes are the label's octets.
 */

export const MAX_LABEL_OCTETS = 63;
export const MAX_NAME_OCTETS = 255;

export interface NameOptions {
  /** Allow `*` as the leftmost label (owner names of wildcard records). Default true. */
  wildcard?: boolean;
  /** Only letters, digits, '-' and '_' in labels, or a `*` (a wildcard only when leftmost). Default false. */
  hostname?: boolean;
}

const BACKSLASH = 0x5c;

/**
 * Parses a name in presentation format: `@` or "" is the origin, a trailing dot makes a name
 * absolute, anything else is relative to `origin` (itself a platform name). Unicode labels are
 * converted to punycode. Throws ValidationError with a message naming the problem.
 */
export function parseName(text: string, origin = '', options: NameOptions = {}): string {
  if (text === '@' || text === '') return origin;
  if (text === '.') return '';
  return plainName(text, origin) ?? parseNameByLabels(text, origin, options);
}

/** `parseName` of any name but `@`, "" and "." by its labels: the general path. Exported for its test. */
export function parseNameByLabels(text: string, origin = '', options: NameOptions = {}): string {
  // IDNA treats the ideographic and full-width full stops as dots (UTS 46).
  const labels = splitPresentation(/[\u3002\uff0e\uff61]/.test(text) ? text.replace(/[\u3002\uff0e\uff61]/g, '.') : text);
  const absolute = labels.absolute;
  const all = absolute || origin === '' ? labels.labels : [...labels.labels, ...nameLabels(origin)];
  checkLabels(all, options, text);
  return labelsToName(all);
}

/** Labels of 1 to 63 letters, digits, '-' and '_', maybe ending in a dot: what most names are written as. */
const PLAIN_TEXT = /^[a-z0-9_-]{1,63}(?:\.[a-z0-9_-]{1,63})*\.?$/i;
/** A platform name made of such labels: its labels pass every rule and need no escape. */
const PLAIN_NAME = /^[a-z0-9_-]{1,63}(?:\.[a-z0-9_-]{1,63})*$/;

/**
 * `parseName` of a plain name (above) relative to a plain origin or none, without splitting it
 * into labels and joining them again (a zone file's load spends its time on names): no rule can
 * refuse its labels, and only its length is left to check. Undefined for any other name, which
 * the general path reads, so the results and the errors are the same.
 */
function plainName(text: string, origin: string): string | undefined {
  if (!PLAIN_TEXT.test(text)) return undefined;
  // Letter case is not significant in DNS names (RFC 4343): the platform keeps lowercase.
  const name = text.toLowerCase();
  // A name takes an octet per character and one more for the root label; a relative one, one
  // more for its last label's length, and the origin's octets but the root's.
  if (name.endsWith('.')) return name.length + 1 <= MAX_NAME_OCTETS ? name.slice(0, -1) : undefined;
  if (origin === '') return name.length + 2 <= MAX_NAME_OCTETS ? name : undefined;
  if (!PLAIN_NAME.test(origin) || name.length + origin.length + 3 > MAX_NAME_OCTETS) return undefined;
  return `${name}.${origin}`;
}

interface SplitResult {
  labels: string[];
  absolute: boolean;
}

function splitPresentation(text: string): SplitResult {
  const labels: string[] = [];
  let label = '';
  let unicode = false;
  let escapedHigh = false;
  let i = 0;
  const finish = () => {
    if (label === '') throw new ValidationError(`"${text}" has an empty label`);
    if (unicode) {
      if (escapedHigh) throw new ValidationError(`"${text}" mixes Unicode and escaped bytes in one label`);
      label = idnLabel(label, text);
    }
    labels.push(label);
    label = '';
    unicode = false;
    escapedHigh = false;
  };
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) {
      const next = text.charCodeAt(i + 1);
      if (Number.isNaN(next)) throw new ValidationError(`"${text}" ends with a lone backslash`);
      if (next >= 0x30 && next <= 0x39) {
        const digits = text.slice(i + 1, i + 4);
        if (!/^[0-9]{3}$/.test(digits)) throw new ValidationError(`"${text}" has an escape that is not \\DDD`);
        const value = Number(digits);
        if (value > 255) throw new ValidationError(`"${text}" has an escape above \\255`);
        if (value > 0x7f) escapedHigh = true;
        label += String.fromCharCode(value >= 0x41 && value <= 0x5a ? value + 0x20 : value);
        i += 4;
      } else {
        if (next > 0x7f) throw new ValidationError(`"${text}" escapes a non-ASCII character`);
        label += next >= 0x41 && next <= 0x5a ? String.fromCharCode(next + 0x20) : text[i + 1];
        i += 2;
      }
      continue;
    }
    if (c === 0x2e) {
      finish();
      i++;
      if (i === text.length) return { labels, absolute: true };
      continue;
    }
    if (c <= 0x20 || c === 0x7f) throw new ValidationError(`"${text}" contains a space or control character`);
    if (c > 0x7f) unicode = true;
    // Letter case is not significant in DNS names (RFC 4343): the platform keeps lowercase.
    label += c >= 0x41 && c <= 0x5a ? String.fromCharCode(c + 0x20) : text[i];
    i++;
  }
  finish();
  return { labels, absolute: false };
}

function idnLabel(label: string, text: string): string {
  const mapped = label.normalize('NFC').toLowerCase();
  let ascii: string;
  try {
    ascii = punycode.toASCII(mapped);
  } catch {
    throw new ValidationError(`"${text}" is not a valid internationalised name`);
  }
  return ascii;
}

function checkLabels(labels: string[], options: NameOptions, text: string): void {
  let octets = 1;
  for (let i = 0; i < labels.length; i++) {
    const label = labels[i]!;
    if (label.length > MAX_LABEL_OCTETS) {
      throw new ValidationError(`"${text}" has a label longer than ${MAX_LABEL_OCTETS} characters`);
    }
    octets += label.length + 1;
    // RFC 4592 section 2.1.1: only a leftmost `*` makes a wildcard; elsewhere it is an ordinary label.
    if (label === '*' && i === 0) {
      if (options.wildcard === false) throw new ValidationError(`"${text}": a wildcard is not allowed here`);
      continue;
    }
    if (options.hostname && label !== '*' && !/^[a-z0-9_-]+$/.test(label)) {
      throw new ValidationError(`"${text}" may only contain letters, digits, hyphens and underscores in its labels`);
    }
  }
  if (octets > MAX_NAME_OCTETS) throw new ValidationError(`"${text}" is longer than ${MAX_NAME_OCTETS} octets`);
}

/** The labels of a platform name, leftmost first, as byte strings. */
export function nameLabels(name: string): string[] {
  if (name === '') return [];
  if (name.indexOf('\\') === -1) return name.split('.');
  return splitPresentation(name).labels;
}

/** Joins byte-string labels into a platform name, escaping what needs it. */
export function labelsToName(labels: readonly string[]): string {
  let out = '';
  for (let i = 0; i < labels.length; i++) {
    if (i > 0) out += '.';
    out += escapeLabel(labels[i]!);
  }
  return out;
}

function escapeLabel(label: string): string {
  if (/^[a-z0-9_*-]*$/i.test(label)) return label;
  let out = '';
  for (let i = 0; i < label.length; i++) {
    const c = label.charCodeAt(i);
    if (c <= 0x20 || c >= 0x7f) out += '\\' + String(c).padStart(3, '0');
    else if (c === 0x2e || c === BACKSLASH || c === 0x22 || c === 0x28 || c === 0x29 || c === 0x3b || c === 0x40 || c === 0x24) {
      out += '\\' + label[i];
    } else out += label[i];
  }
  return out;
}

/** The name with a trailing dot, as written inside rdata and zone files. */
export function fqdn(name: string): string {
  return name + '.';
}

/** The number of octets the name takes on the wire, uncompressed. */
export function nameWireLength(name: string): number {
  let n = 1;
  for (const label of nameLabels(name)) n += label.length + 1;
  return n;
}

/** True when `name` is `parent` or below it. */
export function isSubdomain(name: string, parent: string): boolean {
  if (parent === '') return true;
  if (name === parent) return true;
  // The dot before `parent` checked on its own: no string made per call (a zone file's load asks for every record).
  const dot = name.length - parent.length - 1;
  if (dot < 0 || name.charCodeAt(dot) !== 0x2e || !name.endsWith(parent)) return false;
  if (name.indexOf('\\') === -1) return true;
  // An escaped dot in the name could fake a label boundary: compare real labels.
  const a = nameLabels(name);
  const b = nameLabels(parent);
  for (let i = 1; i <= b.length; i++) if (a[a.length - i] !== b[b.length - i]) return false;
  return true;
}

/** The name without its leftmost label ("" for a single label; the root has no parent). */
export function parentName(name: string): string {
  if (name.indexOf('\\') === -1) {
    const dot = name.indexOf('.');
    return dot < 0 ? '' : name.slice(dot + 1);
  }
  const labels = nameLabels(name);
  return labelsToName(labels.slice(1));
}

/** Shows punycode labels in Unicode, for people; never stored. */
export function nameToUnicode(name: string): string {
  return punycode.toUnicode(name);
}

/**
 * DNS canonical ordering (RFC 4034 section 6.1): labels compared right to left as octet strings
 * (letters already lowercase), a name sorting before its subdomains. Returns <0, 0 or >0.
 */
export function compareNames(a: string, b: string): number {
  if (a === b) return 0;
  if (a.indexOf('\\') === -1 && b.indexOf('\\') === -1) return compareUnescaped(a, b);
  const la = nameLabels(a);
  const lb = nameLabels(b);
  let i = la.length - 1;
  let j = lb.length - 1;
  while (i >= 0 && j >= 0) {
    const x = la[i]!;
    const y = lb[j]!;
    if (x !== y) {
      const d = compareOctets(lowerLabel(x), lowerLabel(y));
      if (d !== 0) return d;
    }
    i--;
    j--;
  }
  return la.length - lb.length;
}

/** The same order for names without escapes, compared in place label by label from the right. */
function compareUnescaped(a: string, b: string): number {
  let endA = a.length;
  let endB = b.length;
  while (endA > 0 && endB > 0) {
    const startA = a.lastIndexOf('.', endA - 1) + 1;
    const startB = b.lastIndexOf('.', endB - 1) + 1;
    const lenA = endA - startA;
    const lenB = endB - startB;
    const n = Math.min(lenA, lenB);
    for (let k = 0; k < n; k++) {
      let x = a.charCodeAt(startA + k);
      let y = b.charCodeAt(startB + k);
      if (x >= 0x41 && x <= 0x5a) x += 0x20;
      if (y >= 0x41 && y <= 0x5a) y += 0x20;
      if (x !== y) return x - y;
    }
    if (lenA !== lenB) return lenA - lenB;
    endA = startA - 1;
    endB = startB - 1;
  }
  return endA > 0 ? 1 : endB > 0 ? -1 : 0;
}

/**
 * A byte-string label with its ASCII letters lowercased, the only case DNS knows (RFC 4343):
 * `toLowerCase` would also fold octets above 127 read as Latin-1 (0xC0 to 0xE0, say).
 */
export function lowerLabel(label: string): string {
  return /[A-Z]/.test(label) ? label.replace(/[A-Z]/g, (ch) => ch.toLowerCase()) : label;
}

function compareOctets(x: string, y: string): number {
  const n = Math.min(x.length, y.length);
  for (let k = 0; k < n; k++) {
    const d = x.charCodeAt(k) - y.charCodeAt(k);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}
