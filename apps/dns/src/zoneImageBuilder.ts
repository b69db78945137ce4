import { hashName, headerWords, nodeWords, relativeLength, rrsetWords, slotCount, ZoneImage } from './zoneImage';

/** Words a node takes while building: name start and length, hash, first and last RRset, children. */
const buildingNodeWords = 6;
/** Words an RRset takes while building: type, TTL, first and last record, next RRset of its node. */
const buildingRrsetWords = 5;
/** Octets before each record's rdata while building: where the next record of its RRset is (4), its length (2). */
const recordHead = 6;

/**
 * A zone's names, RRsets and records as they are read, written straight into typed arrays that
 * `build` lays out as a `ZoneImage`: while a zone of a million names loads, no object is kept per
 * name, RRset or record (a node object with its RRset and a map entry cost some 300 bytes a name,
 * which set the peak of the load and most of its time). Names are found through a hash table over
 * their octets, as the image finds them; a node's RRsets and an RRset's records are linked lists,
 * in the order they were added, which is the order the image keeps.
 */
export class ZoneImageBuilder {
  /** Nodes added so far; each is its index. */
  count = 0;
  // Small to start with, doubled as needed: most zones are small, and every zone has a builder for
  // its hashed owners, which most never use.
  private names = new Uint8Array(256);
  private namesUsed = 0;
  private nodes = new Int32Array(16 * buildingNodeWords);
  private slots = new Int32Array(32);
  private rrsets = new Int32Array(16 * buildingRrsetWords);
  private rrsetCount = 0;
  private records = new Uint8Array(256);
  /** Starts at 1: 0 ends a list of records. */
  private recordsUsed = 1;
  /** Octets the records take packed in the image (each a 2-octet length and its rdata). */
  private packed = 0;
  /** The name `indexOf` last looked for and its hash: a name not found is most often added next. */
  private looked = '';
  private lookedHash = 0;

  constructor(readonly zoneName: string) {}

  /** The index of the node called `name`, or -1. */
  indexOf(name: string): number {
    const length = relativeLength(this.zoneName, name);
    if (length < 0) return -1;
    this.looked = name;
    this.lookedHash = hashName(name, length);
    return this.find(name, length, this.lookedHash);
  }

  /**
   * Adds the node `name`, which the builder does not hold and which is in the zone, spelt in single
   * octets (as every name the model reads is); its index.
   */
  add(name: string): number {
    const length = relativeLength(this.zoneName, name);
    if (length < 0) throw new RangeError(`${name} is not inside the zone ${this.zoneName}`);
    for (let i = 0; i < length; i++) if (name.charCodeAt(i) > 0xff) throw new RangeError(`${name} is not spelt in octets`);
    const index = this.count++;
    if ((index + 1) * buildingNodeWords > this.nodes.length) this.nodes = grown(this.nodes, (index + 1) * buildingNodeWords);
    if (this.namesUsed + length > this.names.length) this.names = grown(this.names, this.namesUsed + length);
    const { names } = this;
    const start = this.namesUsed;
    for (let i = 0; i < length; i++) names[start + i] = name.charCodeAt(i);
    this.namesUsed += length;
    const hash = name === this.looked ? this.lookedHash : hashName(name, length);
    const { nodes } = this;
    const w = index * buildingNodeWords;
    nodes[w] = start;
    nodes[w + 1] = length;
    nodes[w + 2] = hash;
    nodes[w + 3] = -1;
    nodes[w + 4] = -1;
    nodes[w + 5] = 0;
    // At most two thirds of the slots taken, so probes stay short.
    if (this.count * 3 > this.slots.length * 2) this.rehash();
    else this.place(index, hash);
    return index;
  }

  /** Counts one more child node under node `index`. */
  addChild(index: number): void {
    this.nodes[index * buildingNodeWords + 5]!++;
  }

  /** The RRset of `type` at node `index`, or -1. */
  rrsetOf(index: number, type: number): number {
    for (let r = this.nodes[index * buildingNodeWords + 3]!; r !== -1; r = this.rrsets[r * buildingRrsetWords + 4]!) {
      if (this.rrsets[r * buildingRrsetWords] === type) return r;
    }
    return -1;
  }

  /** Adds an RRset of one record at node `index`, after its others; its index. */
  addRrset(index: number, type: number, ttl: number, rdata: Uint8Array): number {
    const r = this.rrsetCount++;
    if ((r + 1) * buildingRrsetWords > this.rrsets.length) this.rrsets = grown(this.rrsets, (r + 1) * buildingRrsetWords);
    const record = this.append(rdata);
    const { rrsets } = this;
    const o = r * buildingRrsetWords;
    rrsets[o] = type;
    rrsets[o + 1] = ttl;
    rrsets[o + 2] = record;
    rrsets[o + 3] = record;
    rrsets[o + 4] = -1;
    const w = index * buildingNodeWords;
    const last = this.nodes[w + 4]!;
    if (last === -1) this.nodes[w + 3] = r;
    else this.rrsets[last * buildingRrsetWords + 4] = r;
    this.nodes[w + 4] = r;
    return r;
  }

  /** Sets the TTL of RRset `r` (a zone file's later record of the set says it). */
  setTtl(r: number, ttl: number): void {
    this.rrsets[r * buildingRrsetWords + 1] = ttl;
  }

