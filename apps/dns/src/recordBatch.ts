import { DnsClass, type ResourceRecord } from '@kaja/dns-model';

/**
 * Octets a batch holds at most: some 18,000 records of a typical zone, so handing a batch to
 * another thread is rare beside reading its records, and the few in flight stay small.
 */
export const BATCH_OCTETS = 1 << 19;

/** A name's length (2), whether it is spelt in single octets (1), then type (2), TTL (4) and rdata length (2). */
const HEAD = 3;
const TAIL = 8;

/**
 * Records packed into one buffer to hand to another thread (transferred, not copied again). Each is its
 * name's length in UTF-16 code units, 0 or 1 for a name in single octets or in UTF-16, the name,
 * then its type, TTL and rdata's length, big-endian, and the rdata.
 */
export class RecordBatchWriter {
  private readonly buffer = new ArrayBuffer(BATCH_OCTETS);
  private readonly bytes = new Uint8Array(this.buffer);
  private readonly view = new DataView(this.buffer);
  private used = 0;

  get empty(): boolean {
    return this.used === 0;
  }

  /** Adds the record; false when this batch has no room for it (`take` the batch, then add it to the next). */
  add(name: string, type: number, ttl: number, rdata: Uint8Array): boolean {
    let octets = true;
    for (let i = 0; i < name.length; i++) if (name.charCodeAt(i) > 0xff) octets = false;
    const nameOctets = octets ? name.length : name.length * 2;
    const size = HEAD + nameOctets + TAIL + rdata.length;
    // A name is at most 255 octets, written out with escapes at most four characters each; rdata at most 65,535.
    if (size > BATCH_OCTETS || name.length > 0xffff) throw new RangeError(`a record of ${name} too large to pass on`);
    if (this.used + size > BATCH_OCTETS) return false;
    const { bytes, view } = this;
    let at = this.used;
    view.setUint16(at, name.length);
    bytes[at + 2] = octets ? 0 : 1;
    at += HEAD;
    if (octets) for (let i = 0; i < name.length; i++) bytes[at++] = name.charCodeAt(i);
    else
      for (let i = 0; i < name.length; i++) {
        const c = name.charCodeAt(i);
        bytes[at++] = c & 0xff;
        bytes[at++] = c >>> 8;
      }
    view.setUint16(at, type);
    view.setUint32(at + 2, ttl);
    view.setUint16(at + 6, rdata.length);
    bytes.set(rdata, at + TAIL);
    this.used = at + TAIL + rdata.length;
    return true;
  }

  /** A copy of the batch as written, to transfer; the writer starts the next one. */
  take(): ArrayBuffer {
    const batch = this.buffer.slice(0, this.used);
    this.used = 0;
    return batch;
  }
}

/** The records of a batch `RecordBatchWriter` packed, in order, class IN; each rdata a view of the batch. */
export function* batchRecords(batch: ArrayBuffer): Generator<ResourceRecord> {
  const octets = Buffer.from(batch);
  const view = new DataView(batch);
  for (let at = 0; at < batch.byteLength;) {
    const length = view.getUint16(at);
    const single = octets[at + 2] === 0;
    at += HEAD;
    const end = at + (single ? length : length * 2);
    const name = octets.toString(single ? 'latin1' : 'utf16le', at, end);
    const rdataLength = view.getUint16(end + 6);
    yield {
      name,
      type: view.getUint16(end),
      class: DnsClass.IN,
      ttl: view.getUint32(end + 2),
      rdata: new Uint8Array(batch, end + TAIL, rdataLength),
    };
    at = end + TAIL + rdataLength;
  }
}
