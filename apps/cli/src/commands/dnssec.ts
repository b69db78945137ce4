import type { Command } from 'commander';
import { clientOf } from '../client';
import { print, table, type Output } from '../output';
import { findZone } from '../zones';

export function dnssecCommand(program: Command, output: () => Output): void {
  const dnssec = program.command('dnssec').description('Sign a zone and get the DS records for its registrar');
  const global = () => program.opts<{ apiUrl?: string }>();

  dnssec
    .command('enable <zone>')
    .description('Turn signing on: keys are made in the background (state signing, then active)')
    .option('--algorithm <name>', 'ECDSAP256SHA256 (default), ED25519 or RSASHA256')
    .option('--nsec3', 'deny existence with NSEC3 instead of NSEC')
    .action(async (zoneName: string, options: { algorithm?: 'ECDSAP256SHA256' | 'ED25519' | 'RSASHA256'; nsec3?: boolean }) => {
      const kaja = clientOf(global());
      const zone = await findZone(kaja, zoneName);
      const status = await kaja.data(
        kaja.api.PATCH('/v1/zones/{id}/dnssec/status', {
          params: { path: { id: zone.id } },
          body: { enabled: true, ...(options.algorithm ? { algorithm: options.algorithm } : {}), ...(options.nsec3 ? { nsec3: true } : {}) },
        }),
      );
      print(
        output(),
        status,
        () => `DNSSEC for ${zone.name}: ${status.state}. Once active, \`kaja dnssec ds ${zone.name}\` gives the DS records for your registrar.`,
      );
    });

  dnssec
    .command('ds <zone>')
    .description('The DS records (and DNSKEYs) of the zone’s active KSKs, for the registrar')
    .action(async (zoneName: string) => {
      const kaja = clientOf(global());
      const zone = await findZone(kaja, zoneName);
      const ds = await kaja.data(kaja.api.GET('/v1/zones/{id}/dnssec/ds', { params: { path: { id: zone.id } } }));
      print(output(), ds, () =>
        ds.ds.length === 0
          ? `No DS records yet: DNSSEC is ${ds.state} for ${zone.name}`
          : table(
              ['key tag', 'algorithm', 'digest type', 'ds'],
              ds.ds.map((record) => [String(record.key_tag), String(record.algorithm), String(record.digest_type), `${zone.name}. IN DS ${record.content}`]),
            ),
      );
    });
}
