import { labelsToName, nameLabels } from '@kaja/dns-model';
import { PackedRrset } from './packedRrset';
import type { ZoneNode, RrsetsView } from './nodeRrsets';
import type { Rrset } from './zone';

/**
 * An RRset as the image builder takes it: its records packed (each a 2-octet length and the
 * rdata), written straight into the image.
 */
export interface PackableRrset extends Rrset {
  packedSize(): number;
  /** Writes the packed records at `at`; the offset after them. */
  copyTo(bytes: Uint8Array, at: number): number;
}

/** A node as the image builder takes it. */
export interface PackableNode {
  readonly name: string;
  readonly children: number;
  readonly rrsets: { values(): Iterable<Rrset> };
}

export const headerWords = 4;
export const nodeWords = 4;
export const rrsetWords = 4;

/**
 * The names of a zone, their RRsets and records, in one buffer: no object per name, RRset or
 * record (decision 041). A lookup hashes the name into a table of slots and compares the octets of
 * the name there; it makes the objects it returns (`ZoneNode`, `PackedRrset` over the buffer),
 * which the answer path reads once. The image never changes: a zone's journal changes are kept
 * beside it (`ZoneNames`). Its buffer is a `SharedArrayBuffer`, which other threads read in place.
 *
 * Layout, in 32-bit words, then octets:
 * - header: slot count, node count, RRset count, octets offset;
 * - slots: a node's index plus one, or 0 (open addressing, linear probing, FNV-1a of the name);
 * - per node: where its name is among the octets, its name's length and RRset count (16 bits
 *   each), its first RRset, its number of child nodes;
 * - per RRset: type, TTL, and where its packed records start and end among the octets;
 * - octets: names (relative to the zone: `www` for `www.example.com`, empty for the apex, one
 *   octet per character) and packed records.
 */
export class ZoneImage {
  readonly size: number;
  private readonly words: Uint32Array;
  private readonly bytes: Uint8Array;
  private readonly slotMask: number;
  private readonly nodeBase: number;
  private readonly rrsetBase: number;

  constructor(
    readonly zoneName: string,
    readonly buffer: SharedArrayBuffer,
  ) {
    const header = new Uint32Array(buffer, 0, headerWords);
    const slots = header[0]!;
    this.size = header[1]!;
    this.words = new Uint32Array(buffer, 0, header[3]! / 4);
    this.bytes = new Uint8Array(buffer, header[3]);
    this.slotMask = slots - 1;
    this.nodeBase = headerWords + slots;
    this.rrsetBase = this.nodeBase + this.size * nodeWords;
  }

  /**
   * Builds the image of `nodes`. Their names are in the zone and spelt in single octets, as every
   * name the model reads is (ASCII, IDNs as A-labels, other octets escaped); a name that is not
   * is refused.
   */
  static build(zoneName: string, nodes: readonly PackableNode[]): ZoneImage {
    let rrsetCount = 0;
    let octets = 0;
    for (const node of nodes) {
      const length = relativeLength(zoneName, node.name);
      if (length < 0) throw new RangeError(`${node.name} is not inside the zone ${zoneName}`);
      for (let i = 0; i < length; i++) if (node.name.charCodeAt(i) > 0xff) throw new RangeError(`${node.name} is not spelt in octets`);
      octets += length;
      for (const rrset of node.rrsets.values()) {
        rrsetCount++;
        octets += (rrset as PackableRrset).packedSize();
      }
    }
    const slots = slotCount(nodes.length);
    const bytesStart = (headerWords + slots + nodes.length * nodeWords + rrsetCount * rrsetWords) * 4;
    // Shared memory from the start, so a zone handed to other threads is not copied: a copy's
    // original, freed, stays in the allocator's free lists (54 MB for 20,000 zones of 50 records).
    const buffer = new SharedArrayBuffer(bytesStart + octets);
    const words = new Uint32Array(buffer, 0, bytesStart / 4);
    const bytes = new Uint8Array(buffer, bytesStart);
    words.set([slots, nodes.length, rrsetCount, bytesStart]);
    const nodeBase = headerWords + slots;
    const rrsetBase = nodeBase + nodes.length * nodeWords;
    let at = 0;
    let rrsetIndex = 0;
    for (let index = 0; index < nodes.length; index++) {
      const node = nodes[index]!;
      const nameLength = relativeLength(zoneName, node.name);
      for (let i = 0; i < nameLength; i++) bytes[at + i] = node.name.charCodeAt(i);
      let slot = hashName(node.name, nameLength) & (slots - 1);
      while (words[headerWords + slot] !== 0) slot = (slot + 1) & (slots - 1);
      words[headerWords + slot] = index + 1;
      const w = nodeBase + index * nodeWords;
      const firstRrset = rrsetIndex;
      words[w] = at;
      at += nameLength;
      for (const rrset of node.rrsets.values()) {
        const r = rrsetBase + rrsetIndex++ * rrsetWords;
        words[r] = rrset.type;
        words[r + 1] = rrset.ttl;
        words[r + 2] = at;
        at = (rrset as PackableRrset).copyTo(bytes, at);
        words[r + 3] = at;
      }
      words[w + 1] = (nameLength << 16) | (rrsetIndex - firstRrset);
      words[w + 2] = firstRrset;
      words[w + 3] = node.children;
    }
    return new ZoneImage(zoneName, buffer);
  }

