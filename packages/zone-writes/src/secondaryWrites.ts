import { ZoneWriteError } from './errors';
import type { ZoneRow } from './zoneSets';

/** Refuses a write to the records of a secondary zone: they are its primaries', as transferred. */
export function refuseSecondaryWrites<Zone extends Pick<ZoneRow, 'name' | 'type'>>(zone: Zone): asserts zone is Zone & { type: 'primary' } {
  if (zone.type === 'secondary') {
    throw new ZoneWriteError('zone_is_secondary', `${zone.name} is a secondary zone: its records come from its primaries and cannot be changed here`, {
      zone: 'Change the records on the primary; the zone follows by NOTIFY or at its next refresh',
    });
  }
}
