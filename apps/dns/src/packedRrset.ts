import type { Rrset } from './zone';

/**
 * An RRset as a zone keeps it: its records' rdata packed one after another (a 2-octet length, then
 * the octets) in a buffer the zone shares between many RRsets, located by offset and length. One
 * small object per RRset, however many records: a `Uint8Array` per record costs about 100 to 200
 * bytes, which is more than most records' rdata. `rdata` makes views of the buffer when read (the
 * answer path reads it only for answers it has not cached) and packs anew when set.
 */
export class PackedRrset implements Rrset {
  /** An own enumerable accessor (see `rdataProperty`), so `{ ...rrset, name }` copies the records. */
  declare rdata: Uint8Array[];
  private buffer!: Uint8Array;
  private start!: number;
  private end!: number;

  /** From the records, packed into a buffer of their own, or from records packed already. */
  constructor(
    readonly name: string,
    readonly type: number,
    public ttl: number,
    rdata: readonly Uint8Array[] | { buffer: Uint8Array; start: number; end: number },
  ) {
    if (Array.isArray(rdata)) this.repack(rdata);
    else {
      const packed = rdata as { buffer: Uint8Array; start: number; end: number };
      this.buffer = packed.buffer;
      this.start = packed.start;
      this.end = packed.end;
    }
    Object.defineProperty(this, 'rdata', rdataProperty);
  }

  unpack(): Uint8Array[] {
    const list: Uint8Array[] = [];
    const { buffer } = this;
    for (let at = this.start; at < this.end;) {
      const length = (buffer[at]! << 8) | buffer[at + 1]!;
      list.push(buffer.subarray(at + 2, at + 2 + length));
      at += 2 + length;
    }
    return list;
  }

  packedEquals(packed: Uint8Array): boolean {
    const { buffer, start } = this;
    const length = this.end - start;
    if (packed.length !== length) return false;
    for (let i = 0; i < length; i++) if (buffer[start + i] !== packed[i]) return false;
    return true;
  }

  packedSize(): number {
    return this.end - this.start;
  }

  copyTo(bytes: Uint8Array, at: number): number {
    bytes.set(this.buffer.subarray(this.start, this.end), at);
    return at + this.end - this.start;
  }

  /** Packs the records into a buffer of their own (a journal change), leaving the shared one. */
  repack(rdata: readonly Uint8Array[]): void {
    this.buffer = new Uint8Array(packedLength(rdata));
    this.start = 0;
    this.end = this.buffer.length;
    pack(rdata, this.buffer, 0);
  }
}

/**
 * `rdata` of every `PackedRrset`: views of its buffer when read, packed anew when set. Own and
 * enumerable rather than on the prototype, as RRsets are copied by spreading; one descriptor for
 * all, so instances share their shape.
 */
const rdataProperty: PropertyDescriptor = {
  enumerable: true,
  get(this: PackedRrset) {
    return this.unpack();
  },
  set(this: PackedRrset, rdata: readonly Uint8Array[]) {
    this.repack(rdata);
  },
};

/** The octets `rdata` takes packed. */
function packedLength(rdata: readonly Uint8Array[]): number {
  let length = 0;
  for (const r of rdata) length += 2 + r.length;
  return length;
}

function pack(rdata: readonly Uint8Array[], buffer: Uint8Array, offset: number): void {
  let at = offset;
  for (const r of rdata) {
    buffer[at] = r.length >> 8;
    buffer[at + 1] = r.length & 0xff;
    buffer.set(r, at + 2);
    at += 2 + r.length;
  }
}
