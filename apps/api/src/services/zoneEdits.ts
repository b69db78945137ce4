import { and, eq, gt, inArray, lt, or, sql, type SQL } from '@kaja/db/orm';
import { rrsets, zoneChanges, zones, type Executor, type JournalActor, type JournalRecord, type ZoneChangeNotice, type ZoneChangeSource } from '@kaja/db';
import { checkRrsets, isSubdomain, managedTypeProblem, parentName, typeCode, type Rrset } from '@kaja/dns-model';
import { nameServersOfRegion } from '@kaja/catalog';
import { ApiError, conflict, invalid, notFound } from '../errors';
import { recordAudit, type Actor } from './audit';
import { advanceOnboarding } from './onboarding';
import type { ServiceContext } from './context';
import type { Principal } from './principal';
import { checkRecordQuota } from './quotas';
import { canAccessZone, canWriteRecord, type RecordTarget } from './restrictions';
import { nextSerial, soaContent } from './soa';
import type { ZoneChangePublisher } from './zoneChanges';
import type { WorkerPool } from '../workers/pool';

export type ZoneRow = typeof zones.$inferSelect;
export type RrsetRow = typeof rrsets.$inferSelect;

/** What the zone and record services need beyond the common context. */
export interface ZoneContext extends ServiceContext {
  zoneChanges: ZoneChangePublisher;
}

/** What imports and restores need beyond the zone context: threads for their heavy planning. */
export interface PlanningContext extends ZoneContext {
  workers: WorkerPool;
}

export const setKey = (name: string, type: string) => `${name}\u0000${type}`;

/** DNS canonical order for owner names as bytewise-comparable text (see the `sort_key` column). */
export const sortKeyOf = (name: string) => name.split('.').reverse().join('\u0001');

/** A record name relative to its zone, as API-key policies name it (`@` = apex). */
export const relativeName = (name: string, zone: string) => (name === zone ? '@' : name.slice(0, name.length - zone.length - 1));

export const isManagedSet = (zone: string, name: string, type: string) => managedTypeProblem(zone, name, type) !== undefined;

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

export interface ZoneState {
  zone: ZoneRow;
  /** Every set of the zone, by `setKey`. */
  sets: Map<string, RrsetRow>;
}

export interface EditOptions {
  source: ZoneChangeSource;
  /** Audit action, e.g. `records.created`. */
  action: string;
  /** Check everything and report the diff, write nothing. */
  dryRun?: boolean;
  /** The platform's own change (SOA, apex NS and the DNSSEC sets may be touched). */
  system?: boolean;
  /** A new serial even when no set changes: a key (de)activation changes only the signatures served. */
  newSerial?: boolean;
  /** Extra audit summary. */
  summary?: Record<string, unknown>;
  /** The sets a small change touches (see `Neighbourhood`); left out, the whole zone is loaded. */
  touches?: (zone: ZoneRow) => readonly { name: string; type: string; contents?: readonly string[] }[] | undefined;
}

export interface EditResult {
  zone: ZoneRow;
  /** The zone's serial after the change (unchanged when nothing changed or on a dry run). */
  serial: number;
  diffs: SetDiff[];
  /** The stored sets after the change, by `setKey`, for the sets the change touched (null = removed). */
  sets: Map<string, RrsetRow | null>;
}

const toJournalActor = (actor: Actor): JournalActor => ({
  type: actor.type,
  user_id: actor.userId,
  api_key_id: actor.apiKeyId,
  ...(actor.tsigKeyId ? { tsig_key_id: actor.tsigKeyId } : {}),
});

/** Whose record policies a change is held to, and how a refusal names them. */
export interface RecordWriter {
  /** e.g. `This API key`. */
  label: string;
  mayWrite(target: RecordTarget): boolean;
}

export const principalWriter = (principal: Principal): RecordWriter => ({
  label: 'This API key',
  mayWrite: (target) => canWriteRecord(principal, target),
});

