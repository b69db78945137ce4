import type { components, Kaja } from '@kaja/sdk';
import { CliError, exitCodes } from './exitCodes';

export type Zone = components['schemas']['Zone'];

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A zone named on the command line by its name (a trailing dot and capitals allowed) or its id. */
export async function findZone(kaja: Kaja, nameOrId: string): Promise<Zone> {
  if (uuid.test(nameOrId)) return kaja.data(kaja.api.GET('/v1/zones/{id}', { params: { path: { id: nameOrId } } }));
  const name = nameOrId.toLowerCase().replace(/\.$/, '');
  // The filter matches part of a name: the exact one is picked from what it finds.
  const found = await kaja.all((page) => kaja.api.GET('/v1/zones', { params: { query: { ...page, name } } }));
  const zone = found.find((candidate) => candidate.name === name);
  if (!zone) throw new CliError(`Zone ${name} not found`, exitCodes.notFound);
  return zone;
}
