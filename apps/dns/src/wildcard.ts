import type { Zone, ZoneNode } from './zone';

/**
 * The wildcard that covers a name the zone does not have (RFC 4592 3.3.1), given the name's
 * ancestors up to the apex: only the `*` child of the closest encloser counts, so an empty
 * non-terminal between them blocks a higher wildcard.
 */
export function findWildcard(zone: Zone, names: readonly string[]): ZoneNode | undefined {
  const encloser = closestEncloser(zone, names);
  return encloser === undefined ? undefined : zone.nodes.get(encloser === '' ? '*' : `*.${encloser}`);
}

/**
 * The closest encloser of a name the zone does not hold (RFC 4592), given the name's ancestors up
 * to the apex: the deepest of them the zone holds, empty non-terminals included.
 */
export function closestEncloser(zone: Zone, names: readonly string[]): string | undefined {
  for (let i = 1; i < names.length; i++) if (zone.nodes.has(names[i]!)) return names[i];
  return undefined;
}

/** The wildcard's RRsets as if they were the queried name's own (RFC 4592 3.3.1 step 2). */
export function synthesize<T extends { name: string }>(rrset: T, owner: string): T {
  return { ...rrset, name: owner };
}
