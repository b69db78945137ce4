import { eq } from '@kaja/db/orm';
import { rrsets } from '@kaja/db';
import type { Principal } from './principal';
import { presentDiff } from './rrsets';
import { editZoneOptimistically, findZone, type PlanningContext } from './zoneEdits';

/** The zone as an RFC 1035 master file, the platform's sets (SOA, apex NS, DNSKEY, CDS, CDNSKEY, NSEC3PARAM) included. */
export async function exportZone(ctx: PlanningContext, principal: Principal, zoneId: string) {
  const zone = await findZone(ctx.db, principal, zoneId);
  const sets = await ctx.db.select({ name: rrsets.name, type: rrsets.type, ttl: rrsets.ttl, contents: rrsets.contents }).from(rrsets).where(eq(rrsets.zoneId, zone.id));
  const text = await ctx.workers.run('writeZone', {
    sets,
    origin: zone.name,
    ttl: zone.ttl,
    comments: [`Zone ${zone.name}, serial ${zone.serial}, exported ${new Date().toISOString()} from Kaja DNS`],
  });
  return { zone, text };
}

/** Set changes listed in an import's answer; the summary counts them all. */
const maxListedChanges = 1000;

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
  const zone = await findZone(ctx.db, principal, zoneId);
  const file = await ctx.workers.run('readZoneFile', { text, origin: zone.name, ttl: zone.ttl });
  const result = await editZoneOptimistically(
    ctx,
    principal,
    zoneId,
    { source: 'import', action: 'zone.imported', dryRun: options.dryRun, summary: { mode: options.mode, records: file.records.length } },
    ({ zone, sets }) =>
      ctx.workers.run('planRecords', { zone, sets: [...sets.values()], records: file.records, removeOthers: options.mode === 'replace', principal, fieldsByName: true }),
  );
  const changes = result.diffs;
  return {
    mode: options.mode,
    dry_run: options.dryRun,
    serial: result.serial,
    summary: {
      records_in_file: file.recordsInFile,
      sets_created: changes.filter((change) => change.action === 'create').length,
      sets_updated: changes.filter((change) => change.action === 'update').length,
      sets_deleted: changes.filter((change) => change.action === 'delete').length,
      records_added: changes.reduce((total, change) => total + change.added.length, 0),
      records_removed: changes.reduce((total, change) => total + change.removed.length, 0),
    },
    ignored: file.ignored,
    changes_total: changes.length,
    changes: changes.slice(0, maxListedChanges).map(presentDiff),
  };
}
