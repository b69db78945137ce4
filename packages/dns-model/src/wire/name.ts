import { FormatError } from '../errors';
import { labelsToName, lowerLabel, MAX_NAME_OCTETS, nameLabels } from '../name';
import type { WireWriter } from './buffer';

/**
 * Writes a name, compressed against earlier names of the message when `compress` is set
 * (RFC 1035 4.1.4). Suffix keys are length-prefixed so a label holding a dot cannot collide.
 */
export function writeName(w: WireWriter, name: string, compress = true): void {
  const labels = nameLabels(name);
  if (compress) {
    const keys = suffixKeys(labels);
    for (let i = 0; i < labels.length; i++) {
      const at = w.compression.get(keys[i]!);
      if (at !== undefined) {
        w.u16(0xc000 | at);
        return;
      }
      w.remember(keys[i]!, w.offset);
      writeLabel(w, labels[i]!);
    }
  } else {
    for (const label of labels) writeLabel(w, label);
  }
  w.u8(0);
}

function suffixKeys(labels: string[]): string[] {
  const keys = new Array<string>(labels.length);
  let key = '';
  for (let i = labels.length - 1; i >= 0; i--) {
    const label = labels[i]!;
    key = String.fromCharCode(label.length) + lowerLabel(label) + key;
    keys[i] = key;
  }
  return keys;
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
