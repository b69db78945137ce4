import type { Rrset, Zone } from './zone';

/**
 * What a signed answer must also prove (RFC 4035 3.1.3): the name or type that does not exist,
 * the wildcard an answer came from, a delegation without DS. One per step of a CNAME chain; the
 * DNSSEC step turns each into NSEC/NSEC3 records (the `Denial` of `@kaja/dnssec`, one method each).
 */
export type Proof =
  | { kind: 'nxdomain'; name: string }
  | { kind: 'nodata'; name: string }
  /**
   * qtype NSEC at a name (`wildcard`: the wildcard that stands for it): the signer's NSEC of the
   * name, or the wildcard's expanded, is the answer, with or without DO (as Knot serves it, RFC
   * 4034 4); NODATA where there is none (NSEC3 zones, empty non-terminals, unsigned zones).
   */
  | { kind: 'nsecQuery'; name: string; wildcard?: string }
  /**
   * qtype RRSIG at a name whose zone holds no RRSIG records: in a zone signed online the signatures
   * of one RRset of the name answer, with or without DO (as Knot); NODATA where there are none.
   */
  | { kind: 'rrsigQuery'; name: string; wildcard?: string }
  | { kind: 'wildcardNodata'; name: string; wildcard: string }
  | { kind: 'wildcardAnswer'; name: string; wildcard: string }
  | { kind: 'insecureDelegation'; delegation: string }
  /** An apex ALIAS whose target has no addresses of `type` now: NODATA for that type alone. */
  | { kind: 'aliasNodata'; name: string; type: number }
  /**
   * An SVCB or HTTPS TargetName in the zone that lacks some of A, AAAA and the answer's own type:
   * its NSEC or NSEC3 goes in the additional section, not the authority (RFC 9460 4.2, as Knot).
   */
  | { kind: 'targetNodata'; name: string };

/** What the answer algorithm decided for one question, before it is encoded. */
export interface Answer {
  rcode: number;
  /** Authoritative: clear for referrals and for names we do not host. */
  aa: boolean;
  answer: Rrset[];
  authority: Rrset[];
  additional: Rrset[];
  proofs: Proof[];
  /** The zone that answered; undefined for REFUSED, CHAOS and errors. */
  zone?: Zone;
  /** An apex ALIAS still to be resolved into addresses of this type (A or AAAA). */
  alias?: { target: string; ttl: number; type: number };
  /** Not to be reused for another query (answers that depend on something outside the zone). */
  uncacheable?: boolean;
  /** RRsets of the answer section made up for this answer (CNAMEs from a DNAME): served, never signed. */
  unsigned?: Set<Rrset>;
}

export function emptyAnswer(rcode: number, zone?: Zone): Answer {
  return { rcode, aa: false, answer: [], authority: [], additional: [], proofs: [], zone };
}