  /** The index of the node called `name`, or -1. */
  indexOf(name: string): number {
    const length = relativeLength(this.zoneName, name);
    if (length < 0) return -1;
    const { words, bytes, slotMask, nodeBase } = this;
    for (let slot = hashName(name, length) & slotMask; ; slot = (slot + 1) & slotMask) {
      const entry = words[headerWords + slot]!;
      if (entry === 0) return -1;
      const w = nodeBase + (entry - 1) * nodeWords;
      if (words[w + 1]! >>> 16 !== length) continue;
      const start = words[w]!;
      let i = 0;
      while (i < length && bytes[start + i] === name.charCodeAt(i)) i++;
      if (i === length) return entry - 1;
    }
  }

  get(name: string): ZoneNode | undefined {
    const index = this.indexOf(name);
    return index === -1 ? undefined : new ImageNode(this, index, name);
  }

  /** The node at `index` (0 to `size` - 1), its name given when the caller has it. */
  nodeAt(index: number, name = this.nameAt(index)): ZoneNode {
    return new ImageNode(this, index, name);
  }

  nameAt(index: number): string {
    const w = this.nodeBase + index * nodeWords;
    const start = this.words[w]!;
    const length = this.words[w + 1]! >>> 16;
    if (length === 0) return this.zoneName;
    const relative = String.fromCharCode.apply(null, this.bytes.subarray(start, start + length) as unknown as number[]);
    return this.zoneName === '' ? relative : `${relative}.${this.zoneName}`;
  }

  /**
   * The first labels, as text, of the names one label below `encloser` (a name of the zone): read
   * in the image's octets, with no string made for the other names. A name spelt with a backslash
   * (an escaped octet, a dot inside a label) is read whole and split by its labels.
   */
  childLabels(encloser: string): string[] {
    const tail = relativeLength(this.zoneName, encloser);
    if (tail < 0) return [];
    const { words, bytes, nodeBase } = this;
    const labels: string[] = [];
    for (let index = 0; index < this.size; index++) {
      const w = nodeBase + index * nodeWords;
      const start = words[w]!;
      const length = words[w + 1]! >>> 16;
      // The label's end: the name's, or the dot before the encloser's text.
      const end = tail === 0 ? length : length - tail - 1;
      if (end <= 0) continue;
      let dot = -1;
      let escaped = false;
      for (let i = start; i < start + length; i++) {
        const c = bytes[i]!;
        if (c === 0x5c) escaped = true;
        else if (c === 0x2e && dot < 0) dot = i - start;
      }
      if (escaped) {
        const name = this.nameAt(index);
        const label = childLabel(name, encloser);
        if (label !== undefined) labels.push(label);
        continue;
      }
      if (tail === 0 ? dot !== -1 : dot !== end) continue;
      let same = true;
      for (let i = 0; i < tail && same; i++) same = bytes[start + end + 1 + i] === encloser.charCodeAt(i);
      if (same) labels.push(String.fromCharCode.apply(null, bytes.subarray(start, start + end) as unknown as number[]));
    }
    return labels;
  }

