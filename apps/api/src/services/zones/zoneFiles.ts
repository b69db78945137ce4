import { eq } from '@kaja/db/orm';
import { rrsets } from '@kaja/db';
import type { Principal } from '../accounts/principal';
import { presentDiff } from './rrsets';
import type { ZoneFilePlan } from '../../workers/tasks';
import { checkRecordQuota, editableZone, findZone, readZoneSnapshot, type ZoneState } from '@kaja/zone-writes';
import { writeHeavyChange } from './heavyChanges';
import type { PlanningContext } from '../context';

/** The zone as an RFC 1035 master file, the platform's sets (SOA, apex NS, DNSKEY, CDS, CDNSKEY, NSEC3PARAM) included. */
export async function exportZone(ctx: PlanningContext, principal: Principal, zoneId: string) {
  const zone = await findZone(ctx.db, principal, zoneId);
  const sets = await ctx.db
    .select({ name: rrsets.name, type: rrsets.type, ttl: rrsets.ttl, contents: rrsets.contents })
    .from(rrsets)
    .where(eq(rrsets.zoneId, zone.id));
  const text = await ctx.workers.run(
    'writeZone',
    {
      sets,
      origin: zone.name,
      ttl: zone.ttl,
      comments: [`Zone ${zone.name}, serial ${zone.serial}, exported ${new Date().toISOString()} from Kaja DNS`],
    },
    zone.customerId,
  );
  return { zone, text };
}

export interface ImportOptions {
  mode: 'merge' | 'replace';
  dryRun: boolean;
}

/**
 * Imports a zone file. Nothing is written unless the whole file is valid; the first bad lines are
 * reported with their numbers, and how many there are. Reading and planning run on the worker
 * threads. `merge` replaces the sets the file has and keeps the others; `replace`
 * also removes the zone's sets that the file lacks. The SOA, apex NS and DNSSEC records are the
 * platform's: the file's are left out and listed under `ignored` (so an export imports unchanged).
 */
export async function importZone(ctx: PlanningContext, principal: Principal, zoneId: string, text: string, options: ImportOptions) {
  const plan = (state: ZoneState, complete: boolean) =>
    ctx.workers.run(
      'planZoneFile',
      { text, zone: state.zone, sets: [...state.sets.values()], removeOthers: options.mode === 'replace', principal, complete },
      principal.customerId,
    );
  const zone = editableZone(await findZone(ctx.db, principal, zoneId));
  let planned: ZoneFilePlan;
  let serial: number;
  if (options.dryRun) {
    const state = await readZoneSnapshot(ctx, principal, zone);
    planned = await plan(state, false);
    await ctx.db.transaction((tx) => checkRecordQuota(tx, state.zone.customerId, planned.recordDelta));
    serial = state.zone.serial;
  } else {
    const audited: Record<string, unknown> = { mode: options.mode };
    ({ serial } = await writeHeavyChange(ctx, principal, zone, { source: 'import', action: 'zone.imported', summary: audited }, async (state) => {
      planned = await plan(state, true);
      audited.records = planned.records;
      return planned.complete!;
    }));
  }
  return {
    mode: options.mode,
    dry_run: options.dryRun,
    serial,
    summary: { records_in_file: planned!.recordsInFile, ...planned!.summary, by_type: planned!.byType },
    ignored: planned!.ignored,
    warnings: planned!.warnings,
    changes_total: planned!.changesTotal,
    changes: planned!.listed.map(presentDiff),
  };
}
