import { ApiError } from './errors';
import type { ZoneRow } from './zoneSets';

/** The error every record write to a secondary zone gets: its records are the primary's. */
export function zoneIsSecondary(zone: Pick<ZoneRow, 'name'>): ApiError {
  return new ApiError('zone_is_secondary', `${zone.name} is a secondary zone: its records come from its primaries and cannot be changed here`, {
    zone: 'Change the records on the primary; the zone follows by NOTIFY or at its next refresh',
  });
}

/** Refuses a write to the records of a secondary zone. */
export function refuseSecondaryWrites(zone: Pick<ZoneRow, 'name' | 'type'>): void {
  if (zone.type === 'secondary') throw zoneIsSecondary(zone);
}
