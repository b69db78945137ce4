import { labelsToName, nameLabels, nameToWire, recordType } from '@kaja/dns-model';

/** The records of one name and type: one TTL, uncompressed wire rdata (the DNS server's shape). */
export interface Rrset {
  name: string;
  type: number;
  ttl: number;
  rdata: readonly Uint8Array[];
  /**
   * Whether the records, packed one after another (each a 2-octet length, then its octets), are
   * `packed`: for an RRset that keeps them so (the DNS server's zone), which compares them in
   * place, where `rdata` would make a view of each record first.
   */
  packedEquals?(packed: Uint8Array): boolean;
}

export const CLASS_IN = 1;

/**
 * Types whose rdata names are lowercased in the canonical form (RFC 4034 6.2 as corrected by
 * RFC 6840 5.1), limited to the ones with a codec in the record model (NS, CNAME, SOA, PTR, MX,
 * SRV, NAPTR, RRSIG). Names the model parsed are lowercase already; only rdata that came off the
 * wire with capitals is rewritten, through the model's own codec.
 */
const nameCaseTypes = new Set([2, 5, 6, 12, 15, 33, 35, 46]);

export function canonicalRdata(type: number, rdata: Uint8Array): Uint8Array {
  if (!nameCaseTypes.has(type)) return rdata;
  let upper = false;
  for (let i = 0; i < rdata.length; i++) {
    const b = rdata[i]!;
    if (b >= 0x41 && b <= 0x5a) {
      upper = true;
      break;
    }
  }
  if (!upper) return rdata;
  const codec = recordType(type);
  return codec.toWire(codec.fromWire(rdata));
}

/** The RRs of a set in canonical order (RFC 4034 6.3): rdata as left-justified octet strings, no duplicates. */
export function canonicalRdataSet(type: number, rdata: readonly Uint8Array[]): Uint8Array[] {
  const sorted = rdata.map((r) => canonicalRdata(type, r)).sort(compareOctets);
  const out: Uint8Array[] = [];
  for (const r of sorted) if (out.length === 0 || compareOctets(out[out.length - 1]!, r) !== 0) out.push(r);
  return out;
}

export function compareOctets(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = a[i]! - b[i]!;
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

/** The owner name's uncompressed, lowercase wire form. */
export function canonicalOwner(name: string): Uint8Array {
  return nameToWire(name.toLowerCase());
}

/** The RRSIG labels field: the owner's labels, not counting the root or a leading wildcard. */
export function signatureLabels(name: string): number {
  if (name === '') return 0;
  if (name.indexOf('\\') !== -1) {
    const labels = nameLabels(name);
    return labels[0] === '*' ? labels.length - 1 : labels.length;
  }
  // A plain name (no escapes) counts its dots: signing asks this of every RRset of a zone.
  let labels = 1;
  for (let at = name.indexOf('.'); at !== -1; at = name.indexOf('.', at + 1)) labels++;
  return name === '*' || name.startsWith('*.') ? labels - 1 : labels;
}

/**
 * A sort key that orders names exactly as RFC 4034 6.1 does, for sorting many names at once:
 * labels right to left, each followed by the separator U+0000, which sorts before any octet, so a
 * name comes before its subdomains. Octets 0 and 1 are written as two characters (1 1 and 1 2) to
 * keep the separator the smallest. Names are lowercase (the platform's canonical form); only
 * names with escapes can hold octets below 0x21, so the others take a fast path.
 */
export function canonicalSortKey(name: string): string {
  if (name === '') return '';
  if (name.indexOf('\\') === -1) return name.split('.').reverse().join('\u0000') + '\u0000';
  const labels = nameLabels(name);
  let key = '';
  for (let i = labels.length - 1; i >= 0; i--) {
    const label = labels[i]!;
    for (let k = 0; k < label.length; k++) {
      const c = label.charCodeAt(k);
      key += c === 0 ? '\u0001\u0001' : c === 1 ? '\u0001\u0002' : label[k];
    }
    key += '\u0000';
  }
  return key;
}

/**
 * `canonicalSortKey` of `*.<name>` from `name`'s key: the wildcard's label is the last one read, so
 * its key is the name's with `*` and the separator after it (no name made, no labels split).
 */
export function wildcardSortKey(key: string): string {
  return `${key}*\u0000`;
}

/** The name without its leftmost label ("" above a single label). */
export function parentOf(name: string): string {
  if (name.indexOf('\\') !== -1) return labelsToName(nameLabels(name).slice(1));
  const dot = name.indexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1);
}
