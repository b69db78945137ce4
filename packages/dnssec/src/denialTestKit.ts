import { compareNames, NSEC, typeCode } from '@kaja/dns-model';
import type { Rrset } from './canonical';
import { ZoneIndex } from './zoneIndex';
import type { ZoneRecord } from '@kaja/dns-model';

/** The index of a zone's records, as the DNS server would build it. */
export function indexOf(zone: string, records: ZoneRecord[]): ZoneIndex {
  return new ZoneIndex(
    zone,
    records.map((r) => ({ name: r.name, type: typeCode(r.type) })),
  );
}

/** An NSEC as owner, next name and types. */
export function nsecOf(rrset: Rrset): { owner: string; next: string; types: string[] } {
  const [next, ...types] = NSEC.fromWire(rrset.rdata[0]!).trim().split(' ');
  return { owner: rrset.name, next: next!.slice(0, -1), types };
}

/** RFC 4035 5.4: the NSEC's span holds the name (owner < name < next, the last one wrapping). */
export function nsecCovers(rrset: Rrset, name: string): boolean {
  const { owner, next } = nsecOf(rrset);
  const afterOwner = compareNames(owner, name) < 0;
  const beforeNext = compareNames(name, next) < 0;
  return compareNames(owner, next) < 0 ? afterOwner && beforeNext : afterOwner || beforeNext;
}
