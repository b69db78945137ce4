import { compareNames, fqdn, isSubdomain } from '../name';
import type { ZoneRecord } from '../record';
import { typeCode } from '../types/typeCodes';

export interface WriteZoneFileOptions {
  /** The zone's name; written as $ORIGIN, and owner names are written relative to it. */
  origin: string;
  /** Written as $TTL when given. */
  ttl?: number;
  /** Lines at the top, each written as a `;` comment. */
  comments?: string[];
}

/** Canonical record order: by name (RFC 4034), SOA first at its name, then by type code and content. */
export function compareRecords(a: ZoneRecord, b: ZoneRecord): number {
  return (
    compareNames(a.name, b.name) ||
    (a.type === 'SOA' ? -1 : 0) - (b.type === 'SOA' ? -1 : 0) ||
    typeCode(a.type) - typeCode(b.type) ||
    (a.content < b.content ? -1 : a.content > b.content ? 1 : 0)
  );
}

/** Writes a clean master file: sorted canonically, relative owners, aligned columns. */
export function writeZoneFile(records: readonly ZoneRecord[], options: WriteZoneFileOptions): string {
  const origin = options.origin;
  const sorted = [...records].sort(compareRecords);
  const owners = sorted.map((r) => relativeName(r.name, origin));
  // A reduce, not Math.max(...list): a signed zone has more records than a call can take arguments.
  const widest = (widths: number[]) => widths.reduce((a, b) => (b > a ? b : a), 1);
  const ownerWidth = Math.min(40, widest(owners.map((o) => o.length)));
  const ttlWidth = widest(sorted.map((r) => String(r.ttl).length));
  const typeWidth = widest(sorted.map((r) => r.type.length));

  const lines: string[] = [];
  for (const comment of options.comments ?? []) lines.push(`; ${comment}`);
  lines.push(`$ORIGIN ${fqdn(origin)}`);
  if (options.ttl !== undefined) lines.push(`$TTL ${options.ttl}`);
  let previous: string | undefined;
  sorted.forEach((record, i) => {
    const owner = owners[i]!;
    if (previous !== undefined && previous !== owner) lines.push('');
    previous = owner;
    lines.push(`${owner.padEnd(ownerWidth)} ${String(record.ttl).padStart(ttlWidth)} IN ${record.type.padEnd(typeWidth)} ${record.content}`);
  });
  return lines.join('\n') + '\n';
}

function relativeName(name: string, origin: string): string {
  if (name === origin) return '@';
  if (origin !== '' && isSubdomain(name, origin)) return name.slice(0, name.length - origin.length - 1);
  return fqdn(name);
}
