import type { Command } from 'commander';
import { clientOf } from '../client';
import { usageError } from '../exitCodes';
import { print, table, type Output } from '../output';
import { findZone, type Zone } from '../zones';

const zoneRow = (zone: Zone) => [zone.name, zone.status, zone.dnssec.state, String(zone.serial), String(zone.record_count), zone.id];
const zoneHeaders = ['name', 'status', 'dnssec', 'serial', 'records', 'id'];

export function zonesCommand(program: Command, output: () => Output): void {
  const zones = program.command('zones').description('List, create and delete zones');
  const global = () => program.opts<{ apiUrl?: string }>();

  zones
    .command('list')
    .description('Your zones, sorted by name')
    .option('--name <part>', 'only zones whose name has this in it')
    .action(async (options: { name?: string }) => {
      const kaja = clientOf(global());
      const all = await kaja.all((page) => kaja.api.GET('/v1/zones', { params: { query: { ...page, ...(options.name ? { name: options.name } : {}) } } }));
      print(output(), all, () => table(zoneHeaders, all.map(zoneRow)));
    });

  zones
    .command('create <name>')
    .description('Create a primary zone')
    .option('--region <region>', 'EU, GLOBAL or EU_GLOBAL (default: your customer’s default region)')
    .option('--ttl <seconds>', 'default TTL of new records', (value) => Number(value))
    .action(async (name: string, options: { region?: 'EU' | 'GLOBAL' | 'EU_GLOBAL'; ttl?: number }) => {
      if (options.ttl !== undefined && !Number.isInteger(options.ttl)) throw usageError('--ttl must be a whole number of seconds');
      const kaja = clientOf(global());
      const zone = await kaja.data(
        kaja.api.POST('/v1/zones', { body: { name, ...(options.region ? { region: options.region } : {}), ...(options.ttl ? { ttl: options.ttl } : {}) } }),
      );
      print(output(), zone, () => `Created ${zone.name} (${zone.id}); name servers: ${zone.name_servers.join(', ')}`);
    });

  zones
    .command('delete <zone>')
    .description('Delete a zone and all its records (name or id)')
    .option('--yes', 'confirm: the zone stops answering at once')
    .action(async (nameOrId: string, options: { yes?: boolean }) => {
      if (!options.yes) throw usageError(`Deleting ${nameOrId} removes all its records: add --yes to confirm`);
      const kaja = clientOf(global());
      const zone = await findZone(kaja, nameOrId);
      await kaja.api.DELETE('/v1/zones/{id}', { params: { path: { id: zone.id } } });
      print(output(), { id: zone.id, name: zone.name, deleted: true }, () => `Deleted ${zone.name}`);
    });
}
