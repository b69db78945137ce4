// The CPU-heavy work of requests, run on the pool's threads: pure functions of plain data.
import type { ZoneChangeRecord } from '@kaja/db';
import { groupRecords, managedTypeProblem, parseZoneFile, rrsetWarnings, writableTypeProblem, writeZoneFile, type RrsetWarning } from '@kaja/dns-model';
import { ApiError, invalid } from '../errors';
import { changesToReach } from '../services/zones/zoneChangeHistory';
import type { Principal } from '../services/accounts/principal';
import { planChanges, callerWriter, recordDelta, setKey, type RrsetRow, type SetChange, type SetDiff, type ZoneRow } from '@kaja/zone-writes';

/** Bad lines of a zone file reported in one response at most; the count says how many there were. */
export const maxReportedLines = 100;

/** Set changes listed in an import's answer; the summary counts them all. */
export const maxListedChanges = 1000;

export interface IgnoredSet {
  name: string;
  type: string;
  count: number;
  reason: string;
}

/** The records of a zone file to import, and the platform's sets it left out. */
export interface ZoneFileContent {
  records: ZoneChangeRecord[];
  ignored: IgnoredSet[];
  recordsInFile: number;
}

/**
 * Reads a zone file for import: a file with bad lines is refused with the first of them and their
 * count; the SOA, apex NS and DNSSEC records are the platform's and are left out (and listed).
 */
function readZoneFile({ text, origin, ttl }: { text: string; origin: string; ttl: number }): ZoneFileContent {
  // The platform's own sets are left out below; any other type is the API's decision, as for every writer.
  const recordProblem = (record: { name: string; type: string }) =>
    managedTypeProblem(origin, record.name, record.type) ? undefined : writableTypeProblem(origin, record.type);
  const parsed = parseZoneFile(text, { origin, defaultTtl: ttl, maxErrors: maxReportedLines, recordProblem });
  if (parsed.errorCount > 0) {
    const first = parsed.errors[0]!;
    const more = parsed.errorCount > 1 ? ` (and ${parsed.errorCount - 1} more bad line${parsed.errorCount > 2 ? 's' : ''})` : '';
    throw new ApiError('validation_failed', `Line ${first.line}: ${first.message}${more}`, {
      file: `${parsed.errorCount} line${parsed.errorCount === 1 ? ' has' : 's have'} errors; nothing was imported`,
      error_count: parsed.errorCount,
      lines: parsed.errors,
    });
  }
  const ignored = new Map<string, IgnoredSet>();
  const records: ZoneChangeRecord[] = [];
  for (const record of parsed.records) {
    const managed = managedTypeProblem(origin, record.name, record.type);
    if (managed) {
      const key = setKey(record.name, record.type);
      const entry = ignored.get(key) ?? { name: record.name, type: record.type, count: 0, reason: `${managed}: the file's were not imported` };
      entry.count++;
      ignored.set(key, entry);
    } else records.push(record);
  }
  const grouped = groupRecords(records);
  if (grouped.problems.length > 0)
    throw invalid(Object.fromEntries(grouped.problems.map((problem) => [`${problem.name}/${problem.type}.${problem.field}`, problem.message])));
  return { records, ignored: [...ignored.values()], recordsInFile: parsed.records.length };
}

export interface PlannedChange {
  changes: SetChange[];
  diffs: SetDiff[];
}

export interface PlanInput {
  zone: ZoneRow;
  sets: RrsetRow[];
  removeOthers: boolean;
  principal: Principal;
}

/** What an import would change, small enough to answer: counts, and the first set changes. */
export interface ZoneFilePlan {
  ignored: IgnoredSet[];
  recordsInFile: number;
  /** Records taken from the file (those not ignored). */
  records: number;
  summary: { sets_created: number; sets_updated: number; sets_deleted: number; records_added: number; records_removed: number };
  /** The set changes counted per record type, by type. */
  byType: { type: string; created: number; updated: number; deleted: number }[];
  /** What the sets the file creates or changes do that may not be meant (an empty CAA issue value, SPF +all...). */
  warnings: RrsetWarning[];
  changesTotal: number;
  /** The first `maxListedChanges` set changes. */
  listed: SetDiff[];
  /** Customer records the change adds, for the plan's record limit. */
  recordDelta: number;
  /** Every change, to write them: only when asked for (not for a dry run). */
  complete?: PlannedChange;
}

