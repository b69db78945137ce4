import { compareNames, isSubdomain, labelsToName, nameLabels, type ResourceRecord, RRType, serialCompare, soaSerial } from '@kaja/dns-model';
import { MutableNode, type ZoneNode } from './nodeRrsets';
import { PackedRrset } from './packedRrset';
import { ZoneImage } from './zoneImage';
import { ZoneImageBuilder } from './zoneImageBuilder';
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

  /** Built from its records (or a building given them), or served from images another thread built (`share`). */
  constructor(
    readonly name: string,
    source: Iterable<ResourceRecord> | ZoneBuilding | SharedZone = [],
  ) {
    if (isShared(source)) {
      this.nodes = new ZoneNames(name, new ZoneImage(name, source.nodes));
      this.hashed = new ZoneNames(name, source.hashed && new ZoneImage(name, source.hashed));
      this.dnames = source.dnames;
    } else {
      let building = source;
      if (!(building instanceof ZoneBuilding)) {
        building = new ZoneBuilding(name);
        for (const record of source as Iterable<ResourceRecord>) building.add(record);
      }
      const built = building.finish();
      this.nodes = new ZoneNames(name, built.nodes);
      this.hashed = new ZoneNames(name, built.hashed);
      this.dnames = built.dnames;
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
    if (!rrset) {
      node.rrsets.set(record.type, new PackedRrset(node.name, record.type, record.ttl, [record.rdata]));
      if (record.type === RRType.DNAME) this.dnames++;
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
    const parent = parentName(name, this.name);
    node = new MutableNode(name);
    this.nodes.add(node);
    this.ensureNode(parent).children++;
    return node;
  }

  private ensureHashedNode(name: string): MutableNode {
    let node = this.hashed.editable(name);
    if (node) return node;
    checkHashedOwner(name, this.name);
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

  private changed(): void {
    this.ordered = undefined;
    this.version++;
  }

  private check(): void {
    const soa = this.apex.rrsets.get(RRType.SOA);
    if (!soa || soa.rdata.length !== 1) throw new RangeError(`zone ${this.name} needs exactly one SOA record at its apex`);
  }
}

function isShared(source: Iterable<ResourceRecord> | ZoneBuilding | SharedZone): source is SharedZone {
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

/** The parent of `name`, a name below the zone `zone`; a name outside it is refused. */
function parentName(name: string, zone: string): string {
  if (plainName.test(name)) {
    // No label needs an escape: the parent is what follows the first dot.
    if (zone !== '' && !name.endsWith(`.${zone}`)) throw new RangeError(`${name} is not inside the zone ${zone}`);
    const dot = name.indexOf('.');
    return dot === -1 ? '' : name.slice(dot + 1);
  }
  const labels = nameLabels(name);
  const depth = labels.length - nameLabels(zone).length;
  if (depth <= 0 || labelsToName(labels.slice(depth)) !== zone) throw new RangeError(`${name} is not inside the zone ${zone}`);
  return labelsToName(labels.slice(1));
}

function checkHashedOwner(name: string, zone: string): void {
  if (labelsToName(nameLabels(name).slice(1)) !== zone) throw new RangeError(`${name} is not an NSEC3 owner of the zone ${zone}`);
}

/**
 * A zone being built from its records as they come, straight into its images (`ZoneImageBuilder`):
 * no object per name, RRset or record. `new Zone(name, records)` builds through one; a reader that
 * gets the records in turns (a zone file read in another thread) adds them as they arrive, then
 * makes the zone with `new Zone(name, building)`.
 */
export class ZoneBuilding {
  private readonly nodes: ZoneImageBuilder;
  private readonly hashed: ZoneImageBuilder;
  /** DNAME RRsets begun. */
  private dnames = 0;
  /**
   * The name the last new name was added under, and its node: the next one's parent most often (a
   * zone file's names under its apex), found without a search.
   */
  private lastParent = '';
  private lastParentIndex = -1;

  constructor(private readonly zone: string) {
    this.nodes = new ZoneImageBuilder(zone);
    this.hashed = new ZoneImageBuilder(zone);
    this.nodes.add(zone);
  }

  /** Adds the record (one already there is kept once); a name outside the zone is refused. */
  add(record: ResourceRecord): void {
    const hashed = isHashedRecord(record);
    const names = hashed ? this.hashed : this.nodes;
    const node = hashed ? this.hashedNode(record.name) : this.node(record.name);
    const rrset = names.rrsetOf(node, record.type);
    if (rrset === -1) {
      names.addRrset(node, record.type, record.ttl, record.rdata);
      if (record.type === RRType.DNAME) this.dnames++;
      return;
    }
    names.setTtl(rrset, record.ttl);
    names.addRecord(rrset, record.rdata);
  }

  /** The images of what was added (the zone's constructor lays them out). */
  finish(): { nodes: ZoneImage; hashed: ZoneImage | undefined; dnames: number } {
    return { nodes: this.nodes.build(), hashed: this.hashed.count > 0 ? this.hashed.build() : undefined, dnames: this.dnames };
  }

  private node(name: string): number {
    const found = this.nodes.indexOf(name);
    if (found !== -1) return found;
    const parent = parentName(name, this.zone);
    const index = this.nodes.add(name);
    let parentIndex = this.lastParentIndex;
    if (parent !== this.lastParent || parentIndex === -1) {
      parentIndex = this.node(parent);
      this.lastParent = parent;
      this.lastParentIndex = parentIndex;
    }
    this.nodes.addChild(parentIndex);
    return index;
  }

  private hashedNode(name: string): number {
    const found = this.hashed.indexOf(name);
    if (found !== -1) return found;
    checkHashedOwner(name, this.zone);
    return this.hashed.add(name);
  }
}
