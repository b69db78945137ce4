import { RRType } from '@kaja/dns-model';
import { roomFor } from '../additional';
import { ancestors } from '../ancestors';
import type { Answer, Proof } from '../answer';
import { findDelegation } from '../referrals';
import type { Rrset, Zone } from '../zone';
import type { StoredDenial } from './denial';
import { StoredNsec3Denial } from './nsec3Denial';
import { StoredNsecDenial } from './nsecDenial';
import { storedSignatures } from './signatures';

/**
 * A zone that carries its own DNSSEC: DNSKEY at the apex and RRSIG records in its data (a zone
 * file signed elsewhere, or a secondary zone transferred from a signed primary). Served as it is,
 * never signed by us.
 */
export function isPresigned(zone: Zone): boolean {
  const apex = zone.apex.rrsets;
  return apex.has(RRType.DNSKEY) && apex.has(RRType.RRSIG);
}

/**
 * The DNSSEC step for a presigned zone (queries with the DO bit): each authoritative RRset
 * followed by the RRSIGs the zone holds for it (the additional section's addresses too), a
 * delegation's DS with its RRSIG, and the zone's own NSEC or NSEC3 records that prove the
 * answer's negative and wildcard parts (and, in the additional section, what an SVCB target lacks).
 */
export class PresignedAnswers {
  readonly version: number;
  private readonly denial: StoredDenial;

  constructor(readonly zone: Zone) {
    this.version = zone.version;
    this.denial = zone.hashed.size > 0 ? new StoredNsec3Denial(zone) : new StoredNsecDenial(zone);
  }

  sign(answer: Answer): Answer {
    const zone = this.zone;
    const signed: Answer = { ...answer, answer: [], authority: [] };
    const wildcards = new Map<string, string>();
    for (const proof of answer.proofs) if (proof.kind === 'wildcardAnswer') wildcards.set(proof.name, proof.wildcard);
    for (const rrset of answer.answer) this.add(signed.answer, rrset, wildcards.get(rrset.name) ?? rrset.name);
    const present = new Set<string>();
    for (const rrset of answer.authority) {
      present.add(`${rrset.name}/${rrset.type}`);
      if (rrset.type === RRType.NS && rrset.name !== zone.name) {
        // A referral: the NS set is the child's and unsigned (RFC 4035 2.2); its DS is ours.
        signed.authority.push(rrset);
        const ds = zone.nodes.get(rrset.name)?.rrsets.get(RRType.DS);
        if (ds) this.add(signed.authority, ds, ds.name);
      } else this.add(signed.authority, rrset, rrset.name);
    }
    // The addresses of in-zone targets with their stored RRSIGs (RFC 4035 3.1.1); the encoder leaves
    // an additional RRset out together with its RRSIGs when they do not fit. Glue is not signed.
    signed.additional = [];
    for (const rrset of answer.additional) {
      if (findDelegation(zone, ancestors(rrset.name, zone.name), rrset.type)) signed.additional.push(rrset);
      else this.add(signed.additional, rrset, rrset.name);
    }
    const additionalPresent = new Set<string>();
    for (const proof of answer.proofs) {
      // About an SVCB target: optional, in the additional section, and no more past the largest message.
      const additional = proof.kind === 'targetNodata';
      if (additional && !roomFor(signed.additional)) continue;
      const seen = additional ? additionalPresent : present;
      for (const rrset of this.prove(proof)) {
        const key = `${rrset.name}/${rrset.type}`;
        if (seen.has(key)) continue;
        seen.add(key);
        this.add(additional ? signed.additional : signed.authority, rrset, rrset.name);
      }
    }
    return signed;
  }

  /** `rrset`, then the RRSIGs stored at `source` (its own owner, or the wildcard it came from). */
  private add(section: Rrset[], rrset: Rrset, source: string): void {
    section.push(rrset);
    const rrsig = storedSignatures(this.zone, source, rrset.type, rrset.name, rrset.ttl);
    if (rrsig) section.push(rrsig);
  }

  private prove(proof: Proof): Rrset[] {
    switch (proof.kind) {
      case 'nxdomain':
        return this.denial.nxdomain(proof.name);
      case 'nsecQuery':
      case 'rrsigQuery':
        // Its NSEC or RRSIG records would have matched in the zone's data: there are none.
        return proof.wildcard === undefined ? this.denial.nodata(proof.name) : this.denial.wildcardNodata(proof.name, proof.wildcard);
      case 'nodata':
      case 'aliasNodata':
      case 'targetNodata':
        return this.denial.nodata(proof.name);
      case 'wildcardNodata':
        return this.denial.wildcardNodata(proof.name, proof.wildcard);
      case 'wildcardAnswer':
        return this.denial.wildcardAnswer(proof.name, proof.wildcard);
      case 'insecureDelegation':
        return this.denial.insecureDelegation(proof.delegation);
    }
  }
}

/** The presigned view of each zone, rebuilt when the zone changes (a new file, a transfer). */
const views = new WeakMap<Zone, PresignedAnswers>();

/**
 * The answer with the zone's own signatures and proofs when its zone is presigned; undefined
 * when it is not (our online signing, if any, applies).
 */
export function presignedAnswer(answer: Answer): Answer | undefined {
  const zone = answer.zone;
  if (!zone || !isPresigned(zone)) return undefined;
  let view = views.get(zone);
  if (view?.version !== zone.version) views.set(zone, (view = new PresignedAnswers(zone)));
  return view.sign(answer);
}
