import type { Rrset } from '../zone';

/**
 * Denial of existence read from a presigned zone's own NSEC or NSEC3 records: which of them prove
 * each negative or wildcard answer (RFC 4035 3.1.3, RFC 5155 7.2). The records come back as the
 * file has them; their RRSIGs are added by the caller.
 */
export interface StoredDenial {
  nxdomain(qname: string): Rrset[];
  /** NODATA at an existing name, an empty non-terminal, or DS at a delegation (opt-out included). */
  nodata(qname: string): Rrset[];
  wildcardNodata(qname: string, wildcard: string): Rrset[];
  wildcardAnswer(qname: string, wildcard: string): Rrset[];
  insecureDelegation(delegation: string): Rrset[];
}

/** The name a wildcard stands below: `*.x` → `x`, `*` → the root. */
export function wildcardParent(wildcard: string): string {
  return wildcard === '*' ? '' : wildcard.slice(2);
}

/** The sets given, without the missing ones and without repeats (one NSEC may prove two things). */
export function distinct(rrsets: (Rrset | undefined)[]): Rrset[] {
  const out: Rrset[] = [];
  for (const rrset of rrsets) if (rrset && !out.some((r) => r.name === rrset.name && r.type === rrset.type)) out.push(rrset);
  return out;
}
