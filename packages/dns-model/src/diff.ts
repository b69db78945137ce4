import type { ZoneRecord } from './record';
import { compareRecords } from './zonefile/write';

export interface RecordDiff {
  removed: ZoneRecord[];
  added: ZoneRecord[];
}

const key = (r: ZoneRecord) => `${r.name}\u0000${r.type}\u0000${r.ttl}\u0000${r.content}`;

/**
 * What turns `before` into `after`, record by record and in canonical order: the shape of an IXFR
 * difference sequence (RFC 1995), of an import's dry run and of the stored zone changes. A TTL change
 * is the record removed with the old TTL and added with the new one.
 */
export function diffRecords(before: readonly ZoneRecord[], after: readonly ZoneRecord[]): RecordDiff {
  const old = new Map(before.map((r) => [key(r), r]));
  const next = new Map(after.map((r) => [key(r), r]));
  const removed = [...old].filter(([k]) => !next.has(k)).map(([, r]) => r);
  const added = [...next].filter(([k]) => !old.has(k)).map(([, r]) => r);
  return { removed: removed.sort(compareRecords), added: added.sort(compareRecords) };
}
