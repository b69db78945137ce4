import type { Answer } from './answer';
import type { Rrset, Zone } from './zone';

/**
 * The zone's SOA in the authority section of NXDOMAIN and NODATA answers, with the TTL lowered to
 * the SOA's MINIMUM field when that is smaller: the negative-caching TTL of RFC 2308 section 5.
 */
export function addNegativeSoa(zone: Zone, answer: Answer): void {
  answer.authority.push(negativeSoa(zone.soa));
}

function negativeSoa(soa: Rrset): Rrset {
  const rdata = soa.rdata[0]!;
  const minimum = new DataView(rdata.buffer, rdata.byteOffset + rdata.length - 4, 4).getUint32(0);
  return minimum >= soa.ttl ? soa : { ...soa, ttl: minimum };
}
