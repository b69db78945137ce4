import type { Rrset, Zone } from './zone';

/** What the answer algorithm decided for one question, before it is encoded. */
export interface Answer {
  rcode: number;
  /** Authoritative: clear for referrals and for names we do not host. */
  aa: boolean;
  answer: Rrset[];
  authority: Rrset[];
  additional: Rrset[];
  /** The zone that answered; undefined for REFUSED, CHAOS and errors. */
  zone?: Zone;
  /** An apex ALIAS still to be resolved into addresses of this type (A or AAAA). */
  alias?: { target: string; ttl: number; type: number };
  /** Not to be reused for another query (answers that depend on something outside the zone). */
  uncacheable?: boolean;
}

export function emptyAnswer(rcode: number, zone?: Zone): Answer {
  return { rcode, aa: false, answer: [], authority: [], additional: [], zone };
}
