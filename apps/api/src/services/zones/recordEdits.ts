import {
  isTypeName,
  MIN_TTL,
  parseOwnerName,
  parseRrsetInput,
  recordType,
  typeCode,
  typeName,
  ValidationError,
  type FieldErrors,
  type Rrset,
  type RrsetInput,
} from '@kaja/dns-model';
import type { RecordEdit, RrsetRow, ZoneRow } from '@kaja/zone-writes';
import { ApiError, invalid } from '../../errors';

// The record requests read once, against the zone as the request found it, into the write path's
// edits (`editZone`): names absolute, types canonical, values parsed.

type EditOf<Action extends RecordEdit['action']> = Extract<RecordEdit, { action: Action }>;

const prefixed = (errors: FieldErrors, path: string) => Object.fromEntries(Object.entries(errors).map(([field, message]) => [`${path}${field}`, message]));

/** A record type as the URL or a filter gives it (any case, ANAME for ALIAS). */
export function typeParam(text: string, field: string): string {
  if (!isTypeName(text)) throw invalid({ [field]: `Unknown record type ${text}` });
  return typeName(typeCode(text));
}

export function ownerParam(text: string, zone: string, field: string): string {
  try {
    return parseOwnerName(text, zone);
  } catch (error) {
    if (error instanceof ValidationError) throw invalid({ [field]: error.message });
    throw error;
  }
}

/** A TTL the request left out is null: what takes its place depends on the set under the lock. */
const givenTtl = (input: RrsetInput) => input.ttl !== undefined && input.ttl !== null;

/** One set from a request body; throws validation_failed with the field hints under `path`. */
function readSet(input: RrsetInput, zone: Pick<ZoneRow, 'name'>, path = ''): Rrset {
  // A TTL left out is taken under the lock (the set's, else the zone's: `valuesOf` makes it null), so
  // the default given here is never written: any valid TTL does.
  const parsed = parseRrsetInput(input, zone.name, { defaultTtl: MIN_TTL });
  if (!parsed.ok) throw invalid(prefixed(parsed.errors, path));
  return parsed.rrset;
}

const valuesOf = (input: RrsetInput, set: Rrset) => ({ name: set.name, type: set.type, ttl: givenTtl(input) ? set.ttl : null, contents: set.contents });

/** POST /zones/{id}/records. */
export function addEdit(input: RrsetInput, zone: Pick<ZoneRow, 'name'>): EditOf<'add'> {
  return { action: 'add', ...valuesOf(input, readSet(input, zone)) };
}

/** PUT /zones/{id}/records/{rrsetId}: the stored set's new TTL and values. */
export function updateEdit(row: RrsetRow, input: { ttl?: unknown; content?: unknown }, zone: Pick<ZoneRow, 'name'>): EditOf<'update'> {
  const body = { type: row.type, name: `${row.name}.`, content: input.content, ttl: input.ttl };
  return { action: 'update', id: row.id, ...valuesOf(body, readSet(body, zone)) };
}

/** DELETE by-name/{name}/{type}, with or without one `content`. */
export function removeEdit(params: { name: string; type: string; content?: string | undefined }, zone: Pick<ZoneRow, 'name'>): EditOf<'remove'> {
  const name = ownerParam(params.name, zone.name, 'name');
  const type = typeParam(params.type, 'type');
  if (params.content === undefined) return { action: 'remove', name, type };
  try {
    return { action: 'remove', name, type, content: { ok: true, value: recordType(type).parse(params.content, zone.name) } };
  } catch (error) {
    if (error instanceof ValidationError) return { action: 'remove', name, type, content: { ok: false, problem: error.message } };
    throw error;
  }
}

export interface BulkChange {
  action: 'create' | 'replace' | 'delete';
  name?: string | undefined;
  type?: string | undefined;
  ttl?: number | undefined;
  content?: string | string[] | undefined;
}

/** PATCH's list of set changes; a change that cannot be read carries its problems, reported with the others'. */
export function bulkEdits(changes: readonly BulkChange[], zone: Pick<ZoneRow, 'name'>): RecordEdit[] {
  return changes.map((change, index): RecordEdit => {
    const path = `changes.${index}.`;
    try {
      if (change.action === 'delete') {
        if (change.type === undefined || change.type === '') throw invalid({ [`${path}type`]: 'Record type is required' });
        const type = typeParam(change.type, `${path}type`);
        return { action: 'delete', name: ownerParam(change.name ?? '', zone.name, `${path}name`), type, path };
      }
      return { action: change.action, ...valuesOf(change, readSet(change, zone, path)), path };
    } catch (error) {
      if (error instanceof ApiError && error.code === 'validation_failed') return { action: 'unreadable', problems: error.details as Record<string, string> };
      throw error;
    }
  });
}
