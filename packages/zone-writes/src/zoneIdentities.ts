import { canAccessZone, type Caller } from './restrictions';
import { refuseSecondaryWrites } from './secondaryWrites';
import type { ZoneRow } from './zoneSets';

/** What never changes of a zone once it is made: its id, name, customer and type. */
export type ZoneIdentity = Pick<ZoneRow, 'id' | 'name' | 'customerId' | 'type'>;

/**
 * The identities of the zones a process read last, so that a change of a zone's records reads its
 * input against the zone's name without a statement before the zone's lock (decision 083). Only what
 * never changes is kept: whether the zone still exists, is the caller's customer's and is not being
 * deleted is asked under the lock, as for every change (`editZone`). Bounded, the zone used least
 * recently dropped first.
 */
export class ZoneIdentities {
  readonly #zones = new Map<string, ZoneIdentity>();

  constructor(private readonly capacity = 10_000) {}

  /**
   * The zone, known here, of the caller's customer, that the credential may touch and whose records
   * customers write; refused as `editableZone` refuses a secondary or catalog zone. Undefined when
   * it is not known here or not the caller's: the caller then reads it, and answers 404 as ever.
   */
  editable(caller: Caller, id: string): (ZoneIdentity & { type: 'primary' }) | undefined {
    const zone = this.#zones.get(id);
    if (!zone || zone.customerId !== caller.customerId || !canAccessZone(caller, zone.name)) return undefined;
    this.#zones.delete(id);
    this.#zones.set(id, zone);
    refuseSecondaryWrites(zone);
    return zone;
  }

  remember(zone: ZoneIdentity): void {
    this.#zones.delete(zone.id);
    this.#zones.set(zone.id, { id: zone.id, name: zone.name, customerId: zone.customerId, type: zone.type });
    if (this.#zones.size > this.capacity) this.#zones.delete(this.#zones.keys().next().value!);
  }
}
