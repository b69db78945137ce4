import { compareNames } from '@kaja/dns-model';
import { NSEC_TYPE, wildcardOf } from '@kaja/dnssec';
import { ancestors } from '../ancestors';
import type { Rrset, Zone } from '../zone';
import { distinct, type StoredDenial } from './denial';

/** Proofs from a presigned zone's NSEC chain (RFC 4035 3.1.3): each owner's NSEC, found in canonical order. */
export class StoredNsecDenial implements StoredDenial {
  /** The owners of NSEC records, in canonical order. */
  private readonly owners: string[];

  constructor(private readonly zone: Zone) {
    this.owners = zone.canonicalNames().filter((name) => zone.nodes.get(name)!.rrsets.has(NSEC_TYPE));
  }

  nxdomain(qname: string): Rrset[] {
    return distinct([this.covering(qname), this.covering(wildcardOf(this.closestEncloser(qname)))]);
  }

  nodata(qname: string): Rrset[] {
    // An empty non-terminal has no NSEC of its own: the one whose span holds it proves it empty.
    return distinct([this.at(qname) ?? this.covering(qname)]);
  }

  wildcardNodata(qname: string, wildcard: string): Rrset[] {
    return distinct([this.covering(qname), this.at(wildcard)]);
  }

  wildcardAnswer(qname: string, _wildcard: string): Rrset[] {
    return distinct([this.covering(qname)]);
  }

  insecureDelegation(delegation: string): Rrset[] {
    return distinct([this.at(delegation)]);
  }

  private at(name: string): Rrset | undefined {
    return this.zone.nodes.get(name)?.rrsets.get(NSEC_TYPE);
  }

  /** The NSEC whose owner is the last one before `name` in canonical order (the chain wraps). */
  private covering(name: string): Rrset | undefined {
    let lo = 0;
    let hi = this.owners.length - 1;
    let found = this.owners.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (compareNames(this.owners[mid]!, name) < 0) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    const owner = this.owners[found];
    return owner === undefined ? undefined : this.at(owner);
  }

  /** The longest existing ancestor of a name the zone does not have (empty non-terminals count). */
  private closestEncloser(qname: string): string {
    const names = ancestors(qname, this.zone.name);
    for (let i = 1; i < names.length; i++) if (this.zone.nodes.has(names[i]!)) return names[i]!;
    return this.zone.name;
  }
}
