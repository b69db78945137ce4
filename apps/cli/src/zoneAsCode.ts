import type { Kaja } from '@kaja/sdk';
import { CliError, exitCodes } from './exitCodes';
import { planChanges, type Plan } from './plan';
import { isPlatformSet, readYaml, readZoneText, type DocumentFormat, type ZoneDocument } from './zoneDocument';
import { findZone, type Zone } from './zones';
import type { Rrset } from '@kaja/dns-model';

/** The most set changes one bulk request (one transaction, one serial) takes. */
export const maxChangesPerPush = 1000;

/**
 * The zone and its customer sets as of one serial: read the serial, the sets, and the serial again,
 * until both reads agree (a write between them would mix two versions of the zone).
 */
export async function zoneState(kaja: Kaja, nameOrId: string): Promise<{ zone: Zone; sets: Rrset[] }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const zone = await findZone(kaja, nameOrId);
    const listed = await kaja.all((page) => kaja.api.GET('/v1/zones/{id}/records', { params: { path: { id: zone.id }, query: page } }));
    const again = await kaja.data(kaja.api.GET('/v1/zones/{id}', { params: { path: { id: zone.id } } }));
    if (again.serial !== zone.serial) continue;
    const sets = listed
      .filter((set) => !set.managed && !isPlatformSet(zone.name, set))
      .map((set) => ({ name: set.name, type: set.type, ttl: set.ttl, contents: set.content }));
    return { zone, sets };
  }
  throw new CliError('The zone kept changing while it was read; try again', exitCodes.conflict);
}

export function formatOf(file: string, format: string | undefined): DocumentFormat {
  if (format === 'yaml' || format === 'zone') return format;
  if (format !== undefined) throw new CliError(`Unknown format ${format}: yaml or zone`, exitCodes.usage);
  return /\.(zone|db|txt)$/i.test(file) ? 'zone' : 'yaml';
}

export function readDocument(text: string, format: DocumentFormat, zoneName: string | undefined, defaultTtl?: number): ZoneDocument {
  if (format === 'yaml') return readYaml(text, defaultTtl);
  if (!zoneName) throw new CliError('A zone file does not name its zone: give it with --zone NAME', exitCodes.usage);
  return readZoneText(text, zoneName, defaultTtl);
}

/** The plan of a file against the zone as it is now. */
export async function planPush(kaja: Kaja, document: ZoneDocument): Promise<{ zone: Zone; plan: Plan }> {
  const { zone, sets } = await zoneState(kaja, document.zone);
  return { zone, plan: planChanges(zone.name, zone.serial, sets, document.sets) };
}

/**
 * Applies a plan as one bulk change that carries the serial it was planned against: the API
 * refuses it (409 `serial_mismatch`) when anything changed the zone since. More changes than one
 * request takes are refused here rather than split: several requests would not be atomic.
 */
export async function applyPlan(kaja: Kaja, zone: Zone, plan: Plan, ifSerial: number) {
  if (plan.changes.length > maxChangesPerPush) {
    throw new CliError(
      `The plan has ${plan.changes.length} set changes; one push applies at most ${maxChangesPerPush} atomically. Push the file in parts (fewer changes each), or import it as a zone file (POST /v1/zones/{id}/import?mode=replace)`,
      exitCodes.usage,
    );
  }
  const changes = plan.changes.map((change) =>
    change.action === 'delete'
      ? { action: 'delete' as const, name: `${change.name}.`, type: change.type }
      : { action: change.action, name: `${change.name}.`, type: change.type, ttl: change.after!.ttl, content: change.after!.values },
  );
  return kaja.data(kaja.api.PATCH('/v1/zones/{id}/records', { params: { path: { id: zone.id } }, body: { changes, if_serial: ifSerial } }));
}
