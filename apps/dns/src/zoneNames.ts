import { MutableNode, type ZoneNode } from './nodeRrsets';
import { childLabel, ZoneImage, type PackableNode } from './zoneImage';

/**
 * A zone's nodes by name: the image it was built into (`ZoneImage`) and, beside it, the nodes its
 * journal changed since, copied out of the image when first changed (`null` for a name removed).
 * While a zone is built every node is beside the image, until `pack` moves them into one.
 */
export class ZoneNames {
  private image: ZoneImage | undefined;
  private changed: Map<string, MutableNode | null> | undefined;
  /** Names of the image that `changed` replaces or removes. */
  private hidden = 0;
  /** Nodes in `changed` (not removals). */
  private live = 0;

  constructor(
    private readonly zoneName: string,
    image?: ZoneImage,
  ) {
    this.image = image;
  }

  /** The image of these names, in a `SharedArrayBuffer`; built again first when names changed since. */
  sharedImage(): SharedArrayBuffer | undefined {
    if (this.changed) this.pack();
    return this.image?.buffer;
  }

  get size(): number {
    return (this.image?.size ?? 0) - this.hidden + this.live;
  }

  get(name: string): ZoneNode | undefined {
    const changed = this.changed?.get(name);
    if (changed !== undefined) return changed ?? undefined;
    return this.image?.get(name);
  }

  has(name: string): boolean {
    const changed = this.changed?.get(name);
    if (changed !== undefined) return changed !== null;
    return this.image !== undefined && this.image.indexOf(name) !== -1;
  }

  /** The node of `name` to change: copied out of the image when it is there. */
  editable(name: string): MutableNode | undefined {
    const changed = this.changed?.get(name);
    if (changed !== undefined) return changed ?? undefined;
    const imaged = this.image?.get(name);
    if (!imaged) return undefined;
    const node = new MutableNode(name);
    node.children = imaged.children;
    for (const rrset of imaged.rrsets.values()) node.set(rrset.type, rrset);
    this.set(node);
    return node;
  }

  /** Adds the node under its name, or replaces the node of that name. */
  set(node: MutableNode): void {
    this.keep(node.name, node);
  }

  /**
   * Adds the node of a name these names do not hold (`editable` found none): one step where `set`
   * takes several, which counts when a zone of a million names is built.
   */
  add(node: MutableNode): void {
    (this.changed ??= new Map<string, MutableNode | null>()).set(node.name, node);
    // A name of the image it replaces is already hidden: only its removal is beside the image.
    this.live++;
  }

  delete(name: string): void {
    if (this.has(name)) this.keep(name, null);
  }

  *values(): IterableIterator<ZoneNode> {
    const { image, changed } = this;
    if (image) {
      for (let i = 0; i < image.size; i++) {
        if (changed) {
          const name = image.nameAt(i);
          if (!changed.has(name)) yield image.nodeAt(i, name);
        } else yield image.nodeAt(i);
      }
    }
    if (changed) for (const node of changed.values()) if (node) yield node;
  }

  /** The first labels, as text, of the names one label below `encloser`, empty non-terminals included. */
  childLabels(encloser: string): string[] {
    const { image, changed } = this;
    const labels: string[] = [];
    for (const label of image?.childLabels(encloser) ?? []) {
      // A name the journal changed is read beside the image (or was removed).
      if (!changed?.has(encloser === '' ? label : `${label}.${encloser}`)) labels.push(label);
    }
    if (changed) {
      for (const [name, node] of changed) {
        const label = node ? childLabel(name, encloser) : undefined;
        if (label !== undefined) labels.push(label);
      }
    }
    return labels;
  }

  *keys(): IterableIterator<string> {
    const { image, changed } = this;
    if (image) {
      for (let i = 0; i < image.size; i++) {
        const name = image.nameAt(i);
        if (!changed?.has(name)) yield name;
      }
    }
    if (changed) for (const [name, node] of changed) if (node) yield name;
  }

  /** Builds the image of every node: a zone's load, or a rebuild after changes. */
  pack(): void {
    const nodes = [...this.values()] as PackableNode[];
    this.image = nodes.length > 0 ? ZoneImage.build(this.zoneName, nodes) : undefined;
    this.changed = undefined;
    this.hidden = 0;
    this.live = 0;
  }

  /**
   * Builds the image again once the nodes changed beside it are many (more than 64, and more than
   * a quarter of the image's): each costs objects, which the image is there to save.
   */
  compactWhenChanged(): void {
    const changed = this.changed?.size ?? 0;
    if (changed > 64 && changed * 4 > (this.image?.size ?? 0)) this.pack();
  }

  private keep(name: string, node: MutableNode | null): void {
    const changed = (this.changed ??= new Map<string, MutableNode | null>());
    const imaged = this.image !== undefined && this.image.indexOf(name) !== -1;
    const before = changed.get(name);
    if (before === undefined && imaged) this.hidden++;
    if (before) this.live--;
    if (node) this.live++;
    // A removal hides a name of the image; one only ever beside it is simply gone.
    if (node === null && !imaged) changed.delete(name);
    else changed.set(name, node);
  }
}
