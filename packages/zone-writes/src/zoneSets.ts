import { and, eq, inArray, or, sql, type SQL } from '@kaja/db/orm';
import { rrsets, tableRowOf, zones, type Executor, type ValueOf } from '@kaja/db';
import { isSubdomain, managedTypeProblem, parentName, type Rrset } from '@kaja/dns-model';
import { ZoneWriteError } from './errors';
import { canAccessZone, type Caller } from './restrictions';

// The zone's stored sets as the write path reads them: keys, names, the neighbourhood of a change.

export type ZoneRow = typeof zones.$inferSelect;
export type RrsetRow = typeof rrsets.$inferSelect;

export const setKey = (name: string, type: string) => `${name}\u0000${type}`;

/** DNS canonical order for owner names as bytewise-comparable text (see the `sort_key` column). */
export const sortKeyOf = (name: string) => name.split('.').reverse().join('\u0001');

/** A record name relative to its zone, as API-key policies name it (`@` = apex). */
export const relativeName = (name: string, zone: string) => (name === zone ? '@' : name.slice(0, name.length - zone.length - 1));

export const isManagedSet = (zone: string, name: string, type: string) => managedTypeProblem(zone, name, type) !== undefined;

export interface ZoneState {
  zone: ZoneRow;
  /** Every set of the zone, by `setKey`. */
  sets: Map<string, RrsetRow>;
}

export const asRrset = (row: RrsetRow): Rrset => ({ name: row.name, type: row.type, ttl: row.ttl, contents: row.contents });

/** A zone of the caller's customer that the credential may touch, else 404. */
export async function findZone(executor: Executor, caller: Caller, zoneId: string, options: { lock?: boolean } = {}): Promise<ZoneRow> {
  const query = executor.select().from(zones).where(callersZone(caller, zoneId));
  const [zone] = options.lock ? await query.for('update') : await query;
  return accessibleZone(caller, zone);
}

/** The condition of `findZone`: the zone by its id, among the caller's customer's. */
export const callersZone = (caller: Caller, zoneId: string) => and(eq(zones.id, zoneId), eq(zones.customerId, caller.customerId));

/** The zone found by `callersZone` if the credential may touch it, else 404. */
export function accessibleZone(caller: Caller, zone: ZoneRow | undefined): ZoneRow {
  if (!zone || !canAccessZone(caller, zone.name)) throw new ZoneWriteError('zone_not_found', 'Zone not found');
  return zone;
}

/**
 * The sets a small change can interact with under the RRset rules: those at its names and their
 * ancestors (delegations above), below a new NS (what it would hide), at the hosts its MX, NS and
 * SRV values point to, and every MX, NS and SRV set when a CNAME is involved (what points at it).
 * Loading only these keeps a one-record write cheap in a zone of 100,000 records.
 */
export interface Neighbourhood {
  zone: string;
  names: Set<string>;
  descendantsOf: Set<string>;
  pointers: boolean;
}

/** Which word of the content names a host, for the types whose targets must not be CNAMEs. */
const targetWord: Record<string, number> = { MX: 1, NS: 0, SRV: 3 };

export function neighbourhoodOf(zone: string, sets: readonly { name: string; type: string; contents?: readonly string[] }[]): Neighbourhood {
  const hood: Neighbourhood = { zone, names: new Set([zone]), descendantsOf: new Set(), pointers: false };
  for (const set of sets) {
    for (let name = set.name; name !== zone && isSubdomain(name, zone); name = parentName(name)) hood.names.add(name);
    if (set.type === 'NS') hood.descendantsOf.add(set.name);
    if (set.type === 'CNAME') hood.pointers = true;
    const word = targetWord[set.type];
    if (word === undefined) continue;
    for (const content of set.contents ?? []) {
      const target = content.split(' ')[word]?.replace(/\.$/, '');
      if (target) hood.names.add(target);
    }
  }
  return hood;
}

/** The zone's sets by `setKey`: all of them, or those of a neighbourhood. */
export async function loadSets(executor: Executor, zoneId: string, hood?: Neighbourhood): Promise<Map<string, RrsetRow>> {
  const rows = await executor
    .select()
    .from(rrsets)
    .where(and(eq(rrsets.zoneId, zoneId), hood && whereIn(hood)));
  return hood ? withSetsBelowDelegations(executor, zoneId, hood, rows) : setsByKey(rows);
}

