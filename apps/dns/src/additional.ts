import { isSubdomain, readName, RRType } from '@kaja/dns-model';
import { ancestors } from './ancestors';
import type { Answer } from './answer';
import { findDelegation } from './referrals';
import type { Rrset, Zone } from './zone';

/** Where the target name starts in the rdata of the types whose targets get addresses. */
const targetOffset = new Map<number, number>([
  [RRType.NS, 0],
  [RRType.MX, 2],
  [RRType.SRV, 6],
  // RFC 9460 4.1: the TargetName's addresses (a target of "." is the root, never in a zone we serve).
  [RRType.SVCB, 2],
  [RRType.HTTPS, 2],
]);

/**
 * Adds the A and AAAA RRsets of the NS, MX, SRV, SVCB or HTTPS targets that the zone holds (RFC 1034 4.3.2
 * step 6), so the client needs no second query. Glue (for a referral) may sit below the zone cut;
 * other targets only count where the zone is authoritative. An SVCB or HTTPS target also brings its
 * own records of that type, and where it lacks one of the three, a proof of that for signed answers
 * (RFC 9460 4.2; Knot does both).
 */
export function addAddresses(zone: Zone, rrset: Rrset, answer: Answer, glue = false): void {
  const offset = targetOffset.get(rrset.type);
  if (offset === undefined) return;
  const service = rrset.type === RRType.SVCB || rrset.type === RRType.HTTPS;
  const types = service ? [RRType.A, RRType.AAAA, rrset.type] : [RRType.A, RRType.AAAA];
  for (const rdata of rrset.rdata) {
    const target = readName(rdata, offset).name.toLowerCase();
    if (!isSubdomain(target, zone.name)) continue;
    const node = zone.nodes.get(target);
    if (!node) continue;
    if (!glue && findDelegation(zone, ancestors(target, zone.name), RRType.A)) continue;
    let missing = false;
    for (const type of types) {
      const found = node.rrsets.get(type);
      if (!found) missing = true;
      else if (!holds(answer.additional, found) && !holds(answer.answer, found)) answer.additional.push(found);
    }
    if (service && missing && !answer.proofs.some((proof) => proof.kind === 'targetNodata' && proof.name === node.name)) {
      answer.proofs.push({ kind: 'targetNodata', name: node.name });
    }
  }
}

/**
 * By name and type: the zone hands out a new view of an RRset at each look-up, so one target named
 * twice (two SRVs, an MX and an SRV), or an SVCB naming its own owner, would otherwise come twice.
 */
function holds(section: Rrset[], rrset: Rrset): boolean {
  return section.some((added) => added.type === rrset.type && added.name === rrset.name);
}

/** The largest DNS message (RFC 1035 over TCP): additional data past it could never be sent. */
const MAX_MESSAGE = 65_535;

/**
 * Whether a section, as an estimate of its uncompressed wire size, leaves room for more optional
 * records: the signer stops adding (and signing) target proofs past the largest message, whatever
 * the client's limit. The encoder then leaves out whatever does not fit this message, never
 * truncating for additional data.
 */
export function roomFor(section: readonly Rrset[]): boolean {
  let size = 0;
  for (const rrset of section) {
    // Owner (at most its text length + 2), type, class, TTL and rdata length: 10 octets.
    for (const rdata of rrset.rdata) size += rrset.name.length + 2 + 10 + rdata.length;
  }
  return size < MAX_MESSAGE;
}
