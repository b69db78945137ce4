import { parentOf, type Rrset } from './canonical';

/**
 * Denial of existence for one zone, NSEC or NSEC3 alike. Each proof returns the NSEC/NSEC3
 * RRsets for the authority section (deduplicated); the server signs them like any other RRset
 * (`signatures.for(rrset)`). The names are lowercase platform names inside the zone.
 */
export interface Denial {
  readonly kind: 'nsec' | 'nsec3';
  /** NXDOMAIN: the name does not exist and no wildcard could have answered for it. */
  nxdomain(qname: string): Rrset[];
  /** NODATA at a name that exists (an empty non-terminal too, and DS at an unsigned delegation). */
  nodata(qname: string): Rrset[];
  /** The name does not exist; the wildcard `wildcard` matched it but has no RRset of the type asked. */
  wildcardNodata(qname: string, wildcard: string): Rrset[];
  /** An answer synthesised from `wildcard`: proof that `qname` itself does not exist. */
  wildcardAnswer(qname: string, wildcard: string): Rrset[];
  /** A referral to a delegation without DS: proof that there is no DS there. */
  insecureDelegation(delegation: string): Rrset[];
  /** Every NSEC/NSEC3 RRset of the zone, in chain order (whole-zone signing, transfers). */
  chain(): Rrset[];
  /** RRsets the apex gains with this denial (NSEC3PARAM for NSEC3). */
  apexRrsets(): Rrset[];
  /** The owner of the NSEC/NSEC3 that stands for a zone name, so a cache can forget it when the name goes. */
  owner(name: string): string;
  /**
   * The NSEC/NSEC3 RRsets a name added, removed or changed affects: its own (when it has one) and
   * the one before it in chain order, whose next name may be it. What a change re-signs ahead.
   */
  neighbours(name: string): Rrset[];
}

/** `*.<closest encloser>`: the wildcard that would have matched a name below `encloser`. */
export function wildcardOf(encloser: string): string {
  return encloser === '' ? '*' : `*.${encloser}`;
}

/** The ancestor of `qname` one label longer than `encloser` (RFC 5155 "next closer name"). */
export function nextCloser(qname: string, encloser: string): string {
  let name = qname;
  for (let parent = parentOf(name); name !== '' && parent !== encloser; parent = parentOf(parent)) name = parent;
  return name;
}

/** Whether `rrsets` holds one of `rrset`'s owner and type (an answer's few RRsets: compared in place, no keys made). */
export function holdsRrset(rrsets: readonly Rrset[], rrset: Rrset): boolean {
  for (const held of rrsets) if (held.type === rrset.type && held.name === rrset.name) return true;
  return false;
}

/** The RRsets without repeats of one owner and type. */
export function uniqueRrsets(rrsets: Rrset[]): Rrset[] {
  const out: Rrset[] = [];
  for (const rrset of rrsets) if (!holdsRrset(out, rrset)) out.push(rrset);
  return out;
}
