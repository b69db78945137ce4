import { FormatError } from '../errors';
import { WireReader, WireWriter } from './buffer';

import { readName, writeName } from './name';
import { readRdata, writeRdata } from './rdataNames';
import { RRType } from '../types/typeCodes';

export interface Question {
  name: string;
  type: number;
  class: number;
}

/** A resource record as carried in a message; rdata is always held uncompressed. */
export interface ResourceRecord {
  name: string;
  type: number;
  class: number;
  ttl: number;
  rdata: Uint8Array;
}

export interface EdnsOption {
  code: number;
  data: Uint8Array;
}

/** The EDNS(0) OPT pseudo-record (RFC 6891), lifted out of the additional section. */
export interface Edns {
  udpSize: number;
  version: number;
  /** DNSSEC OK (RFC 3225). */
  do: boolean;
  /** The other 15 flag bits, kept so a relay passes them through. */
  flags: number;
  options: EdnsOption[];
}

export interface Message {
  id: number;
  qr: boolean;
  opcode: number;
  aa: boolean;
  tc: boolean;
  rd: boolean;
  ra: boolean;
  /** The reserved header bit; must be zero but is kept as sent. */
  z: boolean;
  ad: boolean;
  cd: boolean;
  /** The full 12-bit rcode: header bits plus the OPT record's extended bits. */
  rcode: number;
  questions: Question[];
  answers: ResourceRecord[];
  authorities: ResourceRecord[];
  /** Additional records without the OPT record (that is `edns`). */
  additionals: ResourceRecord[];
  edns?: Edns;
  /** Where the TSIG record (the last additional) starts in the decoded bytes, for verification. */
  tsigOffset?: number;
}

export function emptyMessage(fields: Partial<Message> = {}): Message {
  return {
    id: 0,
    qr: false,
    opcode: 0,
    aa: false,
    tc: false,
    rd: false,
    ra: false,
    z: false,
    ad: false,
    cd: false,
    rcode: 0,
    questions: [],
    answers: [],
    authorities: [],
    additionals: [],
    ...fields,
  };
}

/**
 * Decodes a whole message, strictly: lengths must match, names must be well formed, at most one
 * OPT (owner root), TSIG only last, no trailing octets. Throws only FormatError.
 */
export function decodeMessage(bytes: Uint8Array): Message {
  try {
    return decode(bytes);
  } catch (error) {
    if (error instanceof FormatError) throw error;
    throw new FormatError(`malformed message: ${(error as Error).message}`);
  }
}

function decode(bytes: Uint8Array): Message {
  const r = new WireReader(bytes);
  if (bytes.length < 12) throw new FormatError('message is shorter than a DNS header');
  const id = r.u16();
  const flags = r.u16();
  const counts = [r.u16(), r.u16(), r.u16(), r.u16()] as const;
  const message = emptyMessage({
    id,
    qr: (flags & 0x8000) !== 0,
    opcode: (flags >> 11) & 0xf,
    aa: (flags & 0x0400) !== 0,
    tc: (flags & 0x0200) !== 0,
    rd: (flags & 0x0100) !== 0,
    ra: (flags & 0x0080) !== 0,
    z: (flags & 0x0040) !== 0,
    ad: (flags & 0x0020) !== 0,
    cd: (flags & 0x0010) !== 0,
    rcode: flags & 0xf,
  });
  for (let i = 0; i < counts[0]; i++) {
    const { name, next } = readName(bytes, r.offset);
    r.offset = next;
    message.questions.push({ name, type: r.u16(), class: r.u16() });
  }
  readSection(r, counts[1], message.answers);
  readSection(r, counts[2], message.authorities);
  for (let i = 0; i < counts[3]; i++) {
    const start = r.offset;
    const rr = readRecord(r);
    if (message.tsigOffset !== undefined) throw new FormatError('TSIG must be the last record');
    if (rr.type === RRType.OPT) {
      if (message.edns) throw new FormatError('more than one OPT record');
      if (rr.name !== '') throw new FormatError('OPT record owner must be the root');
      message.edns = readEdns(rr);
      message.rcode |= (rr.ttl >>> 24) << 4;
      continue;
    }
    if (rr.type === RRType.TSIG) message.tsigOffset = start;
    message.additionals.push(rr);
  }
  if (r.offset !== bytes.length) throw new FormatError('trailing octets after the message');
  return message;
}

function readSection(r: WireReader, count: number, into: ResourceRecord[]): void {
  for (let i = 0; i < count; i++) {
    const rr = readRecord(r);
    if (rr.type === RRType.OPT) throw new FormatError('OPT record outside the additional section');
    if (rr.type === RRType.TSIG) throw new FormatError('TSIG record outside the additional section');
    into.push(rr);
  }
}

function readRecord(r: WireReader): ResourceRecord {
  const { name, next } = readName(r.bytes, r.offset);
  r.offset = next;
  const type = r.u16();
  const cls = r.u16();
  const ttl = r.u32();
  const length = r.u16();
  r.need(length);
  const rdata = readRdata(r.bytes, type, r.offset, r.offset + length);
  r.offset += length;
  return { name, type, class: cls, ttl, rdata };
}

function readEdns(rr: ResourceRecord): Edns {
  const options: EdnsOption[] = [];
  const r = new WireReader(rr.rdata);
  while (r.remaining > 0) {
    const code = r.u16();
    const length = r.u16();
    options.push({ code, data: r.take(length).slice() });
  }
  return {
    udpSize: rr.class,
    version: (rr.ttl >>> 16) & 0xff,
    do: (rr.ttl & 0x8000) !== 0,
    flags: rr.ttl & 0x7fff,
    options,
  };
}

