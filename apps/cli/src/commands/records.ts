import type { Command } from 'commander';
import { clientOf } from '../client';
import { usageError } from '../exitCodes';
import { print, table, type Output } from '../output';
import { findZone } from '../zones';

export function recordsCommand(program: Command, output: () => Output): void {
  const records = program.command('records').description('List, add and delete the record sets of a zone');
  const global = () => program.opts<{ apiUrl?: string }>();

  records
    .command('list <zone>')
    .description('The zone’s record sets in DNS order (the platform’s own marked managed)')
    .option('--name <name>', 'only this owner name (@, relative or full)')
    .option('--type <type>', 'only this type')
    .action(async (zoneName: string, options: { name?: string; type?: string }) => {
      const kaja = clientOf(global());
      const zone = await findZone(kaja, zoneName);
      const query = { ...(options.name ? { name: options.name } : {}), ...(options.type ? { type: options.type } : {}) };
      const sets = await kaja.all((page) => kaja.api.GET('/v1/zones/{id}/records', { params: { path: { id: zone.id }, query: { ...page, ...query } } }));
      print(output(), sets, () =>
        table(
          ['name', 'type', 'ttl', 'content'],
          sets.flatMap((set) => set.content.map((value, i) => (i === 0 ? [set.name, set.type, String(set.ttl), value] : ['', '', '', value]))),
        ),
      );
    });

  records
    .command('add <zone> <name> <type> <values...>')
    .description('Add values to the set of a name and type (creating it); @ is the apex')
    .option('--ttl <seconds>', 'the set’s TTL (default: a new set gets the zone’s, an existing one keeps its own)', (value) => Number(value))
    .action(async (zoneName: string, name: string, type: string, values: string[], options: { ttl?: number }) => {
      if (options.ttl !== undefined && !Number.isInteger(options.ttl)) throw usageError('--ttl must be a whole number of seconds');
      const kaja = clientOf(global());
      const zone = await findZone(kaja, zoneName);
      const set = await kaja.data(
        kaja.api.POST('/v1/zones/{id}/records', {
          params: { path: { id: zone.id } },
          body: { name, type, content: values, ...(options.ttl ? { ttl: options.ttl } : {}) },
        }),
      );
      print(output(), set, () => `${set.name} ${set.type} ttl ${set.ttl}: ${set.content.join(', ')}`);
    });

  records
    .command('delete <zone> <name> <type>')
    .description('Delete the set of a name and type, or with --value just that value')
    .option('--value <value>', 'only this value (the set goes with its last)')
    .action(async (zoneName: string, name: string, type: string, options: { value?: string }) => {
      const kaja = clientOf(global());
      const zone = await findZone(kaja, zoneName);
      const result = await kaja.data(
        kaja.api.DELETE('/v1/zones/{id}/records/by-name/{name}/{type}', {
          params: { path: { id: zone.id, name, type }, query: options.value ? { content: options.value } : {} },
        }),
      );
      print(
        output(),
        result,
        () => `Removed ${result.removed.length} value${result.removed.length === 1 ? '' : 's'}${result.rrset ? '' : '; the set is gone'}`,
      );
    });
}
