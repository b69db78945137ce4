import { ZoneWriteError } from './errors';
import type { ZoneRow } from './zoneSets';

/**
 * Refuses a customer's write to the records of a zone whose records are not the customer's to
 * write: a secondary zone's are its primaries', as transferred; a catalog zone's are the
 * platform's list of the customer's zones (decision 058).
 */
export function refuseSecondaryWrites<Zone extends Pick<ZoneRow, 'name' | 'type'>>(zone: Zone): asserts zone is Zone & { type: 'primary' } {
  if (zone.type === 'secondary') {
    throw new ZoneWriteError('zone_is_secondary', `${zone.name} is a secondary zone: its records come from its primaries and cannot be changed here`, {
      zone: 'Change the records on the primary; the zone follows by NOTIFY or at its next refresh',
    });
  }
  if (zone.type === 'catalog') {
    throw new ZoneWriteError('zone_is_catalog', `${zone.name} is your catalog zone: the platform writes its records from your zones`, {
      zone: 'Add or delete zones; the catalog follows them',
    });
  }
}