  /** @internal Word `field` of node `index` (1: name length and RRset count, 2: first RRset, 3: children), read by `ImageNode`. */
  nodeWord(index: number, field: 1 | 2 | 3): number {
    return this.words[this.nodeBase + index * nodeWords + field]!;
  }

  /** @internal The type of RRset `index`. */
  typeAt(index: number): number {
    return this.words[this.rrsetBase + index * rrsetWords]!;
  }

  /** @internal RRset `index`, owned by `name`, as an `Rrset` over the image's octets. */
  rrsetAt(index: number, name: string): Rrset {
    const r = this.rrsetBase + index * rrsetWords;
    const { words } = this;
    return new PackedRrset(name, words[r]!, words[r + 1]!, { buffer: this.bytes, start: words[r + 2]!, end: words[r + 3]! });
  }
}

/** A node of an image: what a lookup returns. It reads the image when asked. */
class ImageNode implements ZoneNode, RrsetsView {
  readonly children: number;
  readonly size: number;
  private readonly first: number;

  constructor(
    private readonly image: ZoneImage,
    index: number,
    readonly name: string,
  ) {
    // Read field by field: an object for the three would be one more allocation per lookup.
    this.size = image.nodeWord(index, 1) & 0xffff;
    this.first = image.nodeWord(index, 2);
    this.children = image.nodeWord(index, 3);
  }

  get rrsets(): RrsetsView {
    return this;
  }

  get(type: number): Rrset | undefined {
    for (let i = this.first; i < this.first + this.size; i++) if (this.image.typeAt(i) === type) return this.image.rrsetAt(i, this.name);
    return undefined;
  }

  has(type: number): boolean {
    for (let i = this.first; i < this.first + this.size; i++) if (this.image.typeAt(i) === type) return true;
    return false;
  }

  *keys(): IterableIterator<number> {
    for (let i = this.first; i < this.first + this.size; i++) yield this.image.typeAt(i);
  }

  *values(): IterableIterator<Rrset> {
    for (let i = this.first; i < this.first + this.size; i++) yield this.image.rrsetAt(i, this.name);
  }
}

/** Length of `name` without its zone (and the dot before it), or -1 when it is not in the zone. */
export function relativeLength(zoneName: string, name: string): number {
  if (zoneName === '') return name.length;
  if (name.length === zoneName.length) return name === zoneName ? 0 : -1;
  const length = name.length - zoneName.length - 1;
  if (length <= 0 || name.charCodeAt(length) !== 0x2e || !name.endsWith(zoneName)) return -1;
  return length;
}

/** The first label of `name` (text) when `name` is one label below `encloser`, else undefined. */
export function childLabel(name: string, encloser: string): string | undefined {
  if (name === encloser) return undefined;
  if (name.includes('\\')) {
    const labels = nameLabels(name);
    return labels.length > 0 && labelsToName(labels.slice(1)) === encloser ? labelsToName(labels.slice(0, 1)) : undefined;
  }
  const end = encloser === '' ? name.length : name.length - encloser.length - 1;
  if (end <= 0 || name.indexOf('.') !== (encloser === '' ? -1 : end) || !name.endsWith(encloser)) return undefined;
  return name.slice(0, end);
}

/** FNV-1a over the first `length` characters. */
export function hashName(name: string, length: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** A power of two with at least a third of the slots empty, so probes stay short. */
export function slotCount(nodes: number): number {
  let slots = 8;
  while (slots < nodes + (nodes >>> 1) + 1) slots *= 2;
  return slots;
}
