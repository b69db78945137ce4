import { isSubdomain, Rcode, readName, RRType } from '@kaja/dns-model';
import { addAddresses } from './additional';
import { ancestors } from './ancestors';
import type { Answer } from './answer';
import { addReferral, findDelegation } from './referrals';
import { findDname, followDname } from './dname';
import { rrsigsByCoveredType } from './presigned/signatures';
import { addNegativeSoa } from './negative';
import { findWildcard, synthesize } from './wildcard';
import type { Rrset, Zone, ZoneNode } from './zone';

/** Longest CNAME chain followed inside a zone; longer chains are answered as far as they go. */
const MAX_CHAIN = 16;

/**
 * The answer algorithm of RFC 1034 section 4.3.2 for a name inside `zone`: referrals at zone cuts,
 * exact matches, CNAME chains followed inside the zone, DNAME redirections (RFC 6672) followed
 * likewise, wildcards (RFC 4592), NXDOMAIN and NODATA with the SOA (RFC 2308), ANY answered
 * minimally (RFC 8482), and apex ALIAS left for resolving.
 */
export function lookup(zone: Zone, qname: string, qtype: number): Answer {
  const answer: Answer = { rcode: Rcode.NOERROR, aa: true, answer: [], authority: [], additional: [], proofs: [], zone };
  const visited = new Set<string>();
  let name = qname;
  for (;;) {
    const names = ancestors(name, zone.name);
    const cut = findDelegation(zone, names, qtype);
    const dname = findDname(zone, names, cut);
    if (dname) {
      visited.add(name);
      const target = followDname(dname, name, answer);
      // The made-up CNAME answers a CNAME question; other chains go on like a CNAME's.
      if (target === undefined || qtype === RRType.CNAME) return answer;
      if (!isSubdomain(target, zone.name) || visited.has(target) || visited.size >= MAX_CHAIN) return answer;
      name = target;
      continue;
    }
    if (cut) {
      addReferral(zone, cut, answer);
      if (!cut.rrsets.has(RRType.DS)) answer.proofs.push({ kind: 'insecureDelegation', delegation: cut.name });
      // A referral alone is not authoritative; after an in-zone CNAME the answer part still is.
      if (answer.answer.length === 0) answer.aa = false;
      return answer;
    }
    let node: ZoneNode | undefined = zone.nodes.get(name);
    const wildcard = node === undefined;
    node ??= findWildcard(zone, names);
    if (!node) {
      answer.rcode = Rcode.NXDOMAIN;
      answer.proofs.push({ kind: 'nxdomain', name });
      addNegativeSoa(zone, answer);
      return answer;
    }
    const source = node.name;
    const owned = (rrset: Rrset) => {
      if (!wildcard) return rrset;
      answer.proofs.push({ kind: 'wildcardAnswer', name, wildcard: source });
      return synthesize(rrset, name);
    };

    const match = qtype === RRType.ANY ? minimalAny(node) : node.rrsets.get(qtype);
    if (match) {
      if (match.type === RRType.RRSIG) answer.answer.push(...rrsigsByCoveredType(node, owned(match)));
      else answer.answer.push(owned(match));
      addAddresses(zone, match, answer);
      return answer;
    }
    const cname = node.rrsets.get(RRType.CNAME);
    // NSEC and RRSIG live beside a CNAME (RFC 4035 2.5): asked for, they are not followed through it (as Knot).
    if (cname && qtype !== RRType.CNAME && qtype !== RRType.NSEC && qtype !== RRType.RRSIG) {
      answer.answer.push(owned(cname));
      visited.add(name);
      const target = readName(cname.rdata[0]!, 0).name.toLowerCase();
      // Targets outside the zone, loops and overlong chains end the chain; the resolver goes on from here.
      if (!isSubdomain(target, zone.name) || visited.has(target) || visited.size >= MAX_CHAIN) return answer;
      name = target;
      continue;
    }
    const alias = node.name === zone.name ? node.rrsets.get(RRType.ALIAS) : undefined;
    if (alias && (qtype === RRType.A || qtype === RRType.AAAA)) {
      answer.alias = { target: readName(alias.rdata[0]!, 0).name.toLowerCase(), ttl: alias.ttl, type: qtype };
      answer.uncacheable = true;
      return answer;
    }
    // An online signer holds NSEC and RRSIG records apart from the zone: it answers these itself.
    const dnssecType = qtype === RRType.NSEC ? 'nsecQuery' : qtype === RRType.RRSIG ? 'rrsigQuery' : undefined;
    if (dnssecType) answer.proofs.push(wildcard ? { kind: dnssecType, name, wildcard: source } : { kind: dnssecType, name });
    else if (wildcard) answer.proofs.push({ kind: 'wildcardNodata', name, wildcard: source });
    else answer.proofs.push({ kind: 'nodata', name });
    addNegativeSoa(zone, answer);
    return answer;
  }
}

/**
 * RFC 8482: ANY gets one RRset of the name rather than all of them (the CNAME first, so it stays
 * alone); an empty non-terminal gets NODATA.
 */
function minimalAny(node: ZoneNode): Rrset | undefined {
  const cname = node.rrsets.get(RRType.CNAME);
  if (cname) return cname;
  for (const rrset of node.rrsets.values()) if (rrset.type !== RRType.ALIAS) return rrset;
  return undefined;
}
