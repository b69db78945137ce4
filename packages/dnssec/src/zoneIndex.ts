import { isSubdomain } from '@kaja/dns-model';
import { canonicalSortKey, parentOf } from './canonical';

const NS = 2;
const DS = 43;

/** One name of the zone's authoritative tree, as denial of existence sees it. */
export interface IndexEntry {
  name: string;
  /** Sort key of the name in canonical order (RFC 4034 6.1). */
  key: string;
  /** The types of the RRsets served at the name, ascending; empty for an empty non-terminal. */
  types: number[];
  /** NS below the apex: only NS and DS here are the zone's own data. */
  delegation: boolean;
}

/** Names entering or leaving the index in one update, for the NSEC3 chain to follow. */
export interface IndexChange {
  added: IndexEntry[];
  removed: IndexEntry[];
  /** Entries whose types changed in place. */
  changed: IndexEntry[];
}

/**
 * The zone's names in canonical order: every name with records that is not below a delegation,
 * every delegation point, every empty non-terminal. Names below a delegation (glue) are not in
 * it. This is what NSEC and NSEC3 chains are built from; updates touch one name (and its empty
 * non-terminal ancestors) so an API change costs a binary search and a splice, not a rebuild.
 */
export class ZoneIndex {
  /** Every name with records, glue included, and its types. */
  private readonly records = new Map<string, Set<number>>();
  private entries: IndexEntry[] = [];
  private readonly byName = new Map<string, IndexEntry>();
  private readonly observers: ((change: IndexChange) => void)[] = [];
  /** Bumped on every change. */
  version = 0;

  constructor(
    readonly apex: string,
    rrsets: Iterable<{ name: string; type: number }> = [],
  ) {
    for (const { name, type } of rrsets) {
      if (!isSubdomain(name, apex)) throw new RangeError(`${name} is not inside the zone ${apex}`);
      let types = this.records.get(name);
      if (!types) this.records.set(name, (types = new Set()));
      types.add(type);
    }
    this.rebuild();
  }

  /** Called with what changed after every update (the NSEC3 chain keeps its hash order with it). */
  observe(observer: (change: IndexChange) => void): void {
    this.observers.push(observer);
  }

  get size(): number {
    return this.entries.length;
  }

  /** The entries in canonical order; the apex is first. */
  all(): readonly IndexEntry[] {
    return this.entries;
  }

  get(name: string): IndexEntry | undefined {
    return this.byName.get(name);
  }

  /** True when the name exists in the zone's authoritative tree (records or empty non-terminal). */
  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** The entry at `position` in canonical order, wrapping around. */
  at(position: number): IndexEntry {
    const n = this.entries.length;
    return this.entries[((position % n) + n) % n]!;
  }

  /** The position of the greatest entry that sorts at or before `name` (-1 when none). */
  floor(name: string): number {
    return this.floorKey(canonicalSortKey(name));
  }

