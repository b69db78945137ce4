import { nameLabels, RRType } from '@kaja/dns-model';
import { nextCloser, nsec3Hash, wildcardOf, type Nsec3Parameters } from '@kaja/dnssec';
import { ancestors } from '../ancestors';
import type { Rrset, Zone } from '../zone';
import { distinct, wildcardParent, type StoredDenial } from './denial';

/**
 * Proofs from a presigned zone's NSEC3 chain (RFC 5155 7.2), with the chain's own parameters. A
 * name without an NSEC3 (an insecure delegation in an opt-out span) is proven by its closest
 * provable encloser and the opt-out NSEC3 that covers the next closer name (7.2.3, 7.2.4).
 */
export class StoredNsec3Denial implements StoredDenial {
  /** Hashed owner labels in ascending order, and each one's NSEC3 RRset. */
  private readonly hashes: string[] = [];
  private readonly byHash = new Map<string, Rrset>();
  private readonly parameters: Nsec3Parameters;

  constructor(private readonly zone: Zone) {
    let parameters: Nsec3Parameters | undefined;
    for (const node of zone.hashed.values()) {
      const rrset = node.rrsets.get(RRType.NSEC3);
      if (!rrset) continue;
      parameters ??= readParameters(rrset.rdata[0]!);
      const hash = nameLabels(node.name)[0]!.toLowerCase();
      this.byHash.set(hash, rrset);
      this.hashes.push(hash);
    }
    this.hashes.sort();
    this.parameters = parameters ?? { iterations: 0, salt: new Uint8Array() };
  }

  nxdomain(qname: string): Rrset[] {
    const encloser = this.closestProvableEncloser(qname);
    return distinct([this.matching(encloser), this.covering(nextCloser(qname, encloser)), this.covering(wildcardOf(encloser))]);
  }

  nodata(qname: string): Rrset[] {
    const own = this.matching(qname);
    if (own) return [own];
    const encloser = this.closestProvableEncloser(qname);
    return distinct([this.matching(encloser), this.covering(nextCloser(qname, encloser))]);
  }

  wildcardNodata(qname: string, wildcard: string): Rrset[] {
    const encloser = wildcardParent(wildcard);
    return distinct([this.matching(encloser), this.covering(nextCloser(qname, encloser)), this.matching(wildcard)]);
  }

  wildcardAnswer(qname: string, wildcard: string): Rrset[] {
    return distinct([this.covering(nextCloser(qname, wildcardParent(wildcard)))]);
  }

  insecureDelegation(delegation: string): Rrset[] {
    return this.nodata(delegation);
  }

  private hash(name: string): string {
    return nsec3Hash(name, this.parameters);
  }

  private matching(name: string): Rrset | undefined {
    return this.byHash.get(this.hash(name));
  }

  /** The NSEC3 whose span holds the hash of `name`: the greatest hash below it (the chain wraps). */
  private covering(name: string): Rrset | undefined {
    const hash = this.hash(name);
    let lo = 0;
    let hi = this.hashes.length - 1;
    let found = this.hashes.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.hashes[mid]! < hash) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    const owner = this.hashes[found];
    return owner === undefined ? undefined : this.byHash.get(owner);
  }

  /** The longest proper ancestor of `qname` that has an NSEC3 (the apex always has). */
  private closestProvableEncloser(qname: string): string {
    const names = ancestors(qname, this.zone.name);
    for (let i = 1; i < names.length; i++) if (this.byHash.has(this.hash(names[i]!))) return names[i]!;
    return this.zone.name;
  }
}

/** Iterations and salt of an NSEC3 rdata: algorithm, flags, iterations (16 bits), salt length, salt. */
function readParameters(rdata: Uint8Array): Nsec3Parameters {
  const iterations = (rdata[2]! << 8) | rdata[3]!;
  const saltLength = rdata[4]!;
  return { iterations, salt: rdata.slice(5, 5 + saltLength) };
}
