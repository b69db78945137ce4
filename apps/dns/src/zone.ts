import { compareNames, isSubdomain, labelsToName, nameLabels, type ResourceRecord, RRType, serialCompare, soaSerial } from '@kaja/dns-model';
import { MutableNode, type ZoneNode } from './nodeRrsets';
import { PackedRrset } from './packedRrset';
import { type PackableRrset, ZoneImage } from './zoneImage';
import { ZoneNames } from './zoneNames';

export type { ZoneNode };

/**
 * The records of one name and type: one TTL, uncompressed wire rdata, no duplicates. A zone keeps
 * them packed (`PackedRrset`); answers make their own (wildcard expansions, CHAOS, ALIAS).
 */
export interface Rrset {
  name: string;
  type: number;
  ttl: number;
  rdata: Uint8Array[];
  /** IN unless set (CHAOS answers). */
  class?: number;
}

/**
 * A zone's records changed from one serial to the next: one row of the change journal. The old
 * SOA is among the removed records and the new SOA among the added.
 */
export interface ZoneChange {
  previousSerial: number;
  serial: number;
  removed: ResourceRecord[];
  added: ResourceRecord[];
}

/**
 * What applying a change did: `applied`; `already` when the zone has that serial or a newer one
 * (a replay after a reconnect); `gap` when changes before it are missing, so the caller catches
 * up from the journal or reloads the zone.
 */
export type ApplyResult = 'applied' | 'already' | 'gap';

/**
 * A zone as threads share it: the images of its names in shared memory, which a thread serves from
 * without a copy (`Zone.share`, then `new Zone(name, shared)` in the thread).
 */
export interface SharedZone {
  nodes: SharedArrayBuffer;
  hashed: SharedArrayBuffer | undefined;
  dnames: number;
}

/**
 * One hosted zone in memory: every name (and every empty non-terminal) as a node, keyed by its
 * platform name (`ZoneNames`), so a lookup is one search per label. The canonical order (RFC 4034
 * 6.1) that NSEC chains need is derived on demand.
 *
 * Memory per record is what limits how many zones a node holds: once built, a zone's names, RRsets
 * and records are one buffer (`ZoneImage`), with no object per name, RRset or record; a journal
 * change copies the nodes it touches out of the image and changes them beside it, and the zone
 * builds its image again when they are many.
 */
export class Zone {
  readonly nodes: ZoneNames;
  /**
   * NSEC3 records (and their RRSIGs) of a presigned zone, by hashed owner name: kept out of
   * `nodes`, so a hashed owner is no name of the zone to the answer algorithm (RFC 5155 7.2.8).
   */
  readonly hashed: ZoneNames;
  /** Bumped on every change; answer caches compare it to drop stale answers. */
  version = 0;
  private ordered: string[] | undefined;
  /** DNAME RRsets in the zone: most zones have none, and their answers skip looking for one. */
  private dnames = 0;
  /** The records' rdata while the zone is built, until `pack`. */
  private arena: Arena | undefined = new Arena();
  /**
   * While the zone is built, the node the last new name was added under: the next one's parent
   * most often (a zone file's names under its apex), found without a search of every name.
   */
  private lastParent: MutableNode | undefined;

  /** Built from its records, or served from images another thread built (`share`). */
  constructor(
    readonly name: string,
    source: Iterable<ResourceRecord> | SharedZone = [],
  ) {
    if (isShared(source)) {
      this.nodes = new ZoneNames(name, new ZoneImage(name, source.nodes));
      this.hashed = new ZoneNames(name, source.hashed && new ZoneImage(name, source.hashed));
      this.dnames = source.dnames;
      this.arena = undefined;
    } else {
      this.nodes = new ZoneNames(name);
      this.hashed = new ZoneNames(name);
      this.nodes.add(new MutableNode(name));
      for (const record of source) this.add(record);
      this.pack();
    }
    this.check();
  }

  /**
   * The zone for other threads to serve from the same memory. Each thread keeps the changes it
   * applies beside the images; a zone changed since its images were built builds them again first.
   */
  share(): SharedZone {
    return { nodes: this.nodes.sharedImage()!, hashed: this.hashed.sharedImage(), dnames: this.dnames };
  }

  /** The zone's own name's node; it holds the SOA. */
  get apex(): ZoneNode {
    return this.nodes.get(this.name)!;
  }

  get serial(): number {
    const soa = this.apex.rrsets.get(RRType.SOA)?.rdata[0];
    if (!soa) return 0;
    return soaSerial(soa);
  }

  get hasDname(): boolean {
    return this.dnames > 0;
  }

  /** The SOA RRset; every served zone has one (checked on load). */
  get soa(): Rrset {
    return this.apex.rrsets.get(RRType.SOA)!;
  }

