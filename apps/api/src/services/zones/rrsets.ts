import { and, asc, count, eq } from '@kaja/db/orm';
import { rrsets } from '@kaja/db';
import { rrsetWarnings, type RrsetInput } from '@kaja/dns-model';
import { notFound } from '../../errors';
import type { Pagination } from '../../schemas/common';
import type { Principal } from '../accounts/principal';
import { editableZone, editZone, findZone, setKey, type EditResult, type RrsetRow, type SetDiff, type ZoneRow } from '@kaja/zone-writes';
import type { RecordContext, ZoneContext } from '../context';
import { addEdit, bulkEdits, removeEdit, updateEdit, type BulkChange } from './recordEdits';
import { recordListWhere, type RecordFilters } from './recordSearch';

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

/** The warnings of sets as the API presents them (dns-model's `rrsetWarnings`): what a write answers with beside its data. */
export const warningsOf = (sets: readonly { name: string; type: string; content: readonly string[] }[]) =>
  sets.flatMap((set) => rrsetWarnings({ name: set.name, type: set.type, contents: set.content }));

export const presentDiff = (diff: SetDiff) => ({
  name: diff.name,
  type: diff.type,
  action: diff.action,
  ttl: diff.ttl,
  removed: diff.removed,
  added: diff.added,
});

export async function listRrsets(ctx: ZoneContext, principal: Principal, zoneId: string, query: Pagination & RecordFilters) {
  const zone = await findZone(ctx.db, principal, zoneId);
  const { where, filtered } = recordListWhere(zone, query);
  const rows = await ctx.db
    .select()
    .from(rrsets)
    .where(where)
    // Canonical DNS order of names (RFC 4034), then by type number: the order of an index.
    .orderBy(asc(rrsets.sortKey), asc(rrsets.typeCode))
    .limit(query.limit)
    .offset(query.offset);
  // Unfiltered, the zone keeps its count: no scan of a big zone for every page.
  const total = filtered ? (await ctx.db.select({ value: count() }).from(rrsets).where(where))[0]!.value : zone.rrsetCount;
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
function storedSet(result: EditResult, name: string, type: string): RrsetRow | null {
  return result.sets.get(setKey(name, type)) ?? null;
}

/**
 * The zone a record request reads its input against and then edits: its name, customer and type as
 * this process knows them, else as read now (decision 083). The rest is read under the zone's lock.
 */
async function zoneToEdit(ctx: RecordContext, principal: Principal, zoneId: string) {
  const known = ctx.zoneIdentities.editable(principal, zoneId);
  if (known) return known;
  const zone = await findZone(ctx.db, principal, zoneId);
  ctx.zoneIdentities.remember(zone);
  return editableZone(zone);
}

/**
 * POST /zones/{id}/records: adds the values to the set of that name and type (creating it) and
 * sets its TTL (kept when left out for an existing set). Values already in the set are no change.
 */
export async function addToRrset(ctx: RecordContext, principal: Principal, zoneId: string, input: RrsetInput) {
  const zone = await zoneToEdit(ctx, principal, zoneId);
  const edit = addEdit(input, zone);
  const result = await editZone(ctx, principal, zone, [edit], { source: 'api', action: 'records.added' });
  const created = result.diffs.some((diff) => diff.action === 'create');
  return { created, rrset: presentRrset(storedSet(result, edit.name, edit.type)!) };
}

/** PUT: the set's new TTL and values, replacing the old ones. */
export async function replaceRrset(ctx: ZoneContext, principal: Principal, zoneId: string, rrsetId: string, input: { ttl?: unknown; content?: unknown }) {
  const found = await findZone(ctx.db, principal, zoneId);
  const row = await findRrset(ctx, found, rrsetId);
  const zone = editableZone(found);
  const result = await editZone(ctx, principal, zone, [updateEdit(row, input, zone)], { source: 'api', action: 'records.replaced' });
  return presentRrset(storedSet(result, row.name, row.type)!);
}

export async function deleteRrset(ctx: ZoneContext, principal: Principal, zoneId: string, rrsetId: string) {
  const found = await findZone(ctx.db, principal, zoneId);
  const row = await findRrset(ctx, found, rrsetId);
  const zone = editableZone(found);
  await editZone(ctx, principal, zone, [{ action: 'remove', id: row.id, name: row.name, type: row.type }], { source: 'api', action: 'records.deleted' });
  return presentRrset(row);
}

/** DELETE by-name/{name}/{type}: the whole set, or with `content` only that value (and the set with its last). */
export async function deleteByName(
  ctx: RecordContext,
  principal: Principal,
  zoneId: string,
  params: { name: string; type: string; content?: string | undefined },
) {
  const zone = await zoneToEdit(ctx, principal, zoneId);
  const edit = removeEdit(params, zone);
  const result = await editZone(ctx, principal, zone, [edit], { source: 'api', action: 'records.deleted' });
  const after = storedSet(result, edit.name, edit.type);
  return { removed: result.diffs[0]?.removed ?? [], rrset: after ? presentRrset(after) : null };
}

/** PATCH: many set changes in one transaction, all or nothing, one serial; with `ifSerial` only on the zone at that serial. */
export async function applyBulkChanges(ctx: RecordContext, principal: Principal, zoneId: string, changes: readonly BulkChange[], ifSerial?: number) {
  const zone = await zoneToEdit(ctx, principal, zoneId);
  const result = await editZone(ctx, principal, zone, bulkEdits(changes, zone), { source: 'api', action: 'records.bulk_changed', ifSerial });
  return {
    serial: result.serial,
    changes: result.diffs.map(presentDiff),
    rrsets: [...result.sets.values()].filter((row): row is RrsetRow => row !== null && !row.managed).map(presentRrset),
  };
}
