import { ValidationError } from '../errors';

const units: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400, w: 604800 };

/**
 * A TTL or period in seconds: plain digits, or units as BIND writes them in zone files
 * (`1h30m`, `2d`, `1W`). At most 2^31-1 (RFC 2181 section 8).
 */
export function parseTtl(text: string, what = 'TTL'): number {
  let seconds: number;
  if (/^[0-9]+$/.test(text)) seconds = Number(text);
  else if (/^([0-9]+[smhdwSMHDW])+$/.test(text)) {
    seconds = 0;
    for (const [, n, u] of text.matchAll(/([0-9]+)([a-zA-Z])/g)) seconds += Number(n) * units[u!.toLowerCase()]!;
  } else throw new ValidationError(`${what} must be a number of seconds (or like 1h30m), not "${text}"`);
  if (seconds > 0x7fffffff) throw new ValidationError(`${what} must be at most 2147483647 seconds`);
  return seconds;
}
