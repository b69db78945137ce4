import { createHmac, timingSafeEqual } from 'node:crypto';
import { FormatError } from '../errors';
import { WireReader, WireWriter } from './buffer';
import { DnsClass, Rcode } from './constants';
import { nameToWire, readName } from './name';
import { RRType } from '../types/typeCodes';

/*
 * TSIG (RFC 8945): HMAC signatures over DNS messages. The only Node-only module of the package
 * (browsers offer HMAC only asynchronously), so it is exported as `@kaja/dns-model/tsig` and
 * never from the package's main entry, which the dashboard loads.
 */

/**
 * The algorithms of RFC 8945 section 6 by their names on the wire, with the hash of each. HMAC-MD5
 * is there for old peers an operator configures by hand; the API never makes such keys.
 */
export const TSIG_ALGORITHMS = {
  'hmac-md5.sig-alg.reg.int': 'md5',
  'hmac-sha1': 'sha1',
  'hmac-sha224': 'sha224',
  'hmac-sha256': 'sha256',
  'hmac-sha384': 'sha384',
  'hmac-sha512': 'sha512',
} as const;
export type TsigAlgorithm = keyof typeof TSIG_ALGORITHMS;

export function isTsigAlgorithm(name: string): name is TsigAlgorithm {
  return Object.hasOwn(TSIG_ALGORITHMS, name);
}

/**
 * The algorithm a configuration names, as BIND's key files and `dig -y` spell it: `hmac-md5` is
 * HMAC-MD5's short name. Undefined for anything else.
 */
export function tsigAlgorithmNamed(text: string): TsigAlgorithm | undefined {
  const name = text.toLowerCase().replace(/\.$/, '');
  if (name === 'hmac-md5') return 'hmac-md5.sig-alg.reg.int';
  return isTsigAlgorithm(name) ? name : undefined;
}

/** A shared secret. `name` is a canonical domain name (lowercase, no trailing dot). */
export interface TsigKey {
  name: string;
  algorithm: TsigAlgorithm;
  secret: Uint8Array;
}

/**
 * Allowed clock difference in seconds, the value RFC 8945 recommends: what we sign with, and the
 * most we accept whatever larger fudge a signer writes (a signature stays replayable that long).
 */
export const TSIG_FUDGE = 300;

/** At most this many unsigned messages between two signed ones of a stream (RFC 8945 5.3.1). */
export const MAX_UNSIGNED_IN_STREAM = 99;

/** The TSIG record of a message, as read. */
export interface TsigRecord {
  keyName: string;
  algorithm: string;
  timeSigned: number;
  fudge: number;
  mac: Uint8Array;
  originalId: number;
  error: number;
  otherData: Uint8Array;
}

export type TsigVerification =
  | { status: 'unsigned' }
  | { status: 'valid'; key: TsigKey; record: TsigRecord }
  | {
      status: 'invalid';
      /** BADKEY, BADSIG, BADTIME or BADTRUNC (RFC 8945 5.2), FORMERR for a malformed TSIG. */
      error: number;
      /** The record as sent, when it could be read; an error answer names its key and algorithm. */
      record?: TsigRecord;
      /** Set when the MAC was valid (BADTIME, BADTRUNC): the error answer is signed with it. */
      key?: TsigKey;
    };

export interface SignOptions {
  /** Seconds since the epoch; default now. */
  time?: number;
  fudge?: number;
  /** For a response: the MAC of the request it answers. */
  requestMac?: Uint8Array;
  /** TSIG error of an error answer (BADTIME, BADTRUNC). */
  error?: number;
  otherData?: Uint8Array;
  /** Octets of the MAC to send (RFC 8945 5.2.2.1); default all of it. An answer uses its request's. */
  macSize?: number;
}

export interface VerifyOptions {
  /** Seconds since the epoch; default now. */
  now?: number;
  /** For a response: the MAC of the request we sent. */
  requestMac?: Uint8Array;
}

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** Signs a message that has no TSIG record yet; returns the signed message and its MAC. */
export function signMessage(wire: Uint8Array, key: TsigKey, options: SignOptions = {}): { wire: Uint8Array; mac: Uint8Array } {
  const time = options.time ?? nowSeconds();
  const fudge = options.fudge ?? TSIG_FUDGE;
  const error = options.error ?? 0;
  const otherData = options.otherData ?? new Uint8Array();
  const hmac = createHmac(TSIG_ALGORITHMS[key.algorithm], key.secret);
  if (options.requestMac) hmac.update(sizedMac(options.requestMac));
  hmac.update(wire);
  hmac.update(variables(key.name, key.algorithm, time, fudge, error, otherData));
  const mac = new Uint8Array(hmac.digest()).subarray(0, options.macSize);
  return {
    wire: appendTsig(wire, { keyName: key.name, algorithm: key.algorithm, timeSigned: time, fudge, mac, originalId: messageId(wire), error, otherData }),
    mac,
  };
}

