import { compareNames, isSubdomain, labelsToName, nameLabels, type ResourceRecord, RRType, serialCompare, soaSerial } from '@kaja/dns-model';
import { NodeRrsets } from './nodeRrsets';
import { packedLength, PackedRrset } from './packedRrset';

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

/** A name in the zone; an empty non-terminal is a node without RRsets that has descendants. */
export interface ZoneNode {
  name: string;
  rrsets: NodeRrsets;
  /** Number of child nodes, so a node left empty without children can be dropped. */
  children: number;
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
 * One hosted zone in memory: every name (and every empty non-terminal) as a node, keyed by its
 * platform name, so a lookup is one map access per label. The canonical order (RFC 4034 6.1) that
 * NSEC chains need is derived on demand.
 *
 * Memory per record is what limits how many zones a node holds: the rdata of the records a zone is
 * built from are packed into one buffer (`PackedRrset`: an object per RRset, none per record), a
 * name's RRsets are a short array rather than a map (`NodeRrsets`), and an RRset shares its node's
 * name. An RRset changed by a journal change is packed into a buffer of its own.
 */
export class Zone {
  readonly nodes = new Map<string, ZoneNode>();
  /**
   * NSEC3 records (and their RRSIGs) of a presigned zone, by hashed owner name: kept out of
   * `nodes`, so a hashed owner is no name of the zone to the answer algorithm (RFC 5155 7.2.8).
   */
  readonly hashed = new Map<string, ZoneNode>();
  readonly apex: ZoneNode;
  /** Bumped on every change; answer caches compare it to drop stale answers. */
  version = 0;
  private ordered: string[] | undefined;
  /** DNAME RRsets in the zone: most zones have none, and their answers skip looking for one. */
  private dnames = 0;
  private packed = false;

  constructor(
    readonly name: string,
    records: Iterable<ResourceRecord> = [],
  ) {
    this.apex = { name, rrsets: new NodeRrsets(), children: 0 };
    this.nodes.set(name, this.apex);
    for (const record of records) this.add(record);
    this.pack();
    this.packed = true;
    this.check();
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
      // While the zone is built, plain RRsets until `pack`; a later change packs at once.
      const rdata = [record.rdata];
      node.rrsets.set(
        record.type,
        this.packed ? new PackedRrset(node.name, record.type, record.ttl, rdata) : { name: node.name, type: record.type, ttl: record.ttl, rdata },
      );
      if (record.type === RRType.DNAME) this.dnames++;
    } else {
      rrset.ttl = record.ttl;
      const rdata = rrset.rdata;
      if (!rdata.some((r) => sameBytes(r, record.rdata))) {
        rdata.push(record.rdata);
        if (this.packed) rrset.rdata = rdata;
      }
    }
    this.changed();
  }

  private remove(record: ResourceRecord): void {
    const hashed = isHashedRecord(record);
    const node = (hashed ? this.hashed : this.nodes).get(record.name);
    const rrset = node?.rrsets.get(record.type);
    if (!node || !rrset) return;
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

  private ensureNode(name: string): ZoneNode {
    let node = this.nodes.get(name);
    if (node) return node;
    const labels = nameLabels(name);
    const depth = labels.length - nameLabels(this.name).length;
    if (depth <= 0 || labelsToName(labels.slice(depth)) !== this.name) {
      throw new RangeError(`${name} is not inside the zone ${this.name}`);
    }
    node = { name, rrsets: new NodeRrsets(), children: 0 };
    this.nodes.set(name, node);
    this.ensureNode(labelsToName(labels.slice(1))).children++;
    return node;
  }

  private ensureHashedNode(name: string): ZoneNode {
    let node = this.hashed.get(name);
    if (node) return node;
    if (labelsToName(nameLabels(name).slice(1)) !== this.name) throw new RangeError(`${name} is not an NSEC3 owner of the zone ${this.name}`);
    node = { name, rrsets: new NodeRrsets(), children: 0 };
    this.hashed.set(name, node);
    return node;
  }

  /** Drops a node that holds nothing, and then its parents that became empty non-terminals. */
  private prune(node: ZoneNode): void {
    let current: ZoneNode | undefined = node;
    while (current && current !== this.apex && current.rrsets.size === 0 && current.children === 0) {
      this.nodes.delete(current.name);
      current = this.nodes.get(labelsToName(nameLabels(current.name).slice(1)));
      if (current) current.children--;
    }
  }

  /** Moves the rdata of every RRset into one buffer (see the class comment). */
  private pack(): void {
    const all = [...this.nodes.values(), ...this.hashed.values()];
    let length = 0;
    for (const node of all) for (const rrset of node.rrsets.values()) length += packedLength(rrset.rdata);
    const buffer = new Uint8Array(length);
    let offset = 0;
    for (const node of all) {
      for (const rrset of [...node.rrsets.values()]) {
        const rdata = rrset.rdata;
        node.rrsets.set(rrset.type, new PackedRrset(node.name, rrset.type, rrset.ttl, rdata, { buffer, offset }));
        offset += packedLength(rdata);
      }
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
