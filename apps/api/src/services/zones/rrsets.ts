import { and, asc, count, eq, type SQL } from '@kaja/db/orm';
import { rrsets } from '@kaja/db';
import {
  isTypeName,
  parseOwnerName,
  parseRrsetInput,
  recordType,
  typeCode,
  typeName,
  ValidationError,
  type FieldErrors,
  type Rrset,
  type RrsetInput,
  type RrsetInputResult,
} from '@kaja/dns-model';
import { ApiError, invalid, notFound } from '../../errors';
import type { Pagination } from '../../schemas/common';
import type { Principal } from '../accounts/principal';
import { editZone, findZone, setKey, type RrsetRow, type SetChange, type SetDiff, type ZoneRow, type ZoneState } from '@kaja/zone-writes';
import type { ZoneContext } from '../context';

export const presentRrset = (row: RrsetRow) => ({
  id: row.id,
  name: row.name,
  type: row.type,
  ttl: row.ttl,
  content: row.contents,
  managed: row.managed,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export const presentDiff = (diff: SetDiff) => ({
  name: diff.name,
  type: diff.type,
  action: diff.action,
  ttl: diff.ttl,
  removed: diff.removed,
  added: diff.added,
});

const prefixed = (errors: FieldErrors, path: string) => Object.fromEntries(Object.entries(errors).map(([field, message]) => [`${path}${field}`, message]));

/** A record type as the URL or a filter gives it (any case, ANAME for ALIAS). */
function typeParam(text: string, field: string): string {
  if (!isTypeName(text)) throw invalid({ [field]: `Unknown record type ${text}` });
  return typeName(typeCode(text));
}

function ownerParam(text: string, zone: string, field: string): string {
  try {
    return parseOwnerName(text, zone);
  } catch (error) {
    if (error instanceof ValidationError) throw invalid({ [field]: error.message });
    throw error;
  }
}

/**
 * Each record input of a request is read once: the neighbourhood a change loads (`touchedBy`,
 * before the zone is locked) and the change itself (`parseSet`) share the reading.
 */
const readings = new WeakMap<RrsetInput, { zone: string; ttl: number; result: RrsetInputResult }>();

function readInput(input: RrsetInput, zone: ZoneRow): RrsetInputResult {
  const known = readings.get(input);
  if (known && known.zone === zone.name && known.ttl === zone.ttl) return known.result;
  const result = parseRrsetInput(input, zone.name, { defaultTtl: zone.ttl });
  readings.set(input, { zone: zone.name, ttl: zone.ttl, result });
  return result;
}

/** One set from a request body (the zone's TTL when it gives none); throws validation_failed with the field hints under `path`. */
function parseSet(input: RrsetInput, zone: ZoneRow, path = ''): Rrset {
  const parsed = readInput(input, zone);
  if (!parsed.ok) throw invalid(prefixed(parsed.errors, path));
  return parsed.rrset;
}

type Touched = { name: string; type: string; contents?: readonly string[] };

/** What a request will touch, read leniently before the change: a bad field yields nothing, and the change itself reports it. */
function touchedBy(input: RrsetInput & { action?: string }, zone: ZoneRow): Touched[] {
  if (input.action === 'delete') {
    try {
      return [
        {
          name: parseOwnerName(typeof input.name === 'string' ? input.name : '', zone.name),
          type: (typeof input.type === 'string' ? input.type : '').toUpperCase(),
        },
      ];
    } catch {
      return [];
    }
  }
  const parsed = readInput(input, zone);
  return parsed.ok ? [parsed.rrset] : [];
}

/** Bulk changes up to this size load only what they touch (every PATCH the schema allows). */
const smallChange = 1000;

export async function listRrsets(
  ctx: ZoneContext,
  principal: Principal,
  zoneId: string,
  query: Pagination & { name?: string | undefined; type?: string | undefined },
) {
  const zone = await findZone(ctx.db, principal, zoneId);
  const conditions: SQL[] = [eq(rrsets.zoneId, zone.id)];
  if (query.name !== undefined) conditions.push(eq(rrsets.name, ownerParam(query.name, zone.name, 'name')));
  if (query.type !== undefined) conditions.push(eq(rrsets.type, typeParam(query.type, 'type')));
  const where = and(...conditions);
  const rows = await ctx.db
    .select()
    .from(rrsets)
    .where(where)
    // Canonical DNS order of names (RFC 4034), then by type number: the order of an index.
    .orderBy(asc(rrsets.sortKey), asc(rrsets.typeCode))
    .limit(query.limit)
    .offset(query.offset);
  // Unfiltered, the zone keeps its count: no scan of a big zone for every page.
  const total = conditions.length === 1 ? zone.rrsetCount : (await ctx.db.select({ value: count() }).from(rrsets).where(where))[0]!.value;
  return { items: rows.map(presentRrset), total };
}

async function findRrset(ctx: ZoneContext, zone: ZoneRow, rrsetId: string): Promise<RrsetRow> {
  const [row] = await ctx.db
    .select()
    .from(rrsets)
    .where(and(eq(rrsets.id, rrsetId), eq(rrsets.zoneId, zone.id)));
  if (!row) throw notFound('Record');
  return row;
}

export async function getRrset(ctx: ZoneContext, principal: Principal, zoneId: string, rrsetId: string) {
  const zone = await findZone(ctx.db, principal, zoneId);
  return presentRrset(await findRrset(ctx, zone, rrsetId));
}

/** The stored set after an edit, for the response. */
function storedSet(result: { sets: Map<string, RrsetRow | null> }, name: string, type: string): RrsetRow | null {
  return result.sets.get(setKey(name, type)) ?? null;
}

/**
 * POST /zones/{id}/records: adds the values to the set of that name and type (creating it) and
 * sets its TTL (kept when left out for an existing set). Values already in the set are no change.
 */
export async function addToRrset(ctx: ZoneContext, principal: Principal, zoneId: string, input: RrsetInput) {
  let created = false;
  let target = { name: '', type: '' };
  const touches = (zone: ZoneRow) => touchedBy(input, zone);
  const result = await editZone(ctx, principal, zoneId, { source: 'api', action: 'records.added', touches }, ({ zone, sets }) => {
    const set = parseSet(input, zone);
    const existing = sets.get(setKey(set.name, set.type));
    created = !existing;
    target = set;
    if (!existing) return [{ name: set.name, type: set.type, next: set, path: '' }];
    const have = new Set(existing.contents);
    const ttl = input.ttl === undefined || input.ttl === null ? existing.ttl : set.ttl;
    const contents = [...existing.contents, ...set.contents.filter((content) => !have.has(content))];
    return [{ name: set.name, type: set.type, next: { ...set, ttl, contents }, path: '' }];
  });
  return { created, rrset: presentRrset(storedSet(result, target.name, target.type)!) };
}

/** PUT: the set's new TTL and values, replacing the old ones. */
export async function replaceRrset(ctx: ZoneContext, principal: Principal, zoneId: string, rrsetId: string, input: { ttl?: unknown; content?: unknown }) {
  const zone = await findZone(ctx.db, principal, zoneId);
  const row = await findRrset(ctx, zone, rrsetId);
  const body = { type: row.type, name: `${row.name}.`, content: input.content, ttl: input.ttl };
  const touches = (zone: ZoneRow) => touchedBy(body, zone).concat({ name: row.name, type: row.type });
  const result = await editZone(ctx, principal, zoneId, { source: 'api', action: 'records.replaced', touches }, ({ zone, sets }) => {
    const current = [...sets.values()].find((set) => set.id === row.id);
    if (!current) throw notFound('Record');
    const set = parseSet(body, zone);
    // Left out, the TTL stays the set's.
    const ttl = input.ttl === undefined || input.ttl === null ? current.ttl : set.ttl;
    return [{ name: current.name, type: current.type, next: { ...set, ttl }, path: '' }];
  });
  return presentRrset(storedSet(result, row.name, row.type)!);
}

export async function deleteRrset(ctx: ZoneContext, principal: Principal, zoneId: string, rrsetId: string) {
  const zone = await findZone(ctx.db, principal, zoneId);
  const row = await findRrset(ctx, zone, rrsetId);
  const touches = () => [{ name: row.name, type: row.type }];
  await editZone(ctx, principal, zoneId, { source: 'api', action: 'records.deleted', touches }, ({ sets }) => {
    if (![...sets.values()].some((set) => set.id === row.id)) throw notFound('Record');
    return [{ name: row.name, type: row.type, next: null, path: '' }];
  });
  return presentRrset(row);
}

/** DELETE by-name/{name}/{type}: the whole set, or with `content` only that value (and the set with its last value). */
export async function deleteByName(
  ctx: ZoneContext,
  principal: Principal,
  zoneId: string,
  params: { name: string; type: string; content?: string | undefined },
) {
  let removed: string[] = [];
  let target = { name: '', type: '' };
  const touches = (zone: ZoneRow) => touchedBy({ action: 'delete', name: params.name, type: params.type }, zone);
  const result = await editZone(ctx, principal, zoneId, { source: 'api', action: 'records.deleted', touches }, ({ zone, sets }) => {
    const name = ownerParam(params.name, zone.name, 'name');
    const type = typeParam(params.type, 'type');
    target = { name, type };
    const existing = sets.get(setKey(name, type));
    if (!existing) throw notFound(`${type} record set at ${name}`);
    if (params.content === undefined) {
      removed = existing.contents;
      return [{ name, type, next: null, path: '' }];
    }
    let content: string;
    try {
      content = recordType(type).parse(params.content, zone.name);
    } catch (error) {
      if (error instanceof ValidationError) throw invalid({ content: error.message });
      throw error;
    }
    if (!existing.contents.includes(content)) throw notFound(`${type} record ${content} at ${name}`);
    removed = [content];
    const rest = existing.contents.filter((value) => value !== content);
    return [{ name, type, next: rest.length > 0 ? { name, type, ttl: existing.ttl, contents: rest } : null, path: '' }];
  });
  const after = storedSet(result, target.name, target.type);
  return { removed, rrset: after ? presentRrset(after) : null };
}

export interface BulkChange {
  action: 'create' | 'replace' | 'delete';
  name?: string | undefined;
  type?: string | undefined;
  ttl?: number | undefined;
  content?: string | string[] | undefined;
}

/** Reads PATCH's list of set changes against the zone's state; every bad change is reported at once. */
function bulkChanges(changes: readonly BulkChange[], { zone, sets }: ZoneState): SetChange[] {
  const details: Record<string, string> = {};
  const out: SetChange[] = [];
  changes.forEach((change, index) => {
    const path = `changes.${index}.`;
    try {
      if (change.action === 'delete') {
        if (change.type === undefined || change.type === '') throw invalid({ [`${path}type`]: 'Record type is required' });
        const type = typeParam(change.type, `${path}type`);
        const name = ownerParam(change.name ?? '', zone.name, `${path}name`);
        if (!sets.has(setKey(name, type))) throw invalid({ [`${path}name`]: `There is no ${type} set at ${name} to delete` });
        out.push({ name, type, next: null, path });
        return;
      }
      const set = parseSet(change, zone, path);
      if (change.action === 'create' && sets.has(setKey(set.name, set.type))) {
        throw invalid({ [`${path}name`]: `${set.name} already has a ${set.type} set: use replace to change it` });
      }
      out.push({ name: set.name, type: set.type, next: set, path });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'validation_failed') Object.assign(details, error.details);
      else throw error;
    }
  });
  if (Object.keys(details).length > 0) throw invalid(details);
  return out;
}

/** PATCH: many set changes in one transaction, all or nothing, one serial. */
export async function applyBulkChanges(ctx: ZoneContext, principal: Principal, zoneId: string, changes: readonly BulkChange[]) {
  const touches = changes.length <= smallChange ? (zone: ZoneRow) => changes.flatMap((change) => touchedBy(change, zone)) : undefined;
  const result = await editZone(ctx, principal, zoneId, { source: 'api', action: 'records.bulk_changed', touches }, (state) => bulkChanges(changes, state));
  return {
    serial: result.serial,
    changes: result.diffs.map(presentDiff),
    rrsets: [...result.sets.values()].filter((row): row is RrsetRow => row !== null && !row.managed).map(presentRrset),
  };
}
