import { ValidationError } from './errors';
import { isSubdomain, parseName } from './name';

/**
 * A record's owner name as customers write it: `@` or "" for the apex, a name relative to the
 * zone (`www`), or a full name with or without the trailing dot (`www.example.com`). Labels are
 * letters, digits, hyphens and underscores, or `*` (a wildcard as the leftmost label, an ordinary label
 * elsewhere).
 */
export function parseOwnerName(text: string, zone: string): string {
  const input = text.trim();
  const options = { hostname: true };
  let name: string;
  if (input === '' || input === '@') name = zone;
  else if (input.endsWith('.')) name = parseName(input, '', options);
  else {
    // Without the trailing dot a full name is still recognised by ending in the zone's name.
    const full = parseName(input + '.', '', options);
    name = isSubdomain(full, zone) ? full : parseName(input, zone, options);
  }
  if (!isSubdomain(name, zone)) throw new ValidationError(`${name || '.'} is not inside the zone ${zone}`);
  return name;
}