  /**
   * Applies a journal change when it is the next one: it starts at the zone's serial. A change
   * that would leave the zone broken (records outside it, not exactly one SOA) throws before
   * anything changes.
   */
  apply(change: ZoneChange): ApplyResult {
    if (serialCompare(change.serial, this.serial) <= 0) return 'already';
    if (change.previousSerial !== this.serial) return 'gap';
    const outside = change.added.find((r) => !isSubdomain(r.name, this.name));
    if (outside) throw new RangeError(`${outside.name} is not inside the zone ${this.name}`);
    const soa = this.soa.rdata[0]!;
    const keepsSoa = !change.removed.some((r) => r.type === RRType.SOA && r.name === this.name && sameBytes(r.rdata, soa));
    const addedSoas = change.added.filter((r) => r.type === RRType.SOA);
    if (addedSoas.some((r) => r.name !== this.name) || (keepsSoa ? 1 : 0) + addedSoas.length !== 1) {
      throw new RangeError(`a change to ${this.name} must replace its SOA with exactly one new SOA`);
    }
    // The zone's serial is its SOA's: a change whose SOA says otherwise would leave the zone behind its journal for good.
    const reached = keepsSoa ? this.serial : soaSerial(addedSoas[0]!.rdata);
    if (reached !== change.serial) throw new RangeError(`the change of ${this.name} to serial ${change.serial} brings an SOA of serial ${reached}`);
    for (const record of change.removed) this.remove(record);
    for (const record of change.added) this.add(record);
    this.check();
    this.nodes.compactWhenChanged();
    this.hashed.compactWhenChanged();
    return 'applied';
  }

  /** Names in canonical order, for NSEC/NSEC3 chains and transfers. */
  canonicalNames(): readonly string[] {
    this.ordered ??= [...this.nodes.keys()].sort(compareNames);
    return this.ordered;
  }

  private add(record: ResourceRecord): void {
    const node = isHashedRecord(record) ? this.ensureHashedNode(record.name) : this.ensureNode(record.name);
    const rrset = node.rrsets.get(record.type);
    const { arena } = this;
    if (!rrset) {
      // While the zone is built, each record's rdata is copied into the arena at once, so no
      // record keeps an object of its own until `pack`; a later change packs its RRset at once.
      node.rrsets.set(
        record.type,
        arena
          ? new BuildingRrset(arena, node.name, record.type, record.ttl, arena.append(record.rdata))
          : new PackedRrset(node.name, record.type, record.ttl, [record.rdata]),
      );
      if (record.type === RRType.DNAME) this.dnames++;
    } else if (rrset instanceof BuildingRrset) {
      rrset.ttl = record.ttl;
      rrset.add(record.rdata);
    } else {
      rrset.ttl = record.ttl;
      const rdata = rrset.rdata;
      if (!rdata.some((r) => sameBytes(r, record.rdata))) {
        rdata.push(record.rdata);
        rrset.rdata = rdata;
      }
    }
    this.changed();
  }

  private remove(record: ResourceRecord): void {
    const hashed = isHashedRecord(record);
    const names = hashed ? this.hashed : this.nodes;
    if (!names.get(record.name)?.rrsets.has(record.type)) return;
    const node = names.editable(record.name)!;
    const rrset = node.rrsets.get(record.type)!;
    rrset.rdata = rrset.rdata.filter((r) => !sameBytes(r, record.rdata));
    if (rrset.rdata.length === 0) {
      node.rrsets.delete(record.type);
      if (record.type === RRType.DNAME) this.dnames--;
    }
    if (hashed) {
      if (node.rrsets.size === 0) this.hashed.delete(node.name);
    } else this.prune(node);
    this.changed();
  }

  private ensureNode(name: string): MutableNode {
    let node = this.nodes.editable(name);
    if (node) return node;
    let parent: string;
    if (plainName.test(name)) {
      // No label needs an escape: the parent is what follows the first dot.
      if (this.name !== '' && !name.endsWith(`.${this.name}`)) throw new RangeError(`${name} is not inside the zone ${this.name}`);
      const dot = name.indexOf('.');
      parent = dot === -1 ? '' : name.slice(dot + 1);
    } else {
      const labels = nameLabels(name);
      const depth = labels.length - nameLabels(this.name).length;
      if (depth <= 0 || labelsToName(labels.slice(depth)) !== this.name) {
        throw new RangeError(`${name} is not inside the zone ${this.name}`);
      }
      parent = labelsToName(labels.slice(1));
    }
    node = new MutableNode(name);
    this.nodes.add(node);
    this.parentNode(parent).children++;
    return node;
  }

  private parentNode(name: string): MutableNode {
    const last = this.lastParent;
    if (last?.name === name) return last;
    const node = this.ensureNode(name);
    // Until the zone is packed, a name's node stays the same object; a change may copy it after.
    if (this.arena) this.lastParent = node;
    return node;
  }

