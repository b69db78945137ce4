import { ZoneWriteError } from './errors';
import { refuseSecondaryWrites } from './secondaryWrites';
import type { ZoneRow } from './zoneSets';

/**
 * A zone as a request read it before changing its records: not being deleted, and primary. A
 * zone's type is set when it is made and never changes, so the secondary check made here holds
 * for the whole request; whether it is being deleted is asked again under the lock.
 */
export type EditableZone = ZoneRow & { type: 'primary' };

export function refuseDeletingZone(zone: Pick<ZoneRow, 'status'>): void {
  if (zone.status === 'deleting') throw new ZoneWriteError('zone_deleting', 'The zone is being deleted');
}

/** The zone, if customers may change its records now. */
export function editableZone(zone: ZoneRow): EditableZone {
  refuseDeletingZone(zone);
  refuseSecondaryWrites(zone);
  return zone;
}
