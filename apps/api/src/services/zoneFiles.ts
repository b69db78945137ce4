import { eq } from '@kaja/db/orm';
import { rrsets, type JournalRecord } from '@kaja/db';
import { groupRecords, managedTypeProblem, parseZoneFile, writeZoneFile } from '@kaja/dns-model';
import { ApiError, invalid } from '../errors';
import type { Principal } from './principal';
import { changesToReach } from './journal';
import { presentDiff } from './rrsets';
import { editZone, findZone, type ZoneContext } from './zoneEdits';

/** The zone as an RFC 1035 master file, the platform's sets (SOA, apex NS, DNSKEY, CDS, CDNSKEY, NSEC3PARAM) included. */
export async function exportZone(ctx: ZoneContext, principal: Principal, zoneId: string) {
  const zone = await findZone(ctx.db, principal, zoneId);
  const rows = await ctx.db.select().from(rrsets).where(eq(rrsets.zoneId, zone.id));
  const records = rows.flatMap((row) => row.contents.map((content) => ({ name: row.name, type: row.type, ttl: row.ttl, content })));
  const text = writeZoneFile(records, {
    origin: zone.name,
    ttl: zone.ttl,
    comments: [`Zone ${zone.name}, serial ${zone.serial}, exported ${new Date().toISOString()} from Kaja DNS`],
  });
  return { zone, text };
}

export interface ImportOptions {
  mode: 'merge' | 'replace';
  dryRun: boolean;
}

/** Bad lines reported in one response at most; the count says how many there were. */
const maxReportedLines = 1000;

/**
 * Imports a zone file. Every bad line is reported with its number and nothing is written unless
 * the whole file is valid. `merge` replaces the sets the file has and keeps the others; `replace`
 * also removes the zone's sets that the file lacks. The SOA, apex NS and DNSSEC records are the
 * platform's: the file's are left out and listed under `ignored` (so an export imports unchanged).
 */
export async function importZone(ctx: ZoneContext, principal: Principal, zoneId: string, text: string, options: ImportOptions) {
  const zone = await findZone(ctx.db, principal, zoneId);
  const parsed = parseZoneFile(text, { origin: zone.name, defaultTtl: zone.ttl });
  if (parsed.errors.length > 0) {
    const first = parsed.errors[0]!;
    const more = parsed.errors.length > 1 ? ` (and ${parsed.errors.length - 1} more bad line${parsed.errors.length > 2 ? 's' : ''})` : '';
    throw new ApiError('validation_failed', `Line ${first.line}: ${first.message}${more}`, {
      file: `${parsed.errors.length} line${parsed.errors.length === 1 ? ' has' : 's have'} errors; nothing was imported`,
      error_count: parsed.errors.length,
      lines: parsed.errors.slice(0, maxReportedLines),
    });
  }

  const ignored = new Map<string, { name: string; type: string; count: number; reason: string }>();
  const records: JournalRecord[] = [];
  for (const record of parsed.records) {
    const managed = managedTypeProblem(zone.name, record.name, record.type);
    if (managed) {
      const key = `${record.name}\u0000${record.type}`;
      const entry = ignored.get(key) ?? { name: record.name, type: record.type, count: 0, reason: `${managed}: the file's were not imported` };
      entry.count++;
      ignored.set(key, entry);
    } else records.push(record);
  }
  const grouped = groupRecords(records);
  if (grouped.problems.length > 0) throw invalid(Object.fromEntries(grouped.problems.map((problem) => [`${problem.name}/${problem.type}.${problem.field}`, problem.message])));

  const result = await editZone(
    ctx,
    principal,
    zoneId,
    { source: 'import', action: 'zone.imported', dryRun: options.dryRun, summary: { mode: options.mode, records: records.length } },
    (state) => changesToReach(state.zone, state.sets, records, { removeOthers: options.mode === 'replace', path: (name, type) => `${name}/${type}.` }),
  );
  const changes = result.diffs.map(presentDiff);
  return {
    mode: options.mode,
    dry_run: options.dryRun,
    serial: result.serial,
    summary: {
      records_in_file: parsed.records.length,
      sets_created: changes.filter((change) => change.action === 'create').length,
      sets_updated: changes.filter((change) => change.action === 'update').length,
      sets_deleted: changes.filter((change) => change.action === 'delete').length,
      records_added: changes.reduce((total, change) => total + change.added.length, 0),
      records_removed: changes.reduce((total, change) => total + change.removed.length, 0),
    },
    ignored: [...ignored.values()],
    changes,
  };
}