/** A zone of the caller's customer that the credential may touch, else 404. */
export async function findZone(executor: Executor, principal: Principal, zoneId: string, options: { lock?: boolean } = {}): Promise<ZoneRow> {
  const query = executor
    .select()
    .from(zones)
    .where(and(eq(zones.id, zoneId), eq(zones.customerId, principal.customerId)));
  const [zone] = options.lock ? await query.for('update') : await query;
  if (!zone || !canAccessZone(principal, zone.name)) throw notFound('Zone');
  return zone;
}

/**
 * The sets a small change can interact with under the RRset rules: those at its names and their
 * ancestors (delegations above), below a new NS (what it would hide), at the hosts its MX, NS and
 * SRV values point to, and every MX, NS and SRV set when a CNAME is involved (what points at it).
 * Loading only these keeps a one-record write cheap in a zone of 100,000 records.
 */
export interface Neighbourhood {
  names: Set<string>;
  descendantsOf: Set<string>;
  pointers: boolean;
}

/** Which word of the content names a host, for the types whose targets must not be CNAMEs. */
const targetWord: Record<string, number> = { MX: 1, NS: 0, SRV: 3 };

export function neighbourhoodOf(zone: string, sets: readonly { name: string; type: string; contents?: readonly string[] }[]): Neighbourhood {
  const hood: Neighbourhood = { names: new Set([zone]), descendantsOf: new Set(), pointers: false };
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
  let where: SQL | undefined = eq(rrsets.zoneId, zoneId);
  // Many new delegations at once: one pass over the zone beats a range condition per delegation.
  if (hood && hood.descendantsOf.size <= 50) {
    const parts: SQL[] = [inArray(rrsets.name, [...hood.names])];
    for (const name of hood.descendantsOf) {
      const key = sortKeyOf(name);
      parts.push(and(gt(rrsets.sortKey, `${key}\u0001`), lt(rrsets.sortKey, `${key}\u0002`))!);
    }
    if (hood.pointers) parts.push(inArray(rrsets.type, Object.keys(targetWord)));
    where = and(where, or(...parts));
  }
  const rows = await executor.select().from(rrsets).where(where);
  return new Map(rows.map((row) => [setKey(row.name, row.type), row]));
}

const asRrset = (row: RrsetRow): Rrset => ({ name: row.name, type: row.type, ttl: row.ttl, contents: row.contents });

/**
 * Checks a change against the writer's record policies and the RRset rules of the whole zone after
 * it, and works out what it removes and adds. Throws `forbidden` or `validation_failed` with the
 * field hints of the request.
 */