/**
 * Checks the TSIG record of a message in the order of RFC 8945 5.2: key, MAC, time, truncation.
 * `lookup` finds a key by its canonical name. A message without TSIG is `unsigned`.
 */
export function verifyMessage(wire: Uint8Array, lookup: (name: string) => TsigKey | undefined, options: VerifyOptions = {}): TsigVerification {
  const found = findTsig(wire);
  if (!found) return { status: 'unsigned' };
  if (found === 'malformed') return { status: 'invalid', error: Rcode.FORMERR };
  const { record } = found;
  // An unsigned error answer to our request (RFC 8945 5.3.2): it carries the error, no MAC.
  if (options.requestMac && record.mac.length === 0 && record.error !== 0) return { status: 'invalid', error: record.error, record };
  const key = lookup(record.keyName.toLowerCase());
  if (!key || key.algorithm !== record.algorithm.toLowerCase()) return { status: 'invalid', error: Rcode.BADKEY, record };
  const hmac = createHmac(TSIG_ALGORITHMS[key.algorithm], key.secret);
  if (options.requestMac) hmac.update(sizedMac(options.requestMac));
  hmac.update(strippedMessage(wire, found.offset, record.originalId));
  hmac.update(variables(key.name, key.algorithm, record.timeSigned, record.fudge, record.error, record.otherData));
  return checkMac(hmac.digest(), key, record, options.now);
}

/**
 * Adds the TSIG record an answer to a verified request needs (RFC 8945 5.3 and 5.3.2): signed
 * with the request's MAC when it was valid, signed with the request's time and ours in Other
 * Data for BADTIME, signed for BADTRUNC, and unsigned (empty MAC) for BADKEY and BADSIG. An
 * unsigned request, or a malformed TSIG, gets no TSIG back. The answer's rcode is the caller's
 * (NOTAUTH for the TSIG errors).
 */
export function signResponse(wire: Uint8Array, request: TsigVerification, options: { now?: number } = {}): Uint8Array {
  const now = options.now ?? nowSeconds();
  if (request.status === 'unsigned') return wire;
  if (request.status === 'valid') return signMessage(wire, request.key, { time: now, requestMac: request.record.mac, macSize: request.record.mac.length }).wire;
  const { record, key, error } = request;
  if (!record || error === Rcode.FORMERR) return wire;
  // RFC 8945 5.2.2.1: the answer's MAC is as long as the request's.
  const macSize = record.mac.length;
  if (key && error === Rcode.BADTIME) {
    return signMessage(wire, key, { time: record.timeSigned, requestMac: record.mac, error, otherData: uint48(now), macSize }).wire;
  }
  if (key) return signMessage(wire, key, { time: now, requestMac: record.mac, error, macSize }).wire;
  return appendTsig(wire, { ...record, timeSigned: now, mac: new Uint8Array(), originalId: messageId(wire), error, otherData: new Uint8Array() });
}

/**
 * Signs the messages of one answer stream (AXFR, IXFR; RFC 8945 5.3.1): the first with the
 * request's MAC and all TSIG variables, each later one with the previous MAC and the timers.
 */
export function createStreamSigner(key: TsigKey, requestMac: Uint8Array): (wire: Uint8Array, time?: number) => Uint8Array {
  let previous: Uint8Array | undefined;
  // Every message's MAC is as long as the request's (RFC 8945 5.2.2.1).
  const macSize = requestMac.length;
  return (wire, time = nowSeconds()) => {
    if (!previous) {
      const signed = signMessage(wire, key, { time, requestMac, macSize });
      previous = signed.mac;
      return signed.wire;
    }
    const hmac = createHmac(TSIG_ALGORITHMS[key.algorithm], key.secret);
    hmac.update(sizedMac(previous));
    hmac.update(wire);
    hmac.update(timers(time, TSIG_FUDGE));
    previous = new Uint8Array(hmac.digest()).subarray(0, macSize);
    return appendTsig(wire, {
      keyName: key.name,
      algorithm: key.algorithm,
      timeSigned: time,
      fudge: TSIG_FUDGE,
      mac: previous,
      originalId: messageId(wire),
      error: 0,
      otherData: new Uint8Array(),
    });
  };
}

