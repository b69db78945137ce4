import { algorithmSuite } from './algorithms';
import { canonicalOwner, canonicalRdataSet, signatureLabels } from './canonical';
import type { Cryptokey } from './keys';
import { canonicalRrsLength, rrsigSigner, writeCanonicalRrs, writeRrsigFields, writeRrsigKey, type SignatureTimes } from './rrsig';
import type { SigningJob } from './signZone';

/*
 * Signing jobs on their way to a signing thread, and their signatures on the way back, each
 * packed into one buffer that is transferred, not copied: cloning an object per RRset and a
 * buffer per signature took about a fifth of the time the signing step lasted (decision 041).
 *
 * A packed job: the type covered (2 octets), the RRSIG labels (1), the original TTL (4), the
 * number of keys (1) and their positions in the zone's key list (1 each), then the length (4)
 * and octets of the RRset's RRs in canonical form and order (RFC 4034 3.1.8.1), the part of the
 * signed data that every key's signature shares.
 */

/** Packed jobs, ready to be transferred to a signing thread. */
export interface JobBatch {
  bytes: Uint8Array<ArrayBuffer>;
  count: number;
}

/** The RRSIG rdata of a batch's jobs, job after job and each job's keys in its order: `ends[i]` is where the i-th ends. */
export interface SignedBatch {
  bytes: Uint8Array<ArrayBuffer>;
  ends: Uint32Array<ArrayBuffer>;
}

/** Packs jobs until taken; each batch gets a buffer of its own. */
export class JobPacker {
  private bytes = new Uint8Array(1 << 16);
  private view = new DataView(this.bytes.buffer);
  private length = 0;
  count = 0;

  add(job: SigningJob): void {
    const { rrset, keys } = job;
    if (keys.some((k) => k > 255)) throw new RangeError('A zone signs with at most 256 keys');
    const owner = canonicalOwner(rrset.name);
    const set = canonicalRdataSet(rrset.type, rrset.rdata);
    const rrs = canonicalRrsLength(owner, set);
    this.reserve(12 + keys.length + rrs);
    let p = this.length;
    this.view.setUint16(p, rrset.type);
    this.bytes[p + 2] = signatureLabels(rrset.name);
    this.view.setUint32(p + 3, rrset.ttl >>> 0);
    this.bytes[p + 7] = keys.length;
    p += 8;
    for (const k of keys) this.bytes[p++] = k;
    this.view.setUint32(p, rrs);
    this.length = writeCanonicalRrs(this.bytes, p + 4, owner, rrset.type, rrset.ttl, set);
    this.count++;
  }

  take(): JobBatch {
    const batch = { bytes: this.bytes.slice(0, this.length), count: this.count };
    this.length = 0;
    this.count = 0;
    return batch;
  }

  private reserve(size: number): void {
    if (this.length + size <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + size));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
    this.view = new DataView(grown.buffer);
  }
}

/**
 * Signs a batch of packed jobs with the zone's keys (the positions in the jobs refer to them).
 * Each job's RRs are copied once into a buffer that is reused, after room for the RRSIG fields,
 * which are rewritten for every key.
 */
export function signBatch(batch: JobBatch, keys: readonly Cryptokey[], signer: string, times: SignatureTimes): SignedBatch {
  const signerWire = rrsigSigner(signer);
  const head = 18 + signerWire.length;
  const input = batch.bytes;
  const inputView = new DataView(input.buffer, input.byteOffset, input.byteLength);
  let data = new Uint8Array(4096);
  data.set(signerWire, 18);
  let out = new Uint8Array(Math.max(1024, input.length));
  let outLength = 0;
  const ends: number[] = [];
  let p = 0;
  for (let job = 0; job < batch.count; job++) {
    const type = inputView.getUint16(p);
    const labels = input[p + 2]!;
    const ttl = inputView.getUint32(p + 3);
    const keyCount = input[p + 7]!;
    const positions = input.subarray(p + 8, p + 8 + keyCount);
    p += 8 + keyCount;
    const rrs = inputView.getUint32(p);
    p += 4;
    if (head + rrs > data.length) {
      const grown = new Uint8Array(2 * (head + rrs));
      grown.set(data.subarray(0, head));
      data = grown;
    }
    data.set(input.subarray(p, p + rrs), head);
    p += rrs;
    writeRrsigFields(data, type, labels, ttl, times);
    for (const position of positions) {
      const key = keys[position]!;
      writeRrsigKey(data, key.algorithm, key.keyTag);
      const signature = algorithmSuite(key.algorithm).sign(data.subarray(0, head + rrs), key.privateKey);
      if (outLength + head + signature.length > out.length) {
        const grown = new Uint8Array(2 * (outLength + head + signature.length));
        grown.set(out.subarray(0, outLength));
        out = grown;
      }
      out.set(data.subarray(0, head), outLength);
      out.set(signature, outLength + head);
      outLength += head + signature.length;
      ends.push(outLength);
    }
  }
  return { bytes: out.slice(0, outLength), ends: Uint32Array.from(ends) };
}

/** Each job's RRSIG rdata from its batch's signatures, appended to `into` in job order. */
export function unpackSignatures(jobs: readonly SigningJob[], batch: SignedBatch, into: Uint8Array[][]): void {
  let start = 0;
  let end = 0;
  for (const job of jobs) {
    const signatures: Uint8Array[] = [];
    for (let k = 0; k < job.keys.length; k++) {
      signatures.push(batch.bytes.subarray(start, batch.ends[end]));
      start = batch.ends[end++]!;
    }
    into.push(signatures);
  }
  if (end !== batch.ends.length) throw new RangeError(`A signing thread returned ${batch.ends.length} signatures for ${end}`);
}
