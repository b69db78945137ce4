import { ValidationError } from '../errors';

/**
 * A dotted quad with four decimal parts 0-255 and no leading zeros (which some read as octal).
 * Read character by character: every A record of a zone loaded passes here.
 */
export function parseIpv4(text: string): Uint8Array {
  const out = new Uint8Array(4);
  let part = 0;
  let value = 0;
  let digits = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 46;
    if (c >= 48 && c <= 57) {
      // A leading zero is a part of its own ("0"), never the start of one ("010").
      if (digits === 1 && value === 0) return notIpv4(text);
      value = value * 10 + c - 48;
      if (++digits > 3 || value > 255) return notIpv4(text);
    } else if (c === 46 && digits > 0 && part < 4) {
      out[part++] = value;
      value = 0;
      digits = 0;
    } else return notIpv4(text);
  }
  return part === 4 ? out : notIpv4(text);
}

function notIpv4(text: string): never {
  throw new ValidationError(`"${text}" is not an IPv4 address (four numbers 0-255 without leading zeros)`);
}

export function formatIpv4(bytes: Uint8Array): string {
  return `${bytes[0]}.${bytes[1]}.${bytes[2]}.${bytes[3]}`;
}

export function isIpv4(text: string): boolean {
  return /^[0-9]{1,3}(\.[0-9]{1,3}){3}$/.test(text);
}

/** Any RFC 4291 spelling, including an embedded dotted quad at the end. */
export function parseIpv6(text: string): Uint8Array {
  const fail = () => new ValidationError(`"${text}" is not an IPv6 address`);
  let head = text;
  const tailBytes: number[] = [];
  const lastColon = text.lastIndexOf(':');
  if (lastColon >= 0 && text.indexOf('.', lastColon) > 0) {
    const quad = parseIpv4Loose(text.slice(lastColon + 1));
    if (!quad) throw fail();
    tailBytes.push(...quad);
    head = text.slice(0, lastColon);
    // "::1.2.3.4" leaves ":" and "1::1.2.3.4" leaves "1:": the colon before the quad was half of "::".
    if (head.endsWith(':')) head += ':';
  }
  const groupsWanted = 8 - tailBytes.length / 2;
  const halves = head.split('::');
  if (halves.length > 2) throw fail();
  const parse = (s: string) => (s === '' ? [] : s.split(':'));
  const left = parse(halves[0]!);
  const right = halves.length === 2 ? parse(halves[1]!) : [];
  const groups = halves.length === 2 ? [...left, ...Array<string>(groupsWanted - left.length - right.length).fill('0'), ...right] : left;
  if (groups.length !== groupsWanted || (halves.length === 2 && left.length + right.length >= groupsWanted)) throw fail();
  const out = new Uint8Array(16);
  groups.forEach((g: string, i: number) => {
    if (!/^[0-9a-fA-F]{1,4}$/.test(g)) throw fail();
    const v = parseInt(g, 16);
    out[2 * i] = v >> 8;
    out[2 * i + 1] = v & 0xff;
  });
  out.set(tailBytes, 16 - tailBytes.length);
  return out;
}

function parseIpv4Loose(text: string): number[] | undefined {
  try {
    return [...parseIpv4(text)];
  } catch {
    return undefined;
  }
}

/** RFC 5952: lowercase, no leading zeros, the longest run (first if tied, at least two) of zero groups as `::`. */
export function formatIpv6(bytes: Uint8Array): string {
  // RFC 5952 section 5: IPv4-mapped addresses keep the dotted quad at the end.
  if (bytes.subarray(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff) {
    return `::ffff:${formatIpv4(bytes.subarray(12))}`;
  }
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2) groups.push((bytes[i]! << 8) | bytes[i + 1]!);
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(':');
  return hex.slice(0, bestStart).join(':') + '::' + hex.slice(bestStart + bestLength).join(':');
}
