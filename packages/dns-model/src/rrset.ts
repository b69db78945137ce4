import type { ZoneRecord } from './record';

/** Records of one name and type: one TTL, canonical contents. */
export interface Rrset {
  name: string;
  type: string;
  ttl: number;
  contents: string[];
}

/** A broken rule, on the set that breaks it, with the request field to point at. */
export interface RrsetProblem {
  name: string;
  type: string;
  field: 'name' | 'type' | 'ttl' | 'content';
  message: string;
}

export const MIN_TTL = 60;
export const MAX_TTL = 604800;
export const MAX_RECORDS_PER_RRSET = 100;
export const MAX_RRSET_OCTETS = 65536;

/** The DNSSEC types: keys, their digests and the proofs come from the platform's signing, never from customers. */
export const DNSSEC_MANAGED_TYPES: ReadonlySet<string> = new Set(['DNSKEY', 'CDS', 'CDNSKEY', 'NSEC3PARAM', 'RRSIG', 'NSEC', 'NSEC3']);

/** Types only the platform writes: the SOA and the DNSSEC types anywhere, NS at the apex. */
export function managedTypeProblem(apex: string, name: string, type: string): string | undefined {
  if (type === 'SOA') return 'SOA records are managed by the platform';
  if (DNSSEC_MANAGED_TYPES.has(type)) return `${type} records are managed by the platform when DNSSEC is on`;
  if (type === 'NS' && name === apex) return 'NS records at the root of a domain are managed by the platform';
  return undefined;
}

export function ttlProblem(ttl: number): string | undefined {
  if (!Number.isInteger(ttl) || ttl < MIN_TTL || ttl > MAX_TTL) return `TTL must be between ${MIN_TTL} and ${MAX_TTL} seconds`;
  return undefined;
}

/** Groups records into RRsets; records of one set with different TTLs are a problem (RFC 2181 5.2). */
export function groupRecords(records: readonly ZoneRecord[]): { rrsets: Rrset[]; problems: RrsetProblem[] } {
  const sets = new Map<string, Rrset>();
  const problems: RrsetProblem[] = [];
  for (const r of records) {
    const key = `${r.name}\u0000${r.type}`;
    const set = sets.get(key);
    if (!set) sets.set(key, { name: r.name, type: r.type, ttl: r.ttl, contents: [r.content] });
    else {
      if (set.ttl !== r.ttl && !problems.some((p) => p.name === r.name && p.type === r.type && p.field === 'ttl')) {
        problems.push({
          name: r.name,
          type: r.type,
          field: 'ttl',
          message: `All ${r.type} records of ${r.name} must have the same TTL (found ${set.ttl} and ${r.ttl})`,
        });
      }
      set.contents.push(r.content);
    }
  }
  return { rrsets: [...sets.values()], problems };
}
