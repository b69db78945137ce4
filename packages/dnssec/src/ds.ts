import { createHash } from 'node:crypto';
import { CDNSKEY, CDS, DS, fqdn, nameToWire, toHex } from '@kaja/dns-model';
import { concat } from './bytes';
import { keyTag, readDnskey } from './keys';

/** DS digest types we publish (RFC 4509 SHA-256, RFC 6605 SHA-384); SHA-1 is not offered. */
export const DigestType = { SHA256: 2, SHA384: 4 } as const;
export type DigestTypeNumber = (typeof DigestType)[keyof typeof DigestType];

const hashes: Record<number, string> = { 2: 'sha256', 4: 'sha384' };

/** A DS record for a zone's key, in the forms registrars ask for. */
export interface DsRecord {
  keyTag: number;
  algorithm: number;
  digestType: number;
  /** Lowercase hex. */
  digest: string;
  /** The rdata in presentation: `<tag> <alg> <type> <digest>`. */
  content: string;
  /** The whole record: `<zone>. IN DS <tag> <alg> <type> <digest>`. */
  presentation: string;
  rdata: Uint8Array;
  /** The rdata on the wire, in hex. */
  wire: string;
}

/** DS rdata (RFC 4034 5.1.4): key tag, algorithm, digest type, digest of owner name | DNSKEY rdata. */
export function dsRdata(zone: string, dnskey: Uint8Array, digestType: number): Uint8Array {
  const hash = hashes[digestType];
  if (!hash) throw new RangeError(`Unsupported DS digest type ${digestType}: use 2 (SHA-256) or 4 (SHA-384)`);
  const digest = createHash(hash).update(nameToWire(zone.toLowerCase())).update(dnskey).digest();
  const tag = keyTag(dnskey);
  return concat([Uint8Array.of(tag >> 8, tag & 0xff, readDnskey(dnskey).algorithm, digestType), digest]);
}

export function dsRecord(zone: string, dnskey: Uint8Array, digestType: number = DigestType.SHA256): DsRecord {
  const rdata = dsRdata(zone, dnskey, digestType);
  const content = DS.fromWire(rdata);
  return {
    keyTag: (rdata[0]! << 8) | rdata[1]!,
    algorithm: rdata[2]!,
    digestType,
    digest: toHex(rdata.subarray(4)),
    content,
    presentation: `${fqdn(zone)} IN DS ${content}`,
    rdata,
    wire: toHex(rdata),
  };
}

/**
 * RFC 8078 section 4: the CDS and CDNSKEY a zone publishes to ask its parent to remove the DS
 * (the first step of turning DNSSEC off, before the keys may go).
 */
export const CDS_DELETE = CDS.toWire('0 0 0 00');
export const CDNSKEY_DELETE = CDNSKEY.toWire('0 3 0 AA==');
