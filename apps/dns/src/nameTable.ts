import type { ZoneNode } from './nodeRrsets';

/** Names up to which a zone's nodes are a sorted array; a zone with more holds them in a `Map`. */
const arrayLimit = 1024;

/**
 * A zone's nodes by name. Most hosted zones are small, and a `Map` costs about 28 bytes for every
 * slot of its table (a power of two at least the number of names) and 170 bytes empty, so a zone
 * of up to `arrayLimit` names keeps its nodes in an array sorted by name, 8 bytes a name, and
 * finds one by bisection (ten comparisons at most). A zone that grows past it moves to a `Map`,
 * where inserting into the middle of an array would cost more than the memory saved.
 *
 * Iteration follows the array's order (by name as a string) or the `Map`'s (insertion); neither is
 * the canonical order, which `Zone.canonicalNames` derives.
 */
export class NameTable {
  private sorted: ZoneNode[] | undefined = [];
  private map: Map<string, ZoneNode> | undefined;

  get size(): number {
    return this.map ? this.map.size : this.sorted!.length;
  }

  get(name: string): ZoneNode | undefined {
    if (this.map) return this.map.get(name);
    const sorted = this.sorted!;
    const at = bisect(sorted, name);
    const node = sorted[at];
    return node !== undefined && node.name === name ? node : undefined;
  }

  has(name: string): boolean {
    return this.get(name) !== undefined;
  }

  /** Adds the node under its name, or replaces the node of that name. */
  set(node: ZoneNode): void {
    if (this.map) {
      this.map.set(node.name, node);
      return;
    }
    const sorted = this.sorted!;
    const at = bisect(sorted, node.name);
    if (sorted[at]?.name === node.name) sorted[at] = node;
    else if (sorted.length < arrayLimit) sorted.splice(at, 0, node);
    else {
      this.map = new Map(sorted.map((n) => [n.name, n]));
      this.map.set(node.name, node);
      this.sorted = undefined;
    }
  }

  delete(name: string): boolean {
    if (this.map) return this.map.delete(name);
    const sorted = this.sorted!;
    const at = bisect(sorted, name);
    if (sorted[at]?.name !== name) return false;
    sorted.splice(at, 1);
    return true;
  }

  values(): IterableIterator<ZoneNode> {
    return this.map ? this.map.values() : this.sorted!.values();
  }

  keys(): IterableIterator<string> {
    return this.map ? this.map.keys() : this.sorted!.map((node) => node.name).values();
  }

  /** Gives back the room an array grown by inserts reserves (about half as much again). */
  trim(): void {
    if (this.sorted) this.sorted = this.sorted.slice();
  }
}

/** Where `name` is in `sorted`, or would be inserted. */
function bisect(sorted: readonly ZoneNode[], name: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]!.name < name) low = middle + 1;
    else high = middle;
  }
  return low;
}