export interface StreamVerifier {
  /** `unsigned` for an intermediate message the next signed one will cover. */
  verify(wire: Uint8Array, now?: number): TsigVerification;
  /** Whether the stream may end here: its last message was signed and valid. */
  readonly complete: boolean;
}

/**
 * Verifies the messages of an answer stream to a request signed with `key`: the first must be
 * signed, up to 99 unsigned ones may follow a signed one, and each signed one covers the
 * unsigned ones before it (RFC 8945 5.3.1).
 */
export function createStreamVerifier(key: TsigKey, requestMac: Uint8Array): StreamVerifier {
  let previous: Uint8Array | undefined;
  let pending: Uint8Array[] = [];
  let complete = false;
  let failed = false;
  const lookup = (name: string) => (name === key.name ? key : undefined);
  return {
    get complete() {
      return complete && !failed;
    },
    verify(wire, now) {
      if (failed) return { status: 'invalid', error: Rcode.BADSIG };
      const result = verifyStreamMessage(wire, now);
      if (result.status === 'invalid') failed = true;
      complete = result.status === 'valid';
      return result;
    },
  };

  function verifyStreamMessage(wire: Uint8Array, now: number | undefined): TsigVerification {
    if (!previous) {
      const first = verifyMessage(wire, lookup, { requestMac, ...(now === undefined ? {} : { now }) });
      if (first.status === 'unsigned') return { status: 'invalid', error: Rcode.BADSIG };
      if (first.status === 'valid') previous = first.record.mac;
      return first;
    }
    const found = findTsig(wire);
    if (found === 'malformed') return { status: 'invalid', error: Rcode.FORMERR };
    if (!found) {
      if (pending.length >= MAX_UNSIGNED_IN_STREAM) return { status: 'invalid', error: Rcode.BADSIG };
      pending.push(wire);
      return { status: 'unsigned' };
    }
    const { record } = found;
    if (record.keyName.toLowerCase() !== key.name || record.algorithm.toLowerCase() !== key.algorithm)
      return { status: 'invalid', error: Rcode.BADKEY, record };
    const hmac = createHmac(TSIG_ALGORITHMS[key.algorithm], key.secret);
    hmac.update(sizedMac(previous));
    for (const message of pending) hmac.update(message);
    hmac.update(strippedMessage(wire, found.offset, record.originalId));
    hmac.update(timers(record.timeSigned, record.fudge));
    const result = checkMac(hmac.digest(), key, record, now);
    if (result.status === 'valid') {
      previous = record.mac;
      pending = [];
    }
    return result;
  }
}

function checkMac(digest: Buffer, key: TsigKey, record: TsigRecord, now = nowSeconds()): TsigVerification {
  const size = record.mac.length;
  // RFC 8945 5.2.2.1: a MAC longer than the digest, or shorter than half of it (10 octets at least), is malformed.
  if (size > digest.length || size < Math.max(10, digest.length / 2)) return { status: 'invalid', error: Rcode.FORMERR, record };
  if (!timingSafeEqual(digest.subarray(0, size), record.mac)) return { status: 'invalid', error: Rcode.BADSIG, record };
  // A signer's larger fudge would keep its message replayable longer: the window is ours at most.
  if (Math.abs(now - record.timeSigned) > Math.min(record.fudge, TSIG_FUDGE)) return { status: 'invalid', error: Rcode.BADTIME, record, key };
  // Truncation down to the RFC's floor (checked above) is accepted: that floor is our policy, so BADTRUNC never applies.
  return { status: 'valid', key, record };
}

/** The TSIG record of a message and where it starts; undefined without one. */
export function findTsig(wire: Uint8Array): { record: TsigRecord; offset: number } | undefined | 'malformed' {
  try {
    if (wire.length < 12) return 'malformed';
    const r = new WireReader(wire, 4);
    const counts = [r.u16(), r.u16(), r.u16(), r.u16()] as const;
    if (counts[3] === 0) return undefined;
    for (let i = 0; i < counts[0]; i++) {
      r.offset = readName(wire, r.offset).next;
      r.need(4);
      r.offset += 4;
    }
    const records = counts[1] + counts[2] + counts[3];
    let start = 0;
    let type = 0;
    for (let i = 0; i < records; i++) {
      start = r.offset;
      r.offset = readName(wire, r.offset).next;
      type = r.u16();
      r.need(6);
      r.offset += 6;
      const length = r.u16();
      r.offset += length;
      r.need(0);
      if (type === RRType.TSIG && i !== records - 1) return 'malformed';
    }
    if (r.offset !== wire.length) return 'malformed';
    if (type !== RRType.TSIG) return undefined;
    return { record: readTsigRecord(wire, start), offset: start };
  } catch (error) {
    if (error instanceof FormatError) return 'malformed';
    throw error;
  }
}

