import { FormatError } from '../errors';
import type { WireWriter } from './buffer';
import { nameToWire, readName, writeWireName } from './name';

/**
 * The layout of rdata that holds domain names, for the types whose names may arrive compressed
 * (RFC 3597 section 4). A number is a run of fixed octets, 'n' a name, 's' a character-string.
 */
type Part = number | 'n' | 's';

const layouts = new Map<number, Part[]>([
  [2, ['n']], // NS
  [3, ['n']], // MD
  [4, ['n']], // MF
  [5, ['n']], // CNAME
  [6, ['n', 'n', 20]], // SOA
  [7, ['n']], // MB
  [8, ['n']], // MG
  [9, ['n']], // MR
  [12, ['n']], // PTR
  [14, ['n', 'n']], // MINFO
  [15, [2, 'n']], // MX
  [17, ['n', 'n']], // RP
  [18, [2, 'n']], // AFSDB
  [21, [2, 'n']], // RT
  [26, [2, 'n', 'n']], // PX
  [33, [6, 'n']], // SRV
  [35, [4, 's', 's', 's', 'n']], // NAPTR
  [36, [2, 'n']], // KX
  [39, ['n']], // DNAME
]);

/** Types whose rdata names we compress when writing (only RFC 1035 types, per RFC 3597). */
const compressible = new Set([2, 5, 6, 12, 15]);

/**
 * Reads rdata of `type` at [start, end) of a message and returns it uncompressed, so stored and
 * compared rdata never depends on where a name happened to sit in the message.
 */
export function readRdata(bytes: Uint8Array, type: number, start: number, end: number): Uint8Array {
  const layout = layouts.get(type);
  // Empty rdata is how UPDATE (RFC 2136) deletes a set or a name, whatever the type.
  if (!layout || start === end) return bytes.slice(start, end);
  const parts: Uint8Array[] = [];
  let pos = start;
  for (const part of layout) {
    if (part === 'n') {
      const { name, next } = readName(bytes, pos, bytes.length);
      if (next > end) throw new FormatError('name runs past the end of its rdata');
      parts.push(nameToWire(name));
      pos = next;
    } else {
      const n = part === 's' ? (pos < end ? bytes[pos]! + 1 : 1) : part;
      if (pos + n > end) throw new FormatError('rdata is shorter than its type requires');
      parts.push(bytes.subarray(pos, pos + n));
      pos += n;
    }
  }
  if (pos !== end) throw new FormatError('rdata is longer than its type allows');
  let size = 0;
  for (const p of parts) size += p.length;
  const out = new Uint8Array(size);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/** Writes uncompressed rdata, compressing its names when the type allows it. */
export function writeRdata(w: WireWriter, type: number, rdata: Uint8Array): void {
  const layout = compressible.has(type) ? layouts.get(type) : undefined;
  if (!layout || rdata.length === 0) {
    w.put(rdata);
    return;
  }
  let pos = 0;
  for (const part of layout) {
    if (part === 'n') {
      pos = writeWireName(w, rdata, pos);
    } else {
      const n = part === 's' ? rdata[pos]! + 1 : part;
      w.put(rdata.subarray(pos, pos + n));
      pos += n;
    }
  }
  if (pos !== rdata.length) throw new FormatError('rdata is longer than its type allows');
}

/** A compression pointer in an encoded message: where it is, and whether it ends an owner name. */
export interface CompressionPointer {
  at: number;
  owner: boolean;
}

/**
 * Every compression pointer of a message as `encodeMessage` writes it: in questions and owner
 * names, and in the rdata names of the types `writeRdata` compresses. For code that gives an
 * encoded message another question, moving what the pointers point at.
 */
export function compressionPointers(bytes: Uint8Array): CompressionPointer[] {
  if (bytes.length < 12) throw new FormatError('message shorter than its header');
  const count = (at: number) => (bytes[at]! << 8) | bytes[at + 1]!;
  const pointers: CompressionPointer[] = [];
  let pos = 12;
  const name = (owner: boolean) => {
    for (;;) {
      if (pos >= bytes.length) throw new FormatError('name runs past the end of the message');
      const len = bytes[pos]!;
      if (len === 0) return void pos++;
      if ((len & 0xc0) === 0xc0) {
        pointers.push({ at: pos, owner });
        return void (pos += 2);
      }
      pos += len + 1;
    }
  };
  for (let q = count(4); q > 0; q--) {
    name(true);
    pos += 4;
  }
  for (let r = count(6) + count(8) + count(10); r > 0; r--) {
    name(true);
    if (pos + 10 > bytes.length) throw new FormatError('record runs past the end of the message');
    const type = count(pos);
    const end = pos + 10 + count(pos + 8);
    pos += 10;
    const layout = compressible.has(type) && end > pos ? layouts.get(type) : undefined;
    for (const part of layout ?? []) {
      if (part === 'n') name(false);
      else pos += part === 's' ? bytes[pos]! + 1 : part;
    }
    pos = end;
  }
  return pointers;
}
