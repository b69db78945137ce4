import { nameLabels, nameToWire, recordType } from '@kaja/dns-model';

/** The records of one name and type: one TTL, uncompressed wire rdata (the DNS server's shape). */
export interface Rrset {
  name: string;
  type: number;
  ttl: number;
  rdata: readonly Uint8Array[];
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
  const labels = nameLabels(name);
  return labels[0] === '*' ? labels.length - 1 : labels.length;
}

/**
 * A sort key that orders names exactly as RFC 4034 6.1 does, for sorting many names at once:
 * labels right to left, each octet shifted up by one so the separator (0) sorts before any
 * octet, and a name before its subdomains. Names are lowercase (the platform's canonical form).
 */
export function canonicalSortKey(name: string): string {
  const labels = nameLabels(name);
  let key = '';
  for (let i = labels.length - 1; i >= 0; i--) {
    const label = labels[i]!;
    for (let k = 0; k < label.length; k++) key += String.fromCharCode(label.charCodeAt(k) + 1);
    key += '\u0000';
  }
  return key;
}