function readTsigRecord(wire: Uint8Array, start: number): TsigRecord {
  const owner = readName(wire, start);
  const r = new WireReader(wire, owner.next);
  r.u16();
  const cls = r.u16();
  const ttl = r.u32();
  if (cls !== DnsClass.ANY || ttl !== 0) throw new FormatError('TSIG must have class ANY and TTL 0');
  const length = r.u16();
  r.end = r.offset + length;
  const algorithm = readName(wire, r.offset, r.end);
  r.offset = algorithm.next;
  const timeSigned = r.u16() * 2 ** 32 + r.u32();
  const fudge = r.u16();
  const mac = new Uint8Array(r.take(r.u16()));
  const originalId = r.u16();
  const error = r.u16();
  const otherData = new Uint8Array(r.take(r.u16()));
  if (r.remaining !== 0) throw new FormatError('trailing octets in TSIG');
  return { keyName: owner.name, algorithm: algorithm.name, timeSigned, fudge, mac, originalId, error, otherData };
}

/** The message as it was before signing: no TSIG record, ARCOUNT one less, the original ID. */
function strippedMessage(wire: Uint8Array, tsigOffset: number, originalId: number): Uint8Array {
  // A copy, never a view: a Node Buffer's slice() shares memory and its ArrayBuffer is a pool.
  const out = new Uint8Array(wire.subarray(0, tsigOffset));
  const view = new DataView(out.buffer);
  view.setUint16(0, originalId);
  view.setUint16(10, view.getUint16(10) - 1);
  return out;
}

function appendTsig(wire: Uint8Array, record: TsigRecord): Uint8Array {
  const w = new WireWriter(wire.length + 128);
  w.put(wire);
  w.put(nameToWire(record.keyName.toLowerCase()));
  w.u16(RRType.TSIG);
  w.u16(DnsClass.ANY);
  w.u32(0);
  const lengthAt = w.offset;
  w.u16(0);
  w.put(nameToWire(record.algorithm.toLowerCase()));
  w.put(uint48(record.timeSigned));
  w.u16(record.fudge);
  w.u16(record.mac.length);
  w.put(record.mac);
  w.u16(record.originalId);
  w.u16(record.error);
  w.u16(record.otherData.length);
  w.put(record.otherData);
  w.setU16(lengthAt, w.offset - lengthAt - 2);
  w.setU16(10, w.view.getUint16(10) + 1);
  return w.result();
}

/** The TSIG variables of RFC 8945 4.3.3, names in canonical (lowercase, uncompressed) form. */
function variables(keyName: string, algorithm: string, time: number, fudge: number, error: number, otherData: Uint8Array): Uint8Array {
  const w = new WireWriter(128);
  w.put(nameToWire(keyName.toLowerCase()));
  w.u16(DnsClass.ANY);
  w.u32(0);
  w.put(nameToWire(algorithm.toLowerCase()));
  w.put(timers(time, fudge));
  w.u16(error);
  w.u16(otherData.length);
  w.put(otherData);
  return w.result();
}

function timers(time: number, fudge: number): Uint8Array {
  const out = new Uint8Array(8);
  out.set(uint48(time));
  new DataView(out.buffer).setUint16(6, fudge);
  return out;
}

function uint48(value: number): Uint8Array {
  const out = new Uint8Array(6);
  const view = new DataView(out.buffer);
  view.setUint16(0, Math.floor(value / 2 ** 32));
  view.setUint32(2, value % 2 ** 32);
  return out;
}

function sizedMac(mac: Uint8Array): Uint8Array {
  const out = new Uint8Array(2 + mac.length);
  new DataView(out.buffer).setUint16(0, mac.length);
  out.set(mac, 2);
  return out;
}

function messageId(wire: Uint8Array): number {
  return (wire[0]! << 8) | wire[1]!;
}
