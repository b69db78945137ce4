import { invalidChange, ZoneWriteError } from './errors';
import type { SetChange } from './planChanges';
import { setKey, type ZoneState } from './zoneSets';

/** The values a request gives a set; `ttl` is null when the request leaves it out. */
interface SetValues {
  name: string;
  type: string;
  ttl: number | null;
  contents: string[];
}

/**
 * What a request asks of one set, read once by the writer before the zone is locked (names
 * absolute, types canonical, values parsed). What it does depends on the set as it is under the
 * lock (`setChangesOf`).
 */
export type RecordEdit =
  // One set that the request's URL names: a set or record that is not there is not found.
  /** POST: adds values to the set, creating it; a TTL left out keeps the set's (a new set takes the zone's). */
  | (SetValues & { action: 'add' })
  /** PUT: the stored set of that id takes these values; a TTL left out keeps its own. */
  | (SetValues & { action: 'update'; id: string })
  /**
   * DELETE: the set (only the stored set of `id`, when given), or with `content` that one value
   * (and the set with its last). A value that could not be read is reported once the set is found.
   */
  | { action: 'remove'; name: string; type: string; id?: string; content?: { ok: true; value: string } | { ok: false; problem: string } }
  // One change of PATCH's list: the problems of every change are reported together, each under
  // its `path` (`changes.3.`).
  /** `create` refuses a set that is there already; both take the zone's TTL when none is given. */
  | (SetValues & { action: 'create' | 'replace'; path: string })
  /** Removes a set that must be there. */
  | { action: 'delete'; name: string; type: string; path: string }
  /** A change of the list that could not be read: its problems, by field. */
  | { action: 'unreadable'; problems: Record<string, string> };

/** The sets the edits name, with the values they write: what `neighbourhoodOf` loads around. */
export const editedSets = (edits: readonly RecordEdit[]) => edits.filter((edit) => edit.action !== 'unreadable');

const notFound = (what: string) => new ZoneWriteError('rrset_not_found', `${what} not found`);

/** The set changes the edits make to the zone as it is; throws when one cannot apply. */
export function setChangesOf(edits: readonly RecordEdit[], { zone, sets }: ZoneState): SetChange[] {
  const problems: Record<string, string> = {};
  const changes: SetChange[] = [];
  for (const edit of edits) {
    if (edit.action === 'unreadable') {
      Object.assign(problems, edit.problems);
      continue;
    }
    const { name, type } = edit;
    const existing = sets.get(setKey(name, type));
    switch (edit.action) {
      case 'add': {
        const have = new Set(existing?.contents);
        const contents = [...(existing?.contents ?? []), ...edit.contents.filter((content) => !have.has(content))];
        changes.push({ name, type, next: { name, type, ttl: edit.ttl ?? existing?.ttl ?? zone.ttl, contents }, path: '' });
        break;
      }
      case 'update':
        if (existing?.id !== edit.id) throw notFound('Record');
        changes.push({ name, type, next: { name, type, ttl: edit.ttl ?? existing.ttl, contents: edit.contents }, path: '' });
        break;
      case 'remove': {
        if (!existing || (edit.id !== undefined && existing.id !== edit.id)) throw notFound(edit.id === undefined ? `${type} record set at ${name}` : 'Record');
        if (!edit.content) {
          changes.push({ name, type, next: null, path: '' });
          break;
        }
        if (!edit.content.ok) throw invalidChange({ content: edit.content.problem });
        const value = edit.content.value;
        if (!existing.contents.includes(value)) throw notFound(`${type} record ${value} at ${name}`);
        const rest = existing.contents.filter((content) => content !== value);
        changes.push({ name, type, next: rest.length > 0 ? { name, type, ttl: existing.ttl, contents: rest } : null, path: '' });
        break;
      }
      case 'create':
      case 'replace':
        if (edit.action === 'create' && existing) {
          problems[`${edit.path}name`] = `${name} already has a ${type} set: use replace to change it`;
          break;
        }
        changes.push({ name, type, next: { name, type, ttl: edit.ttl ?? zone.ttl, contents: edit.contents }, path: edit.path });
        break;
      case 'delete':
        if (!existing) {
          problems[`${edit.path}name`] = `There is no ${type} set at ${name} to delete`;
          break;
        }
        changes.push({ name, type, next: null, path: edit.path });
        break;
    }
  }
  if (Object.keys(problems).length > 0) throw invalidChange(problems);
  return changes;
}
