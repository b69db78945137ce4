// The CPU-heavy work of requests, run on the pool's threads: pure functions of plain data.
import type { JournalRecord } from '@kaja/db';
import { groupRecords, managedTypeProblem, parseZoneFile, writeZoneFile } from '@kaja/dns-model';
import { ApiError, invalid } from '../errors';
import { changesToReach } from '../services/journal';
import type { Principal } from '../services/principal';
import { planChanges, principalWriter, setKey, type RrsetRow, type SetChange, type SetDiff, type ZoneRow } from '../services/zoneEdits';

/** Bad lines of a zone file reported in one response at most; the count says how many there were. */
export const maxReportedLines = 100;

export interface IgnoredSet {
  name: string;
  type: string;
  count: number;
  reason: string;
}

/** The records of a zone file to import, and the platform's sets it left out. */
export interface ZoneFileContent {
  records: JournalRecord[];
  ignored: IgnoredSet[];
  recordsInFile: number;
}

/**
 * Reads a zone file for import: a file with bad lines is refused with the first of them and their
 * count; the SOA, apex NS and DNSSEC records are the platform's and are left out (and listed).
 */
function readZoneFile({ text, origin, ttl }: { text: string; origin: string; ttl: number }): ZoneFileContent {
  const parsed = parseZoneFile(text, { origin, defaultTtl: ttl, maxErrors: maxReportedLines });
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
  const records: JournalRecord[] = [];
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
  if (grouped.problems.length > 0) throw invalid(Object.fromEntries(grouped.problems.map((problem) => [`${problem.name}/${problem.type}.${problem.field}`, problem.message])));
  return { records, ignored: [...ignored.values()], recordsInFile: parsed.records.length };
}

export interface PlannedChange {
  changes: SetChange[];
  diffs: SetDiff[];
}

/**
 * The set changes that make the zone's customer records equal `records`, checked against the
 * caller's record policies and the RRset rules of the whole zone (`planChanges`). Problems are
 * reported under `name/type.field` when `fieldsByName`.
 */
function planRecords(input: { zone: ZoneRow; sets: RrsetRow[]; records: JournalRecord[]; removeOthers: boolean; principal: Principal; fieldsByName: boolean }): PlannedChange {
  const state = { zone: input.zone, sets: new Map(input.sets.map((row) => [setKey(row.name, row.type), row])) };
  const changes = changesToReach(state.zone, state.sets, input.records, {
    removeOthers: input.removeOthers,
    ...(input.fieldsByName ? { path: (name: string, type: string) => `${name}/${type}.` } : {}),
  });
  return { changes, diffs: planChanges(principalWriter(input.principal), state, changes) };
}

/** A zone's sets as an RFC 1035 master file. */
function writeZone({ sets, origin, ttl, comments }: { sets: Pick<RrsetRow, 'name' | 'type' | 'ttl' | 'contents'>[]; origin: string; ttl: number; comments: string[] }): string {
  const records = sets.flatMap((set) => set.contents.map((content) => ({ name: set.name, type: set.type, ttl: set.ttl, content })));
  return writeZoneFile(records, { origin, ttl, comments });
}

export const tasks = { readZoneFile, planRecords, writeZone };
export type Tasks = typeof tasks;
export type TaskName = keyof Tasks;
