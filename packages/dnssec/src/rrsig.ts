import { nameLabels, labelsToName, nameToWire, readName } from '@kaja/dns-model';
import { algorithmSuite } from './algorithms';
import { concat } from './bytes';
import { canonicalOwner, canonicalRdataSet, CLASS_IN, signatureLabels, type Rrset } from './canonical';
import { keyTag, readDnskey, type Cryptokey } from './keys';

export const RRSIG_TYPE = 46;

/** The RRSIG rdata fields (RFC 4034 3.1). Times are seconds since the epoch (serial arithmetic). */
export interface RrsigFields {
  typeCovered: number;
  algorithm: number;
  labels: number;
  originalTtl: number;
  expiration: number;
  inception: number;
  keyTag: number;
  signer: string;
  signature: Uint8Array;
}

export interface SignatureTimes {
  inception: number;
  expiration: number;
}

/** Signs an RRset with a key of zone `signer`; returns the RRSIG rdata. */
export function signRrset(rrset: Rrset, key: Cryptokey, signer: string, times: SignatureTimes): Uint8Array {
  const head = rrsigHead({
    typeCovered: rrset.type,
    algorithm: key.algorithm,
    labels: signatureLabels(rrset.name),
    originalTtl: rrset.ttl,
    expiration: times.expiration,
    inception: times.inception,
    keyTag: key.keyTag,
    signer,
  });
  const data = signedData(head, canonicalOwner(rrset.name), rrset.type, rrset.ttl, rrset.rdata);
  return concat([head, algorithmSuite(key.algorithm).sign(data, key.privateKey)]);
}

/**
 * Checks an RRSIG over an RRset with a DNSKEY (RFC 4035 5.3): the signature, the fields that tie
 * it to the set and the key, and (when `now` is given) the validity period.
 */
export function verifyRrsig(rrset: Rrset, rrsig: Uint8Array, dnskey: Uint8Array, now?: number): boolean {
  let fields: RrsigFields;
  let key: ReturnType<typeof readDnskey>;
  try {
    fields = readRrsig(rrsig);
    key = readDnskey(dnskey);
  } catch {
    return false;
  }
  if (fields.typeCovered !== rrset.type || fields.algorithm !== key.algorithm || key.protocol !== 3) return false;
  if (fields.keyTag !== keyTag(dnskey) || (key.flags & 0x100) === 0) return false;
  const ownerLabels = nameLabels(rrset.name.toLowerCase());
  const wildcard = ownerLabels[0] === '*' ? 1 : 0;
  if (fields.labels > ownerLabels.length - wildcard) return false;
  if (now !== undefined && (serialLess(now, fields.inception) || serialLess(fields.expiration, now))) return false;
  // An owner with more labels than the signature covers was expanded from a wildcard (RFC 4035 5.3.2).
  const owner = fields.labels < ownerLabels.length - wildcard ? labelsToName(['*', ...ownerLabels.slice(ownerLabels.length - fields.labels)]) : rrset.name;
  const head = rrsig.subarray(0, rrsig.length - fields.signature.length);
  const data = signedData(head, canonicalOwner(owner), rrset.type, fields.originalTtl, rrset.rdata);
  try {
    const suite = algorithmSuite(key.algorithm);
    return suite.verify(data, suite.publicKeyFromField(key.publicKey), fields.signature);
  } catch {
    return false;
  }
}

export function readRrsig(rdata: Uint8Array): RrsigFields {
  if (rdata.length < 19) throw new RangeError('RRSIG rdata is too short');
  const view = new DataView(rdata.buffer, rdata.byteOffset, rdata.byteLength);
  const { name, next } = readName(rdata, 18, rdata.length);
  return {
    typeCovered: view.getUint16(0),
    algorithm: rdata[2]!,
    labels: rdata[3]!,
    originalTtl: view.getUint32(4),
    expiration: view.getUint32(8),
    inception: view.getUint32(12),
    keyTag: view.getUint16(16),
    signer: name.toLowerCase(),
    signature: rdata.subarray(next),
  };
}

/** The signer's name in wire form: a zone is signed RRset after RRset with the same one. */
let signerWire = { name: '', wire: nameToWire('') };

/** The signer's name in the wire form RRSIG rdata holds (RFC 4034 3.1.7: uncompressed, lowercase). */
export function rrsigSigner(signer: string): Uint8Array {
  if (signerWire.name !== signer) signerWire = { name: signer, wire: nameToWire(signer.toLowerCase()) };
  return signerWire.wire;
}

function rrsigHead(f: Omit<RrsigFields, 'signature'>): Uint8Array {
  const signer = rrsigSigner(f.signer);
  const out = new Uint8Array(18 + signer.length);
  writeRrsigFields(out, f.typeCovered, f.labels, f.originalTtl, f);
  writeRrsigKey(out, f.algorithm, f.keyTag);
  out.set(signer, 18);
  return out;
}

/** The RRSIG fields that come from the RRset covered and the signing times (RFC 4034 3.1), at the start of `out`. */
export function writeRrsigFields(out: Uint8Array, typeCovered: number, labels: number, originalTtl: number, times: SignatureTimes): void {
  const view = new DataView(out.buffer, out.byteOffset, 16);
  view.setUint16(0, typeCovered);
  out[3] = labels;
  view.setUint32(4, originalTtl >>> 0);
  view.setUint32(8, times.expiration >>> 0);
  view.setUint32(12, times.inception >>> 0);
}

/** The RRSIG fields that come from the key: the algorithm and the key tag. */
export function writeRrsigKey(out: Uint8Array, algorithm: number, keyTag: number): void {
  out[2] = algorithm;
  out[16] = keyTag >> 8;
  out[17] = keyTag & 0xff;
}

/** RFC 4034 3.1.8.1: RRSIG rdata without the signature, then each RR in canonical form and order. */
function signedData(head: Uint8Array, owner: Uint8Array, type: number, ttl: number, rdata: readonly Uint8Array[]): Uint8Array {
  const set = canonicalRdataSet(type, rdata);
  const out = new Uint8Array(head.length + canonicalRrsLength(owner, set));
  out.set(head, 0);
  writeCanonicalRrs(out, head.length, owner, type, ttl, set);
  return out;
}

/** The octets of an RRset's RRs in canonical form, the part of the signed data after the RRSIG fields. */
export function canonicalRrsLength(owner: Uint8Array, set: readonly Uint8Array[]): number {
  let size = 0;
  for (const r of set) size += owner.length + 10 + r.length;
  return size;
}

/** Writes the RRs of a set already in canonical order (`canonicalRdataSet`) at `offset`; returns the offset after them. */
export function writeCanonicalRrs(out: Uint8Array, offset: number, owner: Uint8Array, type: number, ttl: number, set: readonly Uint8Array[]): number {
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  let p = offset;
  for (const r of set) {
    out.set(owner, p);
    p += owner.length;
    view.setUint16(p, type);
    view.setUint16(p + 2, CLASS_IN);
    view.setUint32(p + 4, ttl >>> 0);
    view.setUint16(p + 8, r.length);
    p += 10;
    out.set(r, p);
    p += r.length;
  }
  return p;
}

/** RFC 1982 comparison of 32-bit times. */
function serialLess(a: number, b: number): boolean {
  return a !== b && (b - a) >>> 0 < 0x80000000;
}