  /** Adds the record to RRset `r` unless the set holds it already. */
  addRecord(r: number, rdata: Uint8Array): void {
    const w = r * buildingRrsetWords;
    for (let at = this.rrsets[w + 2]!; at !== 0; at = this.nextRecord(at)) if (this.holds(at, rdata)) return;
    const record = this.append(rdata);
    const last = this.rrsets[w + 3]!;
    const { records } = this;
    records[last] = record >>> 24;
    records[last + 1] = (record >>> 16) & 0xff;
    records[last + 2] = (record >>> 8) & 0xff;
    records[last + 3] = record & 0xff;
    this.rrsets[w + 3] = record;
  }

  /** The image of what was added, in shared memory (the layout `ZoneImage` describes). */
  build(): ZoneImage {
    const count = this.count;
    const slots = slotCount(count);
    const bytesStart = (headerWords + slots + count * nodeWords + this.rrsetCount * rrsetWords) * 4;
    const buffer = new SharedArrayBuffer(bytesStart + this.namesUsed + this.packed);
    const words = new Uint32Array(buffer, 0, bytesStart / 4);
    const bytes = new Uint8Array(buffer, bytesStart);
    words.set([slots, count, this.rrsetCount, bytesStart]);
    const nodeBase = headerWords + slots;
    const rrsetBase = nodeBase + count * nodeWords;
    const { nodes, rrsets, records, names } = this;
    let at = 0;
    let rrsetIndex = 0;
    for (let index = 0; index < count; index++) {
      const b = index * buildingNodeWords;
      const nameLength = nodes[b + 1]!;
      // Octet by octet: a view per name and record to copy with would be millions of objects.
      for (let i = 0, from = nodes[b]!; i < nameLength; i++) bytes[at + i] = names[from + i]!;
      let slot = nodes[b + 2]! & (slots - 1);
      while (words[headerWords + slot] !== 0) slot = (slot + 1) & (slots - 1);
      words[headerWords + slot] = index + 1;
      const w = nodeBase + index * nodeWords;
      const firstRrset = rrsetIndex;
      words[w] = at;
      at += nameLength;
      for (let r = nodes[b + 3]!; r !== -1; r = rrsets[r * buildingRrsetWords + 4]!) {
        const o = rrsetBase + rrsetIndex++ * rrsetWords;
        words[o] = rrsets[r * buildingRrsetWords]!;
        words[o + 1] = rrsets[r * buildingRrsetWords + 1]!;
        words[o + 2] = at;
        for (let record = rrsets[r * buildingRrsetWords + 2]!; record !== 0; record = this.nextRecord(record)) {
          const size = 2 + ((records[record + 4]! << 8) | records[record + 5]!);
          for (let i = 0; i < size; i++) bytes[at + i] = records[record + 4 + i]!;
          at += size;
        }
        words[o + 3] = at;
      }
      words[w + 1] = (nameLength << 16) | (rrsetIndex - firstRrset);
      words[w + 2] = firstRrset;
      words[w + 3] = nodes[b + 5]!;
    }
    return new ZoneImage(this.zoneName, buffer);
  }

  private find(name: string, length: number, hash: number): number {
    const { slots, nodes, names } = this;
    const mask = slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = slots[slot]!;
      if (entry === 0) return -1;
      const w = (entry - 1) * buildingNodeWords;
      if (nodes[w + 1] !== length || nodes[w + 2] !== (hash | 0)) continue;
      const start = nodes[w]!;
      let i = 0;
      while (i < length && names[start + i] === name.charCodeAt(i)) i++;
      if (i === length) return entry - 1;
    }
  }

  private place(index: number, hash: number): void {
    const { slots } = this;
    const mask = slots.length - 1;
    let slot = hash & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = index + 1;
  }

  private rehash(): void {
    this.slots = new Int32Array(this.slots.length * 2);
    for (let index = 0; index < this.count; index++) this.place(index, this.nodes[index * buildingNodeWords + 2]!);
  }

  /** Copies the record in, with no next record; its offset. */
  private append(rdata: Uint8Array): number {
    const at = this.recordsUsed;
    const end = at + recordHead + rdata.length;
    if (end > this.records.length) this.records = grown(this.records, end);
    const { records } = this;
    records[at] = records[at + 1] = records[at + 2] = records[at + 3] = 0;
    records[at + 4] = rdata.length >> 8;
    records[at + 5] = rdata.length & 0xff;
    for (let i = 0; i < rdata.length; i++) records[at + recordHead + i] = rdata[i]!;
    this.recordsUsed = end;
    this.packed += 2 + rdata.length;
    return at;
  }

  private nextRecord(at: number): number {
    const { records } = this;
    return ((records[at]! << 24) | (records[at + 1]! << 16) | (records[at + 2]! << 8) | records[at + 3]!) >>> 0;
  }

  private holds(at: number, rdata: Uint8Array): boolean {
    const { records } = this;
    const length = (records[at + 4]! << 8) | records[at + 5]!;
    if (length !== rdata.length) return false;
    for (let i = 0; i < length; i++) if (records[at + recordHead + i] !== rdata[i]) return false;
    return true;
  }
}

/** A copy of `array` with room for at least `least` elements (twice its length, or more). */
function grown<T extends Uint8Array | Int32Array>(array: T, least: number): T {
  const copy = new (array.constructor as new (length: number) => T)(Math.max(least, array.length * 2));
  copy.set(array);
  return copy;
}