/**
 * The set changes that make the zone's customer records equal `records`, checked against the
 * caller's record policies and the RRset rules of the whole zone (`planChanges`). Problems are
 * reported under `name/type.field` when `fieldsByName`.
 */
function planRecords(input: PlanInput & { records: ZoneChangeRecord[]; fieldsByName: boolean }): PlannedChange {
  const state = { zone: input.zone, sets: new Map(input.sets.map((row) => [setKey(row.name, row.type), row])) };
  const changes = changesToReach(state.zone, state.sets, input.records, {
    removeOthers: input.removeOthers,
    ...(input.fieldsByName ? { path: (name: string, type: string) => `${name}/${type}.` } : {}),
  });
  return { changes, diffs: planChanges(callerWriter(input.principal), state, changes) };
}

/**
 * Reads a zone file for import and plans the change it makes to the zone (see `readZoneFile` and
 * `planRecords`). Only the counts and the first changes go back, unless `complete` asks for every
 * change to write it.
 */
function planZoneFile(input: PlanInput & { text: string; complete: boolean }): ZoneFilePlan {
  const file = readZoneFile({ text: input.text, origin: input.zone.name, ttl: input.zone.ttl });
  const planned = planRecords({ ...input, records: file.records, fieldsByName: true });
  const { diffs } = planned;
  const count = (action: SetDiff['action']) => diffs.filter((diff) => diff.action === action).length;
  return {
    ignored: file.ignored,
    recordsInFile: file.recordsInFile,
    records: file.records.length,
    summary: {
      sets_created: count('create'),
      sets_updated: count('update'),
      sets_deleted: count('delete'),
      records_added: diffs.reduce((total, diff) => total + diff.added.length, 0),
      records_removed: diffs.reduce((total, diff) => total + diff.removed.length, 0),
    },
    byType: changesByType(diffs),
    warnings: warningsOfWritten(file.records, diffs),
    changesTotal: diffs.length,
    listed: diffs.slice(0, maxListedChanges),
    recordDelta: recordDelta(input.zone.name, diffs),
    ...(input.complete ? { complete: planned } : {}),
  };
}

function changesByType(diffs: readonly SetDiff[]): ZoneFilePlan['byType'] {
  const counts = new Map<string, ZoneFilePlan['byType'][number]>();
  for (const diff of diffs) {
    const row = counts.get(diff.type) ?? { type: diff.type, created: 0, updated: 0, deleted: 0 };
    row[diff.action === 'create' ? 'created' : diff.action === 'update' ? 'updated' : 'deleted']++;
    counts.set(diff.type, row);
  }
  return [...counts.values()].sort((a, b) => (a.type < b.type ? -1 : 1));
}

/** The warnings of the sets a file creates or changes: each such set becomes the file's. */
function warningsOfWritten(records: readonly ZoneChangeRecord[], diffs: readonly SetDiff[]): RrsetWarning[] {
  const written = new Set(diffs.filter((diff) => diff.action !== 'delete').map((diff) => setKey(diff.name, diff.type)));
  const sets = new Map<string, { name: string; type: string; contents: string[] }>();
  for (const record of records) {
    const key = setKey(record.name, record.type);
    if (!written.has(key)) continue;
    const set = sets.get(key) ?? { name: record.name, type: record.type, contents: [] };
    set.contents.push(record.content);
    sets.set(key, set);
  }
  return [...sets.values()].flatMap(rrsetWarnings);
}

/** A zone's sets as an RFC 1035 master file. */
function writeZone({
  sets,
  origin,
  ttl,
  comments,
}: {
  sets: Pick<RrsetRow, 'name' | 'type' | 'ttl' | 'contents'>[];
  origin: string;
  ttl: number;
  comments: string[];
}): string {
  const records = sets.flatMap((set) => set.contents.map((content) => ({ name: set.name, type: set.type, ttl: set.ttl, content })));
  return writeZoneFile(records, { origin, ttl, comments });
}

export const tasks = { planZoneFile, planRecords, writeZone };
export type Tasks = typeof tasks;
export type TaskName = keyof Tasks;