export function planChanges(writer: RecordWriter | null, state: ZoneState, changes: readonly SetChange[], options: { system?: boolean } = {}): SetDiff[] {
  const { zone, sets } = state;
  const details: Record<string, string> = {};
  const byKey = new Map<string, SetChange>();
  for (const change of changes) {
    const key = setKey(change.name, change.type);
    if (byKey.has(key)) details[`${change.path}name`] ??= `${change.name} ${change.type} appears more than once in this request`;
    byKey.set(key, change);
    if (!options.system) {
      const managed = managedTypeProblem(zone.name, change.name, change.type);
      if (managed) details[`${change.path}type`] ??= managed;
    }
  }
  if (Object.keys(details).length > 0) throw invalid(details);

  if (!options.system) {
    if (!writer) throw new TypeError('A change that is not the platform\'s own needs the caller');
    const refused = changes.filter((change) => !writer.mayWrite({ zone: zone.name, name: relativeName(change.name, zone.name), type: change.type }));
    if (refused.length > 0) {
      const first = refused[0]!;
      throw new ApiError('forbidden', `${writer.label} may not change ${first.type} records at ${first.name}`, Object.fromEntries(
        refused.map((change) => [`${change.path}name`, `${writer.label} may not change ${change.type} records at ${change.name}`]),
      ));
    }
  }

  const after: Rrset[] = [];
  for (const [key, row] of sets) if (!byKey.has(key)) after.push(asRrset(row));
  for (const change of byKey.values()) if (change.next) after.push(change.next);
  // The platform's own sets (SOA, apex NS) are not checked as customer input. The other sets at a
  // changed name are, since a change can break them (a DS left behind when its NS goes).
  const checked: { name: string; type: string }[] = [...byKey.values()].filter((change) => !options.system || !isManagedSet(zone.name, change.name, change.type));
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
  if (Object.keys(details).length > 0) throw invalid(details);

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

interface NewRrset {
  name: string;
  type: string;
  type_code: number;
  sort_key: string;
  ttl: number;
  contents: string[];
  managed: boolean;
}

/** Sets per INSERT: one JSON parameter each, so a 100,000-record import is a few statements. */
const insertBatch = 5000;

/**
 * Inserts sets from one JSON document rather than one parameter per column and row: binding tens
 * of thousands of parameters costs far more than PostgreSQL reading them from JSON.
 */
async function insertRrsets(tx: Executor, zoneId: string, sets: NewRrset[]): Promise<RrsetRow[]> {
  const result = await tx.execute(sql`
    INSERT INTO ${rrsets} (zone_id, name, type, type_code, sort_key, ttl, contents, managed)
    SELECT ${zoneId}::uuid, name, type, type_code, sort_key, ttl, contents, managed
    FROM jsonb_to_recordset(${JSON.stringify(sets)}::jsonb)
      AS input(name text, type text, type_code integer, sort_key text, ttl integer, contents text[], managed boolean)
    RETURNING id, zone_id, name, type, type_code, sort_key, ttl, contents, managed, created_at, updated_at`);
  return (result as { rows: Record<string, unknown>[] }).rows.map((row) => ({
    id: row.id as string,
    zoneId: row.zone_id as string,
    name: row.name as string,
    type: row.type as string,
    typeCode: row.type_code as number,
    sortKey: row.sort_key as string,
    ttl: row.ttl as number,
    contents: row.contents as string[],
    managed: row.managed as boolean,
    createdAt: new Date(row.created_at as string | Date),
    updatedAt: new Date(row.updated_at as string | Date),
  }));
}

/** The journal records of diffs: what IXFR removes and adds. */
function journalRecords(diffs: readonly SetDiff[], before: Map<string, RrsetRow>) {
  const removed: JournalRecord[] = [];
  const added: JournalRecord[] = [];
  for (const diff of diffs) {
    const oldTtl = before.get(setKey(diff.name, diff.type))?.ttl ?? diff.ttl;
    for (const content of diff.removed) removed.push({ name: diff.name, type: diff.type, ttl: oldTtl, content });
    for (const content of diff.added) added.push({ name: diff.name, type: diff.type, ttl: diff.ttl, content });
  }
  return { removed, added };
}

/** How many customer records diffs add (negative: remove), as the plan's record limit counts them. */
export const recordDelta = (zone: string, diffs: readonly SetDiff[]) =>
  diffs.reduce((total, diff) => total + (isManagedSet(zone, diff.name, diff.type) ? 0 : diff.added.length - diff.removed.length), 0);

/**
 * Writes planned diffs in the caller's transaction: quota, the set rows, a new SOA serial, the
 * journal entry and the audit event. Returns the new serial and the stored sets.
 */
export async function writeChanges(
  tx: Executor,
  state: ZoneState,
  changes: readonly SetChange[],
  diffs: readonly SetDiff[],
  options: EditOptions & { nameServers: readonly string[]; actor: Actor },
): Promise<{ serial: number; sets: Map<string, RrsetRow | null> }> {
  const { zone, sets } = state;
  const stored = new Map<string, RrsetRow | null>();
  const delta = recordDelta(zone.name, diffs);
  await checkRecordQuota(tx, zone.customerId, delta);
  if (options.dryRun || (diffs.length === 0 && !options.newSerial)) {
    for (const change of changes) stored.set(setKey(change.name, change.type), sets.get(setKey(change.name, change.type)) ?? null);
    return { serial: zone.serial, sets: stored };
  }

  const serial = nextSerial(zone.serial);
  const soaKey = setKey(zone.name, 'SOA');
  const soa = sets.get(soaKey)!;
  const soaDiff: SetDiff = {
    name: zone.name,
    type: 'SOA',
    action: 'update',
    ttl: soa.ttl,
    removed: soa.contents,
    added: [soaContent(zone.name, options.nameServers, serial)],
  };
  const touched = diffs.find((diff) => diff.type === 'SOA' && diff.name === zone.name);
  if (touched) soaDiff.ttl = touched.ttl;
  const allDiffs = [...diffs.filter((diff) => diff !== touched), soaDiff];
  const nextOf = new Map(changes.map((change) => [setKey(change.name, change.type), change.next]));
  nextOf.set(soaKey, { name: zone.name, type: 'SOA', ttl: soaDiff.ttl, contents: soaDiff.added });

  const now = new Date();
  const deleteIds: string[] = [];
  const inserts: NewRrset[] = [];
  for (const diff of allDiffs) {
    const key = setKey(diff.name, diff.type);
    const before = sets.get(key);
    const next = nextOf.get(key) ?? null;
    if (!next) {
      deleteIds.push(before!.id);
      stored.set(key, null);
    } else if (!before) {
      inserts.push({
        name: next.name,
        type: next.type,
        type_code: typeCode(next.type),
        sort_key: sortKeyOf(next.name),
        ttl: next.ttl,
        contents: next.contents,
        managed: isManagedSet(zone.name, next.name, next.type),
      });
    } else {
      const [row] = await tx.update(rrsets).set({ ttl: next.ttl, contents: next.contents, updatedAt: now }).where(eq(rrsets.id, before.id)).returning();
      stored.set(key, row!);
    }
  }
  for (let start = 0; start < deleteIds.length; start += 5000) {
    await tx.delete(rrsets).where(inArray(rrsets.id, deleteIds.slice(start, start + 5000)));
  }
  for (let start = 0; start < inserts.length; start += insertBatch) {
    for (const row of await insertRrsets(tx, zone.id, inserts.slice(start, start + insertBatch))) stored.set(setKey(row.name, row.type), row);
  }

  const { removed, added } = journalRecords(allDiffs, sets);
  await tx.insert(zoneChanges).values({
    zoneId: zone.id,
    previousSerial: zone.serial,
    serial,
    source: options.source,
    actor: toJournalActor(options.actor),
    removed,
    added,
  });
  await tx
    .update(zones)
    .set({
      serial,
      recordCount: sql`${zones.recordCount} + ${delta}`,
      rrsetCount: sql`${zones.rrsetCount} + ${inserts.length - deleteIds.length}`,
      updatedAt: now,
    })
    .where(eq(zones.id, zone.id));
  await recordAudit(tx, options.actor, {
    customerId: zone.customerId,
    action: options.action,
    targetType: 'zone',
    targetId: zone.id,
    summary: {
      zone: zone.name,
      serial,
      source: options.source,
      set_count: diffs.length,
      sets: diffs.slice(0, 50).map((diff) => ({ name: diff.name, type: diff.type, action: diff.action })),
      ...options.summary,
    },
  });
  return { serial, sets: stored };
}

/**
 * One change to a zone's records, all or nothing: locks the zone (one serial per change, in
 * order), lets `build` decide the set changes from the current state, checks and writes them, and
 * after the commit announces the new serial.
 */
export async function editZone(
  ctx: ZoneContext,
  principal: Principal,
  zoneId: string,
  options: EditOptions,
  build: (state: ZoneState, tx: Executor) => SetChange[] | Promise<SetChange[]>,
): Promise<EditResult> {
  const result = await ctx.db.transaction(async (tx) => {
    const zone = await findZone(tx, principal, zoneId, { lock: true });
    if (zone.status === 'deleting') throw conflict('The zone is being deleted');
    const touched = options.touches?.(zone);
    const state = { zone, sets: await loadSets(tx, zone.id, touched ? neighbourhoodOf(zone.name, touched) : undefined) };
    const changes = await build(state, tx);
    const diffs = planChanges(principalWriter(principal), state, changes, options);
    const { serial, sets } = await writeChanges(tx, state, changes, diffs, {
      ...options,
      nameServers: zoneNameServers(ctx, zone),
      actor: principal.actor,
    });
    if (diffs.some((diff) => diff.added.length > 0)) await advanceOnboarding(tx, principal.actor, zone.customerId, 'add_records');
    return { zone: { ...zone, serial }, serial, diffs, sets, previous: zone.serial };
  });
  if (result.serial !== result.previous) await ctx.zoneChanges.publish(noticeOf(result.zone));
  return result;
}

/** The zone and all its sets as one read-only snapshot shows them, without locking anything. */
export function readZoneSnapshot(ctx: ServiceContext, principal: Principal, zoneId: string): Promise<ZoneState> {
  return ctx.db.transaction(
    async (tx) => {
      const zone = await findZone(tx, principal, zoneId);
      if (zone.status === 'deleting') throw conflict('The zone is being deleted');
      return { zone, sets: await loadSets(tx, zone.id) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Plans of a heavy change tried before giving up when the zone keeps changing meanwhile. */
const planAttempts = 3;

/**
 * A change to a zone's records planned outside its lock, for changes whose planning is heavy (a
 * zone file, a restore): `plan` gets the zone as one snapshot shows it and may take long (on a
 * worker thread) while other requests write and read the zone. The plan is written only if the
 * zone's serial is still the snapshot's, every change of the records moving it; otherwise the
 * change is planned again on a new snapshot.
 */
export async function editZoneOptimistically(
  ctx: ZoneContext,
  principal: Principal,
  zoneId: string,
  options: Omit<EditOptions, 'system' | 'touches' | 'newSerial' | 'dryRun'>,
  plan: (state: ZoneState) => Promise<{ changes: SetChange[]; diffs: SetDiff[] }>,
): Promise<EditResult> {
  for (let attempt = 0; attempt < planAttempts; attempt++) {
    const state = await readZoneSnapshot(ctx, principal, zoneId);
    const { changes, diffs } = await plan(state);
    const result = await ctx.db.transaction(async (tx) => {
      const zone = await findZone(tx, principal, zoneId, { lock: true });
      if (zone.status === 'deleting') throw conflict('The zone is being deleted');
      if (zone.serial !== state.zone.serial) return undefined;
      const written = await writeChanges(tx, { zone, sets: state.sets }, changes, diffs, {
        ...options,
        nameServers: zoneNameServers(ctx, zone),
        actor: principal.actor,
      });
      return { zone: { ...zone, serial: written.serial }, serial: written.serial, diffs, sets: written.sets, previous: zone.serial };
    });
    if (!result) continue;
    if (result.serial !== result.previous) await ctx.zoneChanges.publish(noticeOf(result.zone));
    return result;
  }
  throw conflict('The zone kept changing while this change was planned: try again');
}

/**
 * The platform's own change to a zone the caller has locked in `tx` (a background job, or a
 * DNSSEC or TTL change): the RRset rules apply, API key policies do not. The caller announces
 * the new serial after the commit.
 */
export async function writeSystemChanges(
  tx: Executor,
  ctx: ServiceContext,
  zone: ZoneRow,
  build: (state: ZoneState) => SetChange[],
  options: Omit<EditOptions, 'system' | 'dryRun' | 'touches'> & { actor: Actor },
): Promise<{ serial: number; diffs: SetDiff[] }> {
  // Every set the platform writes is at the apex.
  const state = { zone, sets: await loadSets(tx, zone.id, neighbourhoodOf(zone.name, [])) };
  const changes = build(state);
  const diffs = planChanges(null, state, changes, { system: true });
  const { serial } = await writeChanges(tx, state, changes, diffs, { ...options, system: true, nameServers: zoneNameServers(ctx, zone) });
  return { serial, diffs };
}

export const noticeOf = (zone: ZoneRow, status: ZoneChangeNotice['status'] = zone.status): ZoneChangeNotice => ({
  zone_id: zone.id,
  zone: zone.name,
  serial: zone.serial,
  status,
});

/** The name servers of the zone's network(s), in publishing order. */
export const zoneNameServers = (ctx: ServiceContext, zone: Pick<ZoneRow, 'region'>) => nameServersOfRegion(zone.region, ctx.config.nameServers);
