import { nameToWire, typeBitmapWire } from '@kaja/dns-model';
import { concat } from './bytes';
import { wildcardSortKey, type Rrset } from './canonical';
import { uniqueRrsets, type Denial } from './denial';
import type { IndexEntry, ZoneIndex } from './zoneIndex';

export const NSEC_TYPE = 47;
const RRSIG_TYPE = 46;

/**
 * NSEC denial (RFC 4034, RFC 4035 3.1.3): one NSEC at every name with records (empty
 * non-terminals have none), pointing to the next such name in canonical order. Records are
 * computed from the index when asked and reused while their content is unchanged, so an update
 * only ever changes the NSEC of the updated name and of the one before it.
 */
export class NsecDenial implements Denial {
  readonly kind = 'nsec';
  private readonly memo = new Map<string, { next: string; types: readonly number[]; rrset: Rrset }>();

  constructor(
    private readonly index: ZoneIndex,
    /** The negative TTL: min(SOA TTL, SOA minimum) per RFC 9077. */
    private readonly ttl: number,
  ) {
    index.observe((change) => {
      for (const e of change.removed) this.memo.delete(e.name);
    });
  }

  nxdomain(qname: string): Rrset[] {
    const encloser = this.index.closestEncloserEntry(qname);
    const wildcard = this.coveringAt(this.index.floorKey(wildcardSortKey(encloser.key)));
    return uniqueRrsets([this.covering(qname), wildcard]);
  }

  nodata(qname: string): Rrset[] {
    const entry = this.index.get(qname);
    if (entry && entry.types.length > 0) return [this.record(entry)];
    // An empty non-terminal has no NSEC: the one whose span holds it proves it has no data.
    return [this.covering(qname)];
  }

  wildcardNodata(qname: string, wildcard: string): Rrset[] {
    return uniqueRrsets([this.covering(qname), ...this.nodata(wildcard)]);
  }

  /** The RRSIG labels field already shows which wildcard answered; the proof is about `qname` alone. */
  wildcardAnswer(qname: string, _wildcard?: string): Rrset[] {
    return [this.covering(qname)];
  }

  insecureDelegation(delegation: string): Rrset[] {
    return this.nodata(delegation);
  }

  chain(): Rrset[] {
    const out: Rrset[] = [];
    this.index.all().forEach((entry, position) => {
      if (entry.types.length > 0) out.push(this.record(entry, position));
    });
    return out;
  }

  apexRrsets(): Rrset[] {
    return [];
  }

  owner(name: string): string {
    return name;
  }

  neighbours(name: string): Rrset[] {
    const entry = this.index.get(name);
    const own = entry && entry.types.length > 0 ? this.record(entry) : undefined;
    // The NSEC before the name (or before its place, when it is gone or has no records).
    let position = this.index.floor(name) - (own ? 1 : 0);
    while (this.index.at(position).types.length === 0) position--;
    const before = this.index.at(position);
    const previous = this.record(before);
    return own && previous !== own ? [own, previous] : [previous];
  }

  /** The NSEC whose owner sorts before `name` and whose next name sorts after it. */
  private covering(name: string): Rrset {
    return this.coveringAt(this.index.floor(name));
  }

  /** `covering` of a name whose `floor` in the index is `position`. */
  private coveringAt(position: number): Rrset {
    while (this.index.at(position).types.length === 0) position--;
    return this.record(this.index.at(position), position);
  }

  private record(entry: IndexEntry, position = this.index.floorKey(entry.key)): Rrset {
    let after = position + 1;
    while (this.index.at(after).types.length === 0) after++;
    const next = this.index.at(after).name;
    // The memo stands while the next name and the name's types do (the index gives changed types a new array).
    const memo = this.memo.get(entry.name);
    if (memo && memo.next === next && memo.types === entry.types) return memo.rrset;
    const types = [...new Set([...entry.types, RRSIG_TYPE, NSEC_TYPE])].sort((a, b) => a - b);
    const rrset: Rrset = { name: entry.name, type: NSEC_TYPE, ttl: this.ttl, rdata: [concat([nameToWire(next), typeBitmapWire(types)])] };
    this.memo.set(entry.name, { next, types: entry.types, rrset });
    return rrset;
  }
}
