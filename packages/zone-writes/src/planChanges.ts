import { checkRrsets, managedTypeProblem, writableTypeProblem, type Rrset } from '@kaja/dns-model';
import { invalidChange, ZoneWriteError } from './errors';
import { canWriteRrset, type Caller, type RrsetTarget } from './restrictions';
import { asRrset, isManagedSet, relativeName, setKey, type ZoneState } from './zoneSets';

/** One set a request changes. */
export interface SetChange {
  name: string;
  type: string;
  /** The set after the change; null removes it. */
  next: Rrset | null;
  /** Prefix of the request field a problem with this set is reported under, e.g. `changes.3.`. */
  path: string;
}

/** What a change did to one set. */
export interface SetDiff {
  name: string;
  type: string;
  action: 'create' | 'update' | 'delete';
  ttl: number;
  removed: string[];
  added: string[];
}

/** Whose record policies a change is held to, and how a refusal names them. */
export interface RrsetWriter {
  /** e.g. `This API key`. */
  label: string;
  mayWrite(target: RrsetTarget): boolean;
}

export const callerWriter = (caller: Caller): RrsetWriter => ({
  label: 'This API key',
  mayWrite: (target) => canWriteRrset(caller, target),
});

/**
 * Checks a change against the writer's record policies and the RRset rules of the whole zone after
 * it, and works out what it removes and adds. Throws `not_permitted` or `invalid_change` with the
 * field hints of the request.
 */
export function planChanges(writer: RrsetWriter | null, state: ZoneState, changes: readonly SetChange[], options: { system?: boolean } = {}): SetDiff[] {
  const { zone, sets } = state;
  const details: Record<string, string> = {};
  const byKey = new Map<string, SetChange>();
  for (const change of changes) {
    const key = setKey(change.name, change.type);
    if (byKey.has(key)) details[`${change.path}name`] ??= `${change.name} ${change.type} appears more than once in this request`;
    byKey.set(key, change);
    if (!options.system) {
      // Every customer writer (API, bulk, import, restore, UPDATE) meets the API's decision on
      // types here; a set of a type no longer writable may still be removed.
      const refused = managedTypeProblem(zone.name, change.name, change.type) ?? (change.next ? writableTypeProblem(zone.name, change.type) : undefined);
      if (refused) details[`${change.path}type`] ??= refused;
    }
  }
  if (Object.keys(details).length > 0) throw invalidChange(details);

  if (!options.system) {
    if (!writer) throw new TypeError("A change that is not the platform's own needs the caller");
    const refused = changes.filter((change) => !writer.mayWrite({ zone: zone.name, name: relativeName(change.name, zone.name), type: change.type }));
    if (refused.length > 0) {
      const first = refused[0]!;
      throw new ZoneWriteError(
        'not_permitted',
        `${writer.label} may not change ${first.type} records at ${first.name}`,
        Object.fromEntries(refused.map((change) => [`${change.path}name`, `${writer.label} may not change ${change.type} records at ${change.name}`])),
      );
    }
  }

  const after: Rrset[] = [];
  for (const [key, row] of sets) if (!byKey.has(key)) after.push(asRrset(row));
  for (const change of byKey.values()) if (change.next) after.push(change.next);
  // The platform's own sets (SOA, apex NS) are not checked as customer input. The other sets at a
  // changed name are, since a change can break them (a DS left behind when its NS goes).
  const checked: { name: string; type: string }[] = [...byKey.values()].filter(
    (change) => !options.system || !isManagedSet(zone.name, change.name, change.type),
  );
  const changedNames = new Set(checked.map((change) => change.name));
  for (const [key, row] of sets) {
    if (changedNames.has(row.name) && !byKey.has(key) && !row.managed) checked.push({ name: row.name, type: row.type });
  }
  const problems = checkRrsets(zone.name, after, { changed: checked });
  // A problem of a set the request names comes before one it causes beside it.
  const own = (problem: { name: string; type: string }) => (byKey.has(setKey(problem.name, problem.type)) ? 0 : 1);
  for (const problem of [...problems].sort((a, b) => own(a) - own(b))) {
    const change = byKey.get(setKey(problem.name, problem.type));
    details[`${change?.path ?? ''}${problem.field}`] ??= problem.message;
  }
  if (Object.keys(details).length > 0) throw invalidChange(details);

  const diffs: SetDiff[] = [];
  for (const change of byKey.values()) {
    const before = sets.get(setKey(change.name, change.type));
    const next = change.next;
    if (!before && !next) continue;
    if (!before) {
      diffs.push({ name: change.name, type: change.type, action: 'create', ttl: next!.ttl, removed: [], added: [...next!.contents] });
    } else if (!next) {
      diffs.push({ name: change.name, type: change.type, action: 'delete', ttl: before.ttl, removed: [...before.contents], added: [] });
    } else {
      // A new TTL changes every record of the set (IXFR carries it as delete and add).
      const sameTtl = before.ttl === next.ttl;
      const old = new Set(before.contents);
      const now = new Set(next.contents);
      const removed = sameTtl ? before.contents.filter((content) => !now.has(content)) : [...before.contents];
      const added = sameTtl ? next.contents.filter((content) => !old.has(content)) : [...next.contents];
      if (removed.length > 0 || added.length > 0) diffs.push({ name: change.name, type: change.type, action: 'update', ttl: next.ttl, removed, added });
    }
  }
  return diffs;
}