  /** `floor` of the name whose `canonicalSortKey` is `key`. */
  floorKey(key: string): number {
    let lo = 0;
    let hi = this.entries.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.entries[mid]!.key <= key) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  }

  /** The longest ancestor of `name` (itself included) that exists in the zone. */
  closestEncloser(name: string): string {
    return this.closestEncloserEntry(name).name;
  }

  /** `closestEncloser`'s entry, for a proof that needs its sort key too (one lookup, not two). */
  closestEncloserEntry(name: string): IndexEntry {
    for (let candidate = name; candidate !== ''; candidate = parentOf(candidate)) {
      const entry = this.byName.get(candidate);
      if (entry) return entry;
    }
    return this.byName.get(this.apex)!;
  }

  /**
   * The RRset types at `name` are now `types` (empty when the name lost its last record).
   * A delegation appearing or disappearing re-derives the whole index; anything else touches
   * the name and its empty non-terminal ancestors only.
   */
  update(name: string, types: Iterable<number>): void {
    if (!isSubdomain(name, this.apex)) throw new RangeError(`${name} is not inside the zone ${this.apex}`);
    const next = new Set(types);
    const before = this.records.get(name);
    const wasDelegation = name !== this.apex && !!before?.has(NS);
    if (next.size === 0) this.records.delete(name);
    else this.records.set(name, next);
    const isDelegation = name !== this.apex && next.has(NS);
    if (wasDelegation !== isDelegation) {
      const old = this.entries;
      this.rebuild();
      this.emit(diff(old, this.entries));
      return;
    }
    if (this.occluded(name)) return;
    const change: IndexChange = { added: [], removed: [], changed: [] };
    const entry = this.byName.get(name);
    if (next.size > 0) {
      const served = servedTypes(next, isDelegation);
      if (entry) {
        entry.types = served;
        change.changed.push(entry);
      } else this.insert(this.makeEntry(name, served, isDelegation), change);
      this.ensureAncestors(name, change);
    } else if (entry) {
      // The apex stays in the index whatever it holds: every chain starts there.
      if (name === this.apex || this.hasDescendants(entry)) {
        entry.types = [];
        change.changed.push(entry);
      } else {
        this.remove(entry, change);
        this.pruneAncestors(name, change);
      }
    }
    this.emit(change);
  }

  private emit(change: IndexChange): void {
    this.version++;
    for (const observer of this.observers) observer(change);
  }

  private rebuild(): void {
    const delegations = new Set<string>();
    for (const [name, types] of this.records) if (name !== this.apex && types.has(NS)) delegations.add(name);
    const entries = new Map<string, IndexEntry>();
    entries.set(this.apex, this.makeEntry(this.apex, servedTypes(this.records.get(this.apex) ?? new Set(), false), false));
    for (const [name, types] of this.records) {
      if (name === this.apex || this.occludedBy(name, delegations)) continue;
      entries.set(name, this.makeEntry(name, servedTypes(types, delegations.has(name)), delegations.has(name)));
      for (let parent = parentOf(name); parent !== this.apex && !entries.has(parent); parent = parentOf(parent)) {
        entries.set(parent, this.makeEntry(parent, [], false));
      }
    }
    this.entries = [...entries.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    this.byName.clear();
    for (const e of this.entries) this.byName.set(e.name, e);
  }

  private makeEntry(name: string, types: number[], delegation: boolean): IndexEntry {
    return { name, key: canonicalSortKey(name), types, delegation };
  }

  private occluded(name: string): boolean {
    for (let parent = name; parent !== this.apex; parent = parentOf(parent)) {
      if (parent !== name && this.records.get(parent)?.has(NS)) return true;
    }
    return false;
  }

  private occludedBy(name: string, delegations: Set<string>): boolean {
    for (let parent = parentOf(name); isSubdomain(parent, this.apex) && parent !== this.apex; parent = parentOf(parent)) {
      if (delegations.has(parent)) return true;
    }
    return false;
  }

  private insert(entry: IndexEntry, change: IndexChange): void {
    const at = this.floor(entry.name) + 1;
    this.entries.splice(at, 0, entry);
    this.byName.set(entry.name, entry);
    change.added.push(entry);
  }

  private remove(entry: IndexEntry, change: IndexChange): void {
    const at = this.floor(entry.name);
    this.entries.splice(at, 1);
    this.byName.delete(entry.name);
    change.removed.push(entry);
  }

  private hasDescendants(entry: IndexEntry): boolean {
    const position = this.floor(entry.name);
    const next = this.entries[position + 1];
    return !!next && isSubdomain(next.name, entry.name);
  }

  private ensureAncestors(name: string, change: IndexChange): void {
    // The apex has no ancestors in the zone (its SOA changes with every update).
    if (name === this.apex) return;
    for (let parent = parentOf(name); parent !== this.apex && !this.byName.has(parent); parent = parentOf(parent)) {
      this.insert(this.makeEntry(parent, [], false), change);
    }
  }

  private pruneAncestors(name: string, change: IndexChange): void {
    for (let parent = parentOf(name); parent !== this.apex; parent = parentOf(parent)) {
      const entry = this.byName.get(parent);
      if (!entry || entry.types.length > 0 || this.hasDescendants(entry)) return;
      this.remove(entry, change);
    }
  }
}

/** At a delegation point only NS and DS are the zone's; glue at that name is not signed or listed. */
function servedTypes(types: Set<number>, delegation: boolean): number[] {
  const list = delegation ? [...types].filter((t) => t === NS || t === DS) : [...types];
  return list.sort((a, b) => a - b);
}

function diff(before: IndexEntry[], after: IndexEntry[]): IndexChange {
  const old = new Map(before.map((e) => [e.name, e]));
  const change: IndexChange = { added: [], removed: [], changed: [] };
  for (const e of after) {
    const was = old.get(e.name);
    if (!was) change.added.push(e);
    else {
      old.delete(e.name);
      if (was.types.join() !== e.types.join()) change.changed.push(e);
    }
  }
  change.removed.push(...old.values());
  return change;
}