export interface EncodeOptions {
  /** Largest message to produce (UDP payload size); whole RRsets that do not fit are left out. */
  maxSize?: number;
  /** Compress names (default true). */
  compress?: boolean;
}

/**
 * What each message is written into before `result()` copies it out: one buffer per thread, where
 * a new one per message cost more than the rest of encoding a small answer (zeroed memory outside
 * the heap, and the collections it brought on). Messages longer grow into a buffer of their own.
 */
const scratch = new Uint8Array(4096);

/**
 * Encodes a message. When answer or authority RRsets do not fit in `maxSize`, the sets that do
 * not fit and everything after them are left out and TC is set; additional RRsets that do not fit
 * are left out silently (RFC 2181 section 9). The OPT record always fits: room is kept for it.
 */
export function encodeMessage(message: Message, options: EncodeOptions = {}): Uint8Array {
  return encodeMessageView(message, options).slice();
}

/**
 * `encodeMessage` without the copy: a view of the thread's scratch buffer, good until the next
 * message is encoded. For a caller that copies it into memory of its own choosing at once (a
 * server's pooled buffers: a new `ArrayBuffer` per answer costs more than encoding a small one).
 */
export function encodeMessageView(message: Message, options: EncodeOptions = {}): Uint8Array {
  const maxSize = options.maxSize ?? 65535;
  const compress = options.compress ?? true;
  const w = new WireWriter(scratch);
  const edns = message.edns;
  if (message.rcode > 15 && !edns) throw new RangeError('an extended rcode needs an OPT record');
  const optSize = edns ? 11 + edns.options.reduce((n, o) => n + 4 + o.data.length, 0) : 0;
  const limit = maxSize - optSize;

  w.u16(message.id);
  w.u16(0); // flags, written once truncation is known
  w.u16(message.questions.length);
  w.u16(0);
  w.u16(0);
  w.u16(0);
  for (const q of message.questions) {
    writeName(w, q.name, compress);
    w.u16(q.type);
    w.u16(q.class);
  }
  let truncated = false;
  const counts = [0, 0, 0];
  const sections = [message.answers, message.authorities, message.additionals] as const;
  for (let s = 0; s < 3 && !truncated; s++) {
    const records = sections[s]!;
    let i = 0;
    while (i < records.length) {
      let j = i + 1;
      while (j < records.length && sameRrset(records[i]!, records[j]!)) j++;
      // An additional RRset goes with its RRSIGs or not at all: a signature alone is of no use.
      if (s === 2) while (j < records.length && signs(records[j]!, records[i]!)) j++;
      const mark = w.mark();
      for (let k = i; k < j; k++) writeRecord(w, records[k]!, compress);
      if (w.offset > limit) {
        w.rollback(mark);
        if (s < 2) {
          truncated = true;
          break;
        }
      } else counts[s]! += j - i;
      i = j;
    }
  }
  if (edns) {
    w.u8(0);
    w.u16(RRType.OPT);
    w.u16(edns.udpSize);
    w.u32((((message.rcode >> 4) & 0xff) << 24) | ((edns.version & 0xff) << 16) | (edns.do ? 0x8000 : 0) | (edns.flags & 0x7fff));
    w.u16(optSize - 11);
    for (const o of edns.options) {
      w.u16(o.code);
      w.u16(o.data.length);
      w.put(o.data);
    }
  }
  const flags =
    (message.qr ? 0x8000 : 0) |
    ((message.opcode & 0xf) << 11) |
    (message.aa ? 0x0400 : 0) |
    (message.tc || truncated ? 0x0200 : 0) |
    (message.rd ? 0x0100 : 0) |
    (message.ra ? 0x0080 : 0) |
    (message.z ? 0x0040 : 0) |
    (message.ad ? 0x0020 : 0) |
    (message.cd ? 0x0010 : 0) |
    (message.rcode & 0xf);
  w.setU16(2, flags);
  w.setU16(6, counts[0]!);
  w.setU16(8, counts[1]!);
  w.setU16(10, counts[2]! + (edns ? 1 : 0));
  return w.written();
}

/** True when `rrsig` is an RRSIG over `rrset`'s owner and type. */
function signs(rrsig: ResourceRecord, rrset: ResourceRecord): boolean {
  return (
    rrsig.type === RRType.RRSIG &&
    rrset.type !== RRType.RRSIG &&
    rrsig.rdata.length >= 2 &&
    ((rrsig.rdata[0]! << 8) | rrsig.rdata[1]!) === rrset.type &&
    rrsig.name.toLowerCase() === rrset.name.toLowerCase()
  );
}

function sameRrset(a: ResourceRecord, b: ResourceRecord): boolean {
  return a.type === b.type && a.class === b.class && a.name.toLowerCase() === b.name.toLowerCase();
}

function writeRecord(w: WireWriter, rr: ResourceRecord, compress: boolean): void {
  writeName(w, rr.name, compress);
  w.u16(rr.type);
  w.u16(rr.class);
  w.u32(rr.ttl);
  const lengthAt = w.offset;
  w.u16(0);
  if (compress) writeRdata(w, rr.type, rr.rdata);
  else w.put(rr.rdata);
  const length = w.offset - lengthAt - 2;
  if (length > 0xffff) throw new RangeError('rdata longer than 65535 octets');
  w.setU16(lengthAt, length);
}