/**
 * A neighbourhood's sets as one JSON value, a column of another statement (the zone's lock reads
 * them with it: `setsFromColumn` makes them rows), the zone's id and the condition's values given
 * by `value` (`neighbourhoodValues`). Its names are qualified, as a select of one table renders its
 * columns without their table.
 */
export function setsColumn(hood: Neighbourhood, value: ValueOf): SQL<Record<string, unknown>[]> {
  const part = neighbourhoodCondition(hood, value);
  return sql`(SELECT coalesce(json_agg(rrsets), '[]'::json) FROM ${rrsets}
    WHERE rrsets.zone_id = ${value('zoneId')}::uuid${part ? sql` AND (${part})` : sql``})`;
}

/** The sets `setsColumn` read, as `loadSets` gives them. */
export const setsFromColumn = (executor: Executor, zoneId: string, hood: Neighbourhood, value: Record<string, unknown>[]) =>
  withSetsBelowDelegations(executor, zoneId, hood, value.map(setRowOf));

/** A set row as a statement of the write path returns it, its columns by their SQL names. */
export const setRowOf = tableRowOf(rrsets);

const setsByKey = (rows: readonly RrsetRow[]) => new Map(rows.map((row) => [setKey(row.name, row.type), row]));

/**
 * A change at or below a delegation re-checks its NS set, whose glue lies under it (a DS added
 * beside NS with in-bailiwick targets): adds what is under the delegations found, unless the
 * neighbourhood was the whole zone already.
 */
async function withSetsBelowDelegations(executor: Executor, zoneId: string, hood: Neighbourhood, rows: RrsetRow[]): Promise<Map<string, RrsetRow>> {
  if (wholeZone(hood)) return setsByKey(rows);
  const delegations = rows.filter((row) => row.type === 'NS' && row.name !== hood.zone && !hood.descendantsOf.has(row.name)).map((row) => row.name);
  if (delegations.length > 0) {
    const below: Neighbourhood = { zone: hood.zone, names: new Set(), descendantsOf: new Set(delegations), pointers: false };
    rows.push(
      ...(await executor
        .select()
        .from(rrsets)
        .where(and(eq(rrsets.zoneId, zoneId), whereIn(below)))),
    );
  }
  return setsByKey(rows);
}

/** Many new delegations at once: one pass over the zone beats a range condition per delegation. */
const wholeZone = (hood: Neighbourhood) => hood.descendantsOf.size > 50;

/**
 * What a statement reading a neighbourhood's sets depends on: the shape of its condition (its text
 * is the same for every neighbourhood of one shape), and the values of the condition by name.
 */
export function neighbourhoodValues(hood: Neighbourhood): { shape: string; values: Record<string, unknown> } {
  if (wholeZone(hood)) return { shape: 'zone', values: {} };
  const values: Record<string, unknown> = { names: [...hood.names] };
  [...hood.descendantsOf].forEach((name, index) => {
    const key = sortKeyOf(name);
    values[`after${index}`] = `${key}\u0001`;
    values[`before${index}`] = `${key}\u0002`;
  });
  return { shape: `${hood.descendantsOf.size}${hood.pointers ? ' pointers' : ''}`, values };
}

/**
 * The condition selecting a neighbourhood's sets (undefined: the whole zone), each of its values
 * given by `value` under its name in `neighbourhoodValues`.
 */
function neighbourhoodCondition(hood: Neighbourhood, value: ValueOf): SQL | undefined {
  if (wholeZone(hood)) return undefined;
  const parts: SQL[] = [sql`${rrsets.name} = ANY(${value('names')}::text[])`];
  for (let index = 0; index < hood.descendantsOf.size; index++)
    parts.push(sql`(${rrsets.sortKey} > ${value(`after${index}`)} AND ${rrsets.sortKey} < ${value(`before${index}`)})`);
  if (hood.pointers) parts.push(inArray(rrsets.type, Object.keys(targetWord)));
  return or(...parts);
}

/** `neighbourhoodCondition` with the neighbourhood's own values, for a statement built each time. */
function whereIn(hood: Neighbourhood): SQL | undefined {
  const { values } = neighbourhoodValues(hood);
  return neighbourhoodCondition(hood, (name) => sql.param(values[name]));
}
