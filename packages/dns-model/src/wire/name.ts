import { FormatError } from '../errors';
import { labelsToName, lowerLabel, MAX_NAME_OCTETS, nameLabels } from '../name';
import type { WireWriter } from './buffer';

/**
 * Writes a name, compressed against earlier names of the message when `compress` is set
 * (RFC 1035 4.1.4). Each suffix is keyed by its lowercased text: a name without escapes is written
 * from its text as it stands, with no labels split off (split at its dots, such text names one
 * suffix only, and no escaped text equals it); a name with escapes is split into labels first, its
 * suffixes keyed by their canonical text, so a label holding a dot cannot collide.
 */
export function writeName(w: WireWriter, name: string, compress = true): void {
  const pointed = name.indexOf('\\') === -1 ? writePlainName(w, name, compress) : writeEscapedName(w, name, compress);
  if (!pointed) w.u8(0);
}

/** Lowercased octets of the name `writeWireName` is writing, and where each of its labels starts. */
const wireCodes: number[] = [];
const wireLabelStarts: number[] = [];

/**
 * Writes the uncompressed name at `start` of `bytes` (rdata as a zone keeps it) as `writeName`
 * would write its text, compressed, and returns the offset after it. The name is not made text
 * label by label: its lowercased octets become one string whose suffixes are the compression
 * keys, as for a name without escapes (a label holding a dot or a backslash goes the long way).
 */
export function writeWireName(w: WireWriter, bytes: Uint8Array, start: number): number {
  let pos = start;
  let length = 0;
  let labels = 0;
  for (;;) {
    if (pos >= bytes.length) throw new FormatError('name runs past the end of the message');
    const len = bytes[pos]!;
    if (len === 0) break;
    if (len > 63 || pos + 1 + len > bytes.length) return writeTextName(w, bytes, start);
    if (length !== 0) wireCodes[length++] = 0x2e;
    wireLabelStarts[labels++] = length;
    for (let i = pos + 1; i <= pos + len; i++) {
      let c = bytes[i]!;
      if (c === 0x2e || c === 0x5c) return writeTextName(w, bytes, start);
      if (c >= 0x41 && c <= 0x5a) c += 0x20;
      wireCodes[length++] = c;
    }
    pos += len + 1;
  }
  const end = pos + 1;
  wireCodes.length = length;
  const lower = String.fromCharCode.apply(null, wireCodes);
  pos = start;
  for (let label = 0; label < labels; label++) {
    const key = label === 0 ? lower : lower.slice(wireLabelStarts[label]);
    const at = w.compression.get(key);
    if (at !== undefined) {
      w.u16(0xc000 | at);
      return end;
    }
    w.remember(key, w.offset);
    const len = bytes[pos]!;
    w.put(bytes.subarray(pos, pos + 1 + len));
    pos += len + 1;
  }
  w.u8(0);
  return end;
}

/** `writeWireName` through the name's text, for names whose labels hold a dot or a backslash (or are not sound). */
function writeTextName(w: WireWriter, bytes: Uint8Array, start: number): number {
  const { name, next } = readName(bytes, start, bytes.length);
  writeName(w, name, true);
  return next;
}

/** Writes the labels of a name without escapes; true when it ended in a compression pointer. */
function writePlainName(w: WireWriter, name: string, compress: boolean): boolean {
  if (name === '') return false;
  const lower = compress ? asciiLower(name) : name;
  let start = 0;
  for (;;) {
    if (compress) {
      const key = start === 0 ? lower : lower.slice(start);
      const at = w.compression.get(key);
      if (at !== undefined) {
        w.u16(0xc000 | at);
        return true;
      }
      w.remember(key, w.offset);
    }
    let end = name.indexOf('.', start);
    if (end === -1) end = name.length;
    w.u8(end - start);
    for (let i = start; i < end; i++) w.u8(name.charCodeAt(i));
    if (end === name.length) return false;
    start = end + 1;
  }
}

/** Writes the labels of a name with escapes; true when it ended in a compression pointer. */
function writeEscapedName(w: WireWriter, name: string, compress: boolean): boolean {
  const labels = nameLabels(name);
  const lowered = compress ? labels.map(lowerLabel) : labels;
  for (let i = 0; i < labels.length; i++) {
    if (compress) {
      const key = labelsToName(lowered.slice(i));
      const at = w.compression.get(key);
      if (at !== undefined) {
        w.u16(0xc000 | at);
        return true;
      }
      w.remember(key, w.offset);
    }
    writeLabel(w, labels[i]!);
  }
  return false;
}

/** The text with A to Z lowered and nothing else (DNS names compare case-blind in ASCII only). */
function asciiLower(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x41 && c <= 0x5a) return lowerLabel(text);
  }
  return text;
}

function writeLabel(w: WireWriter, label: string): void {
  w.u8(label.length);
  for (let i = 0; i < label.length; i++) w.u8(label.charCodeAt(i));
}

/** The uncompressed wire form of a name. */
export function nameToWire(name: string): Uint8Array {
  const labels = nameLabels(name);
  let size = 1;
  for (const l of labels) size += l.length + 1;
  const out = new Uint8Array(size);
  let p = 0;
  for (const l of labels) {
    out[p++] = l.length;
    for (let i = 0; i < l.length; i++) out[p++] = l.charCodeAt(i);
  }
  out[p] = 0;
  return out;
}

/**
 * Reads a possibly compressed name at `start`. Letter case is kept as sent. Every compression
 * pointer must point before the previous one (or before the name's start), so loops end.
 * Returns the name and the offset just after it.
 */
export function readName(bytes: Uint8Array, start: number, end = bytes.length): { name: string; next: number } {
  const labels: string[] = [];
  let pos = start;
  let next = -1;
  let limit = start;
  let octets = 1;
  for (;;) {
    if (pos >= end) throw new FormatError('name runs past the end of the message');
    const len = bytes[pos]!;
    if (len === 0) {
      if (next < 0) next = pos + 1;
      break;
    }
    const kind = len & 0xc0;
    if (kind === 0xc0) {
      if (pos + 1 >= end) throw new FormatError('compression pointer runs past the end of the message');
      const target = ((len & 0x3f) << 8) | bytes[pos + 1]!;
      if (next < 0) next = pos + 2;
      if (target >= limit) throw new FormatError('compression pointer does not point backwards');
      limit = target;
      pos = target;
      continue;
    }
    if (kind !== 0) throw new FormatError('unknown label type');
    if (pos + 1 + len > end) throw new FormatError('label runs past the end of the message');
    octets += len + 1;
    if (octets > MAX_NAME_OCTETS) throw new FormatError('name is longer than 255 octets');
    let label = '';
    for (let i = pos + 1; i <= pos + len; i++) label += String.fromCharCode(bytes[i]!);
    labels.push(label);
    pos += len + 1;
  }
  return { name: labelsToName(labels), next };
}
