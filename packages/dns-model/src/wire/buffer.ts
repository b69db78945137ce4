import { FormatError } from '../errors';

/**
 * Bounds-checked reading of a DNS message; every overrun is a FormatError. Numbers are read from
 * the octets, not through a DataView: a reader is made per record read (every rdata a signed zone
 * file writes), and a DataView made for each cost more than the reading.
 */
export class WireReader {
  offset: number;

  constructor(
    readonly bytes: Uint8Array,
    offset = 0,
    /** Where reading must stop (end of an rdata, or of the message). */
    public end = bytes.length,
  ) {
    this.offset = offset;
  }

  need(n: number): void {
    if (this.offset + n > this.end) throw new FormatError(`message ends ${this.offset + n - this.end} octets early`);
  }

  u8(): number {
    this.need(1);
    return this.bytes[this.offset++]!;
  }

  u16(): number {
    this.need(2);
    const b = this.bytes;
    const at = this.offset;
    this.offset += 2;
    return (b[at]! << 8) | b[at + 1]!;
  }

  u32(): number {
    this.need(4);
    const b = this.bytes;
    const at = this.offset;
    this.offset += 4;
    return ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
  }

  take(n: number): Uint8Array {
    this.need(n);
    const out = this.bytes.subarray(this.offset, this.offset + n);
    this.offset += n;
    return out;
  }

  get remaining(): number {
    return this.end - this.offset;
  }
}

/**
 * A growing output buffer with the name-compression table of one message. `mark()` and
 * `rollback()` let the encoder drop a whole RRset that did not fit, compression entries included.
 */
export class WireWriter {
  bytes: Uint8Array;
  view: DataView;
  offset = 0;
  /** Lowercased name suffix -> offset of its first occurrence (only offsets a pointer can reach). */
  readonly compression = new Map<string, number>();
  private readonly added: string[] = [];

  /**
   * Writes into a new buffer of `initial` octets, or into `initial` itself: a scratch buffer the
   * caller reuses for message after message, as `result()` returns a copy.
   */
  constructor(initial: number | Uint8Array = 512) {
    this.bytes = typeof initial === 'number' ? new Uint8Array(initial) : initial;
    this.view = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
  }

  private grow(n: number): void {
    if (this.offset + n <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.offset + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.bytes.subarray(0, this.offset));
    this.bytes = next;
    this.view = new DataView(next.buffer);
  }

  u8(v: number): void {
    this.grow(1);
    this.bytes[this.offset++] = v;
  }

  u16(v: number): void {
    this.grow(2);
    this.view.setUint16(this.offset, v);
    this.offset += 2;
  }

  u32(v: number): void {
    this.grow(4);
    this.view.setUint32(this.offset, v >>> 0);
    this.offset += 4;
  }

  put(data: Uint8Array): void {
    this.grow(data.length);
    this.bytes.set(data, this.offset);
    this.offset += data.length;
  }

  setU16(at: number, v: number): void {
    this.view.setUint16(at, v);
  }

  remember(suffix: string, at: number): void {
    if (at > 0x3fff || this.compression.has(suffix)) return;
    this.compression.set(suffix, at);
    this.added.push(suffix);
  }

  mark(): { offset: number; added: number } {
    return { offset: this.offset, added: this.added.length };
  }

  rollback(mark: { offset: number; added: number }): void {
    this.offset = mark.offset;
    while (this.added.length > mark.added) this.compression.delete(this.added.pop()!);
  }

  result(): Uint8Array {
    return this.bytes.slice(0, this.offset);
  }

  /** What was written, not copied: a view good until the buffer is written again. */
  written(): Uint8Array {
    return this.bytes.subarray(0, this.offset);
  }
}
