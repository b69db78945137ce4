import { isSubdomain, readName, RRType } from '@kaja/dns-model';
import { ancestors } from './ancestors';
import type { Answer } from './answer';
import { findDelegation } from './delegation';
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
 * other targets only count where the zone is authoritative.
 */
export function addAddresses(zone: Zone, rrset: Rrset, answer: Answer, glue = false): void {
  const offset = targetOffset.get(rrset.type);
  if (offset === undefined) return;
  for (const rdata of rrset.rdata) {
    const target = readName(rdata, offset).name.toLowerCase();
    if (!isSubdomain(target, zone.name)) continue;
    const node = zone.nodes.get(target);
    if (!node) continue;
    if (!glue && findDelegation(zone, ancestors(target, zone.name), RRType.A)) continue;
    for (const type of [RRType.A, RRType.AAAA]) {
      const addresses = node.rrsets.get(type);
      // By name and type: the zone hands out a new view of an RRset at each look-up, so one
      // target named twice (two SRVs, an MX and an SRV) would otherwise be added twice.
      if (addresses && !answer.additional.some((added) => added.type === type && added.name === addresses.name)) answer.additional.push(addresses);
    }
  }
}
