import type { Rrset } from './zone';

/** The RRsets of a name, by type, as the answer path reads them. */
export interface RrsetsView {
  readonly size: number;
  get(type: number): Rrset | undefined;
  has(type: number): boolean;
  keys(): IterableIterator<number>;
  values(): IterableIterator<Rrset>;
}

/** A name in a zone as the answer path reads it; an empty non-terminal has no RRsets and has descendants. */
export interface ZoneNode {
  readonly name: string;
  /** Number of child nodes. */
  readonly children: number;
  readonly rrsets: RrsetsView;
}

/**
 * The RRsets of one name, by type. A name has one to a few RRsets, so a short list searched in
 * order is as fast as a hash table and a fraction of its memory (a `Map` costs about 180 bytes
 * before its first entry; a zone of a million names being built holds a million of these). Most
 * names have one RRset, held without an array (an array costs about 60 bytes).
 */
export class NodeRrsets implements RrsetsView {
  /** Replaced rather than grown: an array grown by a push reserves room for 16 more. */
  private list: Rrset | readonly Rrset[] | undefined = undefined;

  get size(): number {
    const { list } = this;
    return list === undefined ? 0 : Array.isArray(list) ? list.length : 1;
  }

  get(type: number): Rrset | undefined {
    const { list } = this;
    if (list === undefined) return undefined;
    if (!Array.isArray(list)) return (list as Rrset).type === type ? (list as Rrset) : undefined;
    for (const rrset of list as readonly Rrset[]) if (rrset.type === type) return rrset;
    return undefined;
  }

  has(type: number): boolean {
    return this.get(type) !== undefined;
  }

  /** Adds the RRset, or replaces the one of its type. */
  set(type: number, rrset: Rrset): void {
    const list = this.all();
    const at = list.findIndex((r) => r.type === type);
    this.keep(at === -1 ? [...list, rrset] : list.with(at, rrset));
  }

  delete(type: number): boolean {
    const list = this.all();
    const at = list.findIndex((r) => r.type === type);
    if (at === -1) return false;
    this.keep(list.toSpliced(at, 1));
    return true;
  }

  /** The types, in the order their RRsets were added. */
  keys(): IterableIterator<number> {
    return this.all()
      .map((r) => r.type)
      .values();
  }

  values(): IterableIterator<Rrset> {
    return this.all().values();
  }

  /** Puts what `replace` makes of each RRset in its place. */
  replaceEach(replace: (rrset: Rrset) => Rrset): void {
    const { list } = this;
    if (list === undefined) return;
    this.list = Array.isArray(list) ? (list as readonly Rrset[]).map(replace) : replace(list as Rrset);
  }

  private all(): readonly Rrset[] {
    const { list } = this;
    return list === undefined ? [] : Array.isArray(list) ? (list as readonly Rrset[]) : [list as Rrset];
  }

  private keep(list: readonly Rrset[]): void {
    this.list = list.length === 0 ? undefined : list.length === 1 ? list[0] : list;
  }
}

/**
 * A name of a zone being built, or changed by its journal since it was built (`ZoneNames`). The
 * node is its own `rrsets`.
 */
export class MutableNode extends NodeRrsets implements ZoneNode {
  /** Number of child nodes, so a node left empty without children can be dropped. */
  children = 0;

  constructor(readonly name: string) {
    super();
  }

  get rrsets(): NodeRrsets {
    return this;
  }
}
