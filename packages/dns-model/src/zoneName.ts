import punycode from 'punycode.js';
import { parse } from 'tldts';
import { ValidationError } from './errors';
import { nameLabels, parseName } from './name';

/**
 * A name customers may host as a zone: a host name (RFC 952/1123 labels, IDNA 2008 for `xn--`
 * labels) strictly below a public suffix of the Public Suffix List (ICANN and private sections), so
 * `com`, `co.uk` or `github.io` cannot be taken, and names under a top-level domain that does not
 * exist are refused. Owner names of records are freer (`_acme-challenge`): see parseOwnerName.
 */
export function parseZoneName(text: string): string {
  const input = text.trim();
  if (input === '') throw new ValidationError('Zone name is required');
  // Without an origin a name is read the same with or without its final dot: the input goes in as
  // typed, so an error quotes what the customer wrote.
  const name = parseName(input, '', { hostname: true, wildcard: false });
  if (name === '') throw new ValidationError('The root cannot be hosted as a zone');
  for (const label of nameLabels(name)) {
    const problem = hostLabelProblem(label);
    if (problem) throw new ValidationError(`${name} is not a host name: ${problem}`);
  }
  const result = parse(name, { allowPrivateDomains: true, extractHostname: false, validateHostname: false, detectIp: false });
  if (!result.isIcann && !result.isPrivate) {
    throw new ValidationError(`${name} is not under a known top-level domain`);
  }
  if (result.publicSuffix === name || result.domain === null) {
    throw new ValidationError(`${name} is a public suffix: host a domain registered under it instead`);
  }
  return name;
}

/** Why a (lowercase ASCII) label is not a host-name label, or null when it is one. */
function hostLabelProblem(label: string): string | null {
  if (label.includes('_')) return `the label "${label}" has an underscore (only letters, digits and hyphens)`;
  if (label.startsWith('-') || label.endsWith('-')) return `the label "${label}" starts or ends with a hyphen`;
  if (label.slice(2, 4) !== '--') return null;
  // Hyphens in the third and fourth place are reserved for IDNA labels (RFC 5891 4.2.3.1).
  if (!label.startsWith('xn--')) return `the label "${label}" has hyphens in the third and fourth place, which only internationalised (xn--) labels may have`;
  return idnaLabelProblem(label);
}

/** An `xn--` label must be the one spelling of a valid internationalised label (RFC 5890, 5891). */
function idnaLabelProblem(label: string): string | null {
  const invalid = `the label "${label}" is not a valid internationalised (xn--) label`;
  let unicode: string;
  try {
    unicode = punycode.decode(label.slice(4));
  } catch {
    return invalid;
  }
  // Letters, marks and digits (IDNA 2008 admits no symbols or punctuation but the hyphen), not only ASCII,
  // not starting with a mark, and encoded exactly as its normalised, lowercase form would be.
  if (
    !/[^\0-\x7f]/.test(unicode) ||
    !/^[\p{Ll}\p{Lo}\p{Lm}\p{M}\p{Nd}-]+$/u.test(unicode) ||
    /^\p{M}/u.test(unicode) ||
    unicode.startsWith('-') ||
    unicode.endsWith('-') ||
    unicode.slice(2, 4) === '--' ||
    `xn--${punycode.encode(unicode.normalize('NFC').toLowerCase())}` !== label
  ) {
    return invalid;
  }
  return null;
}
