import type { Rrset } from './zone';

/**
 * The RRsets of one name, by type. A name has one to a few RRsets, so a short array searched in
 * order is as fast as a hash table and a fraction of its memory (a `Map` costs about 180 bytes
 * before its first entry; a zone of a million names holds a million of these).
 */
export class NodeRrsets {
  /** Replaced rather than grown: an array grown by a push reserves room for 16 more. */
  private list: readonly Rrset[] = [];

  get size(): number {
    return this.list.length;
  }

  get(type: number): Rrset | undefined {
    for (const rrset of this.list) if (rrset.type === type) return rrset;
    return undefined;
  }

  has(type: number): boolean {
    return this.get(type) !== undefined;
  }

  /** Adds the RRset, or replaces the one of its type. */
  set(type: number, rrset: Rrset): void {
    const at = this.list.findIndex((r) => r.type === type);
    this.list = at === -1 ? [...this.list, rrset] : this.list.with(at, rrset);
  }

  delete(type: number): boolean {
    const at = this.list.findIndex((r) => r.type === type);
    if (at === -1) return false;
    this.list = this.list.toSpliced(at, 1);
    return true;
  }

  /** The types, in the order their RRsets were added. */
  keys(): IterableIterator<number> {
    return this.list.map((r) => r.type).values();
  }

  values(): IterableIterator<Rrset> {
    return this.list.values();
  }
}
