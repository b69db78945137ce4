import { setImmediate as nextTurn } from 'node:timers/promises';
import { fromBase32Hex, RRType } from '@kaja/dns-model';
import { Nsec3Denial, nsec3Hash, RFC9276_PARAMETERS, type Rrset } from '@kaja/dnssec';
import type { ZoneSigner } from './zoneSigner';

const DIGEST = 20;

/** The longest the event loop is held at a time while a chain is made, in milliseconds. */
const SLICE_MS = 2;

/**
 * A zone's NSEC3 chain as the addon reads it (native/cached_answers.c), so that it can add to an
 * NSEC3 denial made here the one record that depends on the name asked: the NSEC3 covering the
 * hash of the next closer name (RFC 5155 7.2.1), hashed as RFC 9276 says (no salt, no more
 * iterations). An answer-cache entry keyed by the apex and type NSEC3: after the question, the
 * number of records (32 bits); each record's owner hash (20 octets) in ascending order; each
 * record's offset from the first (32 bits); then each record: the length (16 bits) and octets of
 * the NSEC3 after its owner name (type, class, TTL, length, data), the number of its signatures
 * (8 bits), and each signature's length and octets after its owner name. Numbers big-endian.
 */
export interface Nsec3Chain {
  readonly wire: Uint8Array;
  readonly count: number;
  /** Where the owner hashes start in `wire`. */
  readonly digestsAt: number;
}

/**
 * The chain of `signer`'s zone, its records as the signer serves them, made in slices of the event
 * loop (about 10 µs a record: 150 ms for the bench zone's 14,000, timed once), and the milliseconds it held the loop; no chain
 * when the zone is not signed here with NSEC3 as RFC 9276 says, when a record's signature is not
 * made yet (made ahead in the signing threads, never here), or when `current` turns false between
 * slices (the zone or its signatures changed meanwhile).
 */
export async function nsec3Chain(apex: Uint8Array, signer: ZoneSigner, current: () => boolean): Promise<{ chain?: Nsec3Chain; busyMs: number }> {
  const denial = signer.denial;
  if (!(denial instanceof Nsec3Denial) || denial.parameters !== RFC9276_PARAMETERS) return { busyMs: 0 };
  const records: { digest: Uint8Array; tail: Uint8Array; signatures: Uint8Array[] }[] = [];
  let busyMs = 0;
  let sliceStart = performance.now();
  for (const rrset of denial.chain()) {
    if (performance.now() - sliceStart >= SLICE_MS) {
      busyMs += performance.now() - sliceStart;
      await nextTurn();
      if (!current()) return { busyMs };
      sliceStart = performance.now();
    }
    const rrsig = signer.signatures.held(rrset);
    if (!rrsig) return { busyMs: busyMs + performance.now() - sliceStart };
    // The owner is the hash's label, then the zone's name (not the root: `apex` is longer).
    const digest = fromBase32Hex(rrset.name.slice(0, rrset.name.indexOf('.')), 'an NSEC3 owner');
    if (digest.length !== DIGEST || rrset.rdata.length !== 1) return { busyMs: busyMs + performance.now() - sliceStart };
    records.push({ digest, tail: recordTail(rrset, rrset.rdata[0]!), signatures: rrsig.rdata.map((rdata) => recordTail(rrsig, rdata)) });
  }
  let size = 12 + apex.length + 4 + 4 + records.length * (DIGEST + 4);
  for (const record of records) size += 2 + record.tail.length + 1 + record.signatures.reduce((sum, tail) => sum + 2 + tail.length, 0);
  const wire = new Uint8Array(size);
  const view = new DataView(wire.buffer);
  wire.set(apex, 12);
  let at = 12 + apex.length;
  view.setUint16(at, RRType.NSEC3);
  view.setUint16(at + 2, 1);
  at += 4;
  view.setUint32(at, records.length);
  const digestsAt = at + 4;
  const offsetsAt = digestsAt + records.length * DIGEST;
  const first = offsetsAt + 4 * records.length;
  at = first;
  records.forEach((record, i) => {
    wire.set(record.digest, digestsAt + i * DIGEST);
    view.setUint32(offsetsAt + 4 * i, at - first);
    view.setUint16(at, record.tail.length);
    wire.set(record.tail, at + 2);
    at += 2 + record.tail.length;
    wire[at++] = record.signatures.length;
    for (const tail of record.signatures) {
      view.setUint16(at, tail.length);
      wire.set(tail, at + 2);
      at += 2 + tail.length;
    }
  });
  return { chain: { wire, count: records.length, digestsAt }, busyMs: busyMs + performance.now() - sliceStart };
}

/** The position of the record whose owner hash is the greatest at or below `name`'s hash: the one that covers or matches it. */
export function chainPosition(chain: Nsec3Chain, name: string): number {
  return digestPosition(chain, fromBase32Hex(nsec3Hash(name), 'an NSEC3 hash'));
}

/** The position of the greatest owner hash at or below `digest`, wrapping around to the last. */
export function digestPosition(chain: Nsec3Chain, digest: Uint8Array): number {
  let low = 0;
  let high = chain.count;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareDigest(chain.wire, chain.digestsAt + middle * DIGEST, digest) <= 0) low = middle + 1;
    else high = middle;
  }
  return low === 0 ? chain.count - 1 : low - 1;
}

function compareDigest(wire: Uint8Array, at: number, digest: Uint8Array): number {
  for (let i = 0; i < DIGEST; i++) if (wire[at + i] !== digest[i]) return wire[at + i]! - digest[i]!;
  return 0;
}

/** A record's octets after its owner name: type, class IN, TTL, data length and data. */
function recordTail(rrset: Rrset, rdata: Uint8Array): Uint8Array {
  const tail = new Uint8Array(10 + rdata.length);
  const view = new DataView(tail.buffer);
  view.setUint16(0, rrset.type);
  view.setUint16(2, 1);
  view.setUint32(4, rrset.ttl);
  view.setUint16(8, rdata.length);
  tail.set(rdata, 10);
  return tail;
}
