import { nameLabels, type Message, type ResourceRecord } from '@kaja/dns-model';
import { parentOf, type Rrset } from './canonical';
import { wildcardOf } from './denial';
import type { ServedZone } from './servedZone';

const NS = 2;
const SOA = 6;
const CNAME = 5;
const DS = 43;
const NXDOMAIN = 3;

/**
 * The RFC 1034 4.3.2 answer with RFC 4035 3.1 DNSSEC records, reduced to what the proof tests
 * need (no glue, no CNAME chasing): a stand-in for the DNS server so real validators can judge
 * the denial proofs and signatures this package makes.
 */
export function authoritativeAnswer(served: ServedZone, query: Message): Message {
  const question = query.questions[0]!;
  const qname = question.name.toLowerCase();
  const qtype = question.type;
  const response: Message = {
    ...query,
    qr: true,
    aa: true,
    ra: false,
    ad: false,
    rcode: 0,
    answers: [],
    authorities: [],
    additionals: [],
    edns: { udpSize: 1232, version: 0, do: true, flags: 0, options: [] },
  };
  const signed = (section: ResourceRecord[], rrset: Rrset, owner = rrset.name) => {
    for (const rdata of rrset.rdata) section.push({ name: owner, type: rrset.type, class: 1, ttl: rrset.ttl, rdata });
    for (const rdata of served.signatures.for(rrset)?.rdata ?? []) section.push({ name: owner, type: 46, class: 1, ttl: rrset.ttl, rdata });
  };
  const soa = served.rrsets.get(served.zone)!.get(SOA)!;
  const negative = (proof: Rrset[], rcode = 0) => {
    response.rcode = rcode;
    signed(response.authorities, soa);
    for (const rrset of proof) signed(response.authorities, rrset);
    return response;
  };

  // A delegation at or above the name (the DS of a delegation is the parent's own data).
  for (let name = qname; name !== served.zone && nameLabels(name).length > nameLabels(served.zone).length; name = parentOf(name)) {
    const entry = served.index.get(name);
    if (!entry?.delegation || (name === qname && qtype === DS)) continue;
    response.aa = false;
    for (const rdata of served.rrsets.get(name)!.get(NS)!.rdata) response.authorities.push({ name, type: NS, class: 1, ttl: 3600, rdata });
    const ds = served.rrsets.get(name)!.get(DS);
    if (ds) signed(response.authorities, ds);
    else for (const rrset of served.denial.insecureDelegation(name)) signed(response.authorities, rrset);
    return response;
  }

  const types = served.rrsets.get(qname);
  if (served.index.has(qname)) {
    const rrset = types?.get(qtype) ?? types?.get(CNAME);
    if (rrset) {
      signed(response.answers, rrset);
      return response;
    }
    return negative(served.denial.nodata(qname));
  }
  const encloser = served.index.closestEncloser(qname);
  const wildcard = wildcardOf(encloser);
  const synthesised = served.rrsets.get(wildcard);
  if (synthesised) {
    const rrset = synthesised.get(qtype);
    if (!rrset) return negative(served.denial.wildcardNodata(qname, wildcard));
    signed(response.answers, rrset, qname);
    for (const proof of served.denial.wildcardAnswer(qname, wildcard)) signed(response.authorities, proof);
    return response;
  }
  return negative(served.denial.nxdomain(qname), NXDOMAIN);
}
