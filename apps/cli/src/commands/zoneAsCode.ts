import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { clientOf } from '../client';
import { CliError, exitCodes } from '../exitCodes';
import type { Output } from '../output';
import { describePlan, summary } from '../plan';
import { applyPlan, formatOf, planPush, readDocument, zoneState } from '../zoneAsCode';
import { writeYaml, writeZoneText } from '../zoneDocument';

export function zoneAsCodeCommand(program: Command, output: () => Output): void {
  const zone = program.command('zone').description('A zone as code: pull it into a file, review the plan of a changed file, push it');
  const global = () => program.opts<{ apiUrl?: string }>();

  zone
    .command('pull <zone>')
    .description('Print the zone’s record sets (not the platform’s SOA, apex NS and DNSSEC sets) as YAML or a zone file')
    .option('--format <format>', 'yaml (default) or zone', 'yaml')
    .action(async (name: string, options: { format: string }) => {
      const format = formatOf('', options.format);
      const kaja = clientOf(global());
      const { zone: found, sets } = await zoneState(kaja, name);
      const document = { zone: found.name, sets };
      output().out(format === 'yaml' ? writeYaml(document, found.serial) : writeZoneText(document));
    });

  zone
    .command('push <file>')
    .description('Make the zone match the file in one atomic change; --dry-run prints the plan only')
    .option('--dry-run', 'print the plan (and the serial it was made against), change nothing')
    .option('--if-serial <serial>', 'apply only if the zone is still at this serial (the one a --dry-run printed)', (value) => Number(value))
    .option('--format <format>', 'yaml or zone (default: zone for .zone, .db and .txt files, else yaml)')
    .option('--zone <zone>', 'the zone a zone file is for (a YAML file names its own)')
    .action(async (file: string, options: { dryRun?: boolean; ifSerial?: number; format?: string; zone?: string }) => {
      if (options.ifSerial !== undefined && !(Number.isInteger(options.ifSerial) && options.ifSerial >= 0))
        throw new CliError('--if-serial must be a serial number', exitCodes.usage);
      let text: string;
      try {
        text = file === '-' ? readFileSync(0, 'utf8') : readFileSync(file, 'utf8');
      } catch (error) {
        throw new CliError(`Cannot read ${file}: ${(error as Error).message}`, exitCodes.usage);
      }
      const document = readDocument(text, formatOf(file, options.format), options.zone);
      const kaja = clientOf(global());
      const { zone: found, plan } = await planPush(kaja, document);
      const out = output();
      if (options.dryRun || plan.changes.length === 0) {
        out.out(
          out.json
            ? JSON.stringify({ zone: plan.zone, serial: plan.serial, dry_run: Boolean(options.dryRun), summary: summary(plan), changes: plan.changes }, null, 2)
            : describePlan(plan),
        );
        return;
      }
      if (!out.json) out.err(describePlan(plan));
      const applied = await applyPlan(kaja, found, plan, options.ifSerial ?? plan.serial);
      out.out(
        out.json
          ? JSON.stringify({ zone: plan.zone, serial: applied.serial, planned_serial: plan.serial, summary: summary(plan), changes: plan.changes }, null, 2)
          : `Applied ${plan.changes.length} change${plan.changes.length === 1 ? '' : 's'} to ${plan.zone}: serial ${plan.serial} -> ${applied.serial}`,
      );
    });
}
