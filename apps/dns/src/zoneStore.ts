import { nameLabels, RRType } from '@kaja/dns-model';
import { ancestors } from './ancestors';
import type { ApplyResult, Zone, ZoneChange } from './zone';

/**
 * The zones this node serves, keyed by name. Loaders (zone files, the database) put
 * whole zones and apply journal changes by serial; a zone that must not be answered (disabled,
 * being deleted) is removed, so queries for it get REFUSED. Listeners hear of every change so
 * caches of precompiled answers can forget what went stale.
 */
export class ZoneStore {
  private readonly zones = new Map<string, Zone>();
  private readonly listeners: ((zone: string | undefined, change?: ZoneChange) => void)[] = [];
  private readonly zoneSetListeners: ((name: string) => void)[] = [];
  /** The most labels any hosted zone name has, so the search for a name's zone starts there. */
  private deepest = 0;
  /** For each name above a hosted zone's, how many hosted zones are below it. */
  private readonly zonesBelow = new Map<string, number>();

  get size(): number {
    return this.zones.size;
  }

  get(name: string): Zone | undefined {
    return this.zones.get(name);
  }

  names(): IterableIterator<string> {
    return this.zones.keys();
  }

  /**
   * The hosted zone that answers `qname`: the one with the longest matching name. A DS set belongs
   * to the parent side of a cut (RFC 4035 3.1.4.1), so DS at a zone's apex goes to its parent
   * when we host that too.
   */
  find(qname: string, qtype = 0): Zone | undefined {
    if (this.zones.size === 0) return undefined;
    const names = ancestors(qname, '');
    // names[i] has names.length - 1 - i labels; none of ours has more than `deepest`.
    for (let i = Math.max(0, names.length - 1 - this.deepest); i < names.length; i++) {
      const zone = this.zones.get(names[i]!);
      if (!zone) continue;
      if (i === 0 && qtype === RRType.DS && names.length > 1) return this.find(names[1]!) ?? zone;
      return zone;
    }
    return undefined;
  }

  /** Adds or replaces a zone. A new zone may take names from a parent zone: every cache is told. */
  put(zone: Zone): void {
    if (!this.zones.has(zone.name)) this.countBelow(zone.name, 1);
    this.zones.set(zone.name, zone);
    this.deepest = Math.max(this.deepest, nameLabels(zone.name).length);
    this.notify(undefined);
    for (const listener of this.zoneSetListeners) listener(zone.name);
  }

  remove(name: string): void {
    if (!this.zones.delete(name)) return;
    this.countBelow(name, -1);
    this.notify(undefined);
    for (const listener of this.zoneSetListeners) listener(name);
  }

  /** Whether a hosted zone's name is below `name` (not `name` itself). */
  hasZoneBelow(name: string): boolean {
    return this.zonesBelow.has(name);
  }

  /**
   * Applies a journal change to a zone (see `Zone.apply`); `unknown` when the zone is not served
   * here, so the loader loads it whole.
   */
  apply(name: string, change: ZoneChange): ApplyResult | 'unknown' {
    const zone = this.zones.get(name);
    if (!zone) return 'unknown';
    const result = zone.apply(change);
    if (result === 'applied') this.notify(name, change);
    return result;
  }

  /**
   * Calls `listener` with the changed zone's name and the change applied to it (so signatures of
   * just the changed names can be dropped), or undefined when the set of zones changed.
   */
  onChange(listener: (zone: string | undefined, change?: ZoneChange) => void): void {
    this.listeners.push(listener);
  }

  /**
   * Calls `listener` with the name of each zone put (new or loaded whole again) or removed, so
   * per-zone state follows one zone at a time rather than looking at all of them on every change
   * (a start with 100,000 zones).
   */
  onZoneSet(listener: (name: string) => void): void {
    this.zoneSetListeners.push(listener);
  }

  private countBelow(name: string, step: number): void {
    for (const above of ancestors(name, '').slice(1)) {
      const count = (this.zonesBelow.get(above) ?? 0) + step;
      if (count > 0) this.zonesBelow.set(above, count);
      else this.zonesBelow.delete(above);
    }
  }

  private notify(zone: string | undefined, change?: ZoneChange): void {
    for (const listener of this.listeners) listener(zone, change);
  }
}