  private ensureHashedNode(name: string): MutableNode {
    let node = this.hashed.editable(name);
    if (node) return node;
    if (labelsToName(nameLabels(name).slice(1)) !== this.name) throw new RangeError(`${name} is not an NSEC3 owner of the zone ${this.name}`);
    node = new MutableNode(name);
    this.hashed.add(node);
    return node;
  }

  /** Drops a node that holds nothing, and then its parents that became empty non-terminals. */
  private prune(node: MutableNode): void {
    let current: MutableNode | undefined = node;
    while (current && current.name !== this.name && current.rrsets.size === 0 && current.children === 0) {
      this.nodes.delete(current.name);
      current = this.nodes.editable(labelsToName(nameLabels(current.name).slice(1)));
      if (current) current.children--;
    }
  }

  /** Builds the zone's image from the nodes built (see the class comment); the arena is garbage after. */
  private pack(): void {
    this.nodes.pack();
    this.hashed.pack();
    this.arena = undefined;
    this.lastParent = undefined;
  }

  private changed(): void {
    this.ordered = undefined;
    this.version++;
  }

  private check(): void {
    const soa = this.apex.rrsets.get(RRType.SOA);
    if (!soa || soa.rdata.length !== 1) throw new RangeError(`zone ${this.name} needs exactly one SOA record at its apex`);
  }
}

function isShared(source: Iterable<ResourceRecord> | SharedZone): source is SharedZone {
  return (source as SharedZone).nodes instanceof SharedArrayBuffer;
}

/** A name whose labels hold only what is never escaped (most names): its string is its labels joined by dots. */
const plainName = /^[a-z0-9_*.-]+$/i;

/** An NSEC3 record or a signature over one: it lives at a hashed owner name (RFC 5155 7.1). */
function isHashedRecord(record: ResourceRecord): boolean {
  if (record.type === RRType.NSEC3) return true;
  return record.type === RRType.RRSIG && record.rdata.length >= 2 && ((record.rdata[0]! << 8) | record.rdata[1]!) === RRType.NSEC3;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Where a zone being built copies its records' rdata as they come, each as a 2-octet length and
 * the octets: the records' own arrays (a `Uint8Array` costs 100 to 200 bytes) are garbage at once
 * instead of held until the zone is packed, which is what set the peak of a big zone's load.
 */
class Arena {
  bytes = new Uint8Array(1024);
  private used = 0;

  /** Copies `rdata` in; its offset. */
  append(rdata: Uint8Array): number {
    const at = this.used;
    const end = at + 2 + rdata.length;
    if (end > this.bytes.length) {
      const grown = new Uint8Array(Math.max(end, this.bytes.length * 2));
      grown.set(this.bytes.subarray(0, at));
      this.bytes = grown;
    }
    this.bytes[at] = rdata.length >> 8;
    this.bytes[at + 1] = rdata.length & 0xff;
    this.bytes.set(rdata, at + 2);
    this.used = end;
    return at;
  }

  /** The octets the record at `at` takes, its length included. */
  size(at: number): number {
    return 2 + ((this.bytes[at]! << 8) | this.bytes[at + 1]!);
  }

  view(at: number): Uint8Array {
    return this.bytes.subarray(at + 2, at + this.size(at));
  }

  /** Whether the record at `at` is `rdata`. */
  holds(at: number, rdata: Uint8Array): boolean {
    return sameBytes(this.view(at), rdata);
  }
}

/** An RRset of a zone being built: its records in the arena, by offset, until the zone is packed. */
class BuildingRrset implements PackableRrset {
  /** The offsets of the records after the first: most RRsets hold one, and an array costs more than it. */
  private more: number[] | undefined;

  constructor(
    private readonly arena: Arena,
    readonly name: string,
    readonly type: number,
    public ttl: number,
    private readonly first: number,
  ) {}

  get rdata(): Uint8Array[] {
    return this.offsets().map((at) => this.arena.view(at));
  }

  /** Adds the record unless the RRset holds it. */
  add(rdata: Uint8Array): void {
    if (!this.offsets().some((at) => this.arena.holds(at, rdata))) (this.more ??= []).push(this.arena.append(rdata));
  }

  packedSize(): number {
    let size = this.arena.size(this.first);
    if (this.more) for (const at of this.more) size += this.arena.size(at);
    return size;
  }

  copyTo(bytes: Uint8Array, offset: number): number {
    let to = this.copyOne(this.first, bytes, offset);
    if (this.more) for (const at of this.more) to = this.copyOne(at, bytes, to);
    return to;
  }

  private copyOne(at: number, bytes: Uint8Array, to: number): number {
    const size = this.arena.size(at);
    bytes.set(this.arena.bytes.subarray(at, at + size), to);
    return to + size;
  }

  private offsets(): number[] {
    return this.more ? [this.first, ...this.more] : [this.first];
  }
}
