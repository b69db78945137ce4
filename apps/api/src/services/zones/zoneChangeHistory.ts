import { and, count, desc, eq, gt } from '@kaja/db/orm';
import { zoneChanges, type Executor, type ZoneChangeRecord } from '@kaja/db';
import { groupRecords } from '@kaja/dns-model';
import { invalid } from '../../errors';
import type { Pagination } from '../../schemas/common';
import { type ActorNames, nameActors } from '../accounts/actorNames';
import type { Principal } from '../accounts/principal';
import {
  checkRecordQuota,
  editableZone,
  findZone,
  isManagedSet,
  readZoneSnapshot,
  recordDelta,
  type SetChange,
  setKey,
  type ZoneRow,
  type ZoneState,
} from '@kaja/zone-writes';
import type { PlanningContext, ZoneContext } from '../context';
import { writeHeavyChange } from './heavyChanges';

type ChangeRow = typeof zoneChanges.$inferSelect;

/** Zone changes as customers read them: the SOA's own change is the serial, so it is left out. */
const withoutSoa = (records: ZoneChangeRecord[]) => records.filter((record) => record.type !== 'SOA');

/** Records listed per change; an import of a big zone file is summed up by the counts. */
const maxListedRecords = 1000;

function presentChange(row: ChangeRow, names: ActorNames) {
  const added = withoutSoa(row.added);
  const removed = withoutSoa(row.removed);
  return {
    serial: row.serial,
    previous_serial: row.previousSerial,
    time: row.createdAt.toISOString(),
    source: row.source,
    actor: { ...row.actor, ...names },
    added_count: added.length,
    removed_count: removed.length,
    added: added.slice(0, maxListedRecords),
    removed: removed.slice(0, maxListedRecords),
  };
}

export async function listZoneChanges(ctx: ZoneContext, principal: Principal, zoneId: string, page: Pagination) {
  const zone = await findZone(ctx.db, principal, zoneId);
  const where = eq(zoneChanges.zoneId, zone.id);
  const [rows, [total]] = await Promise.all([
    ctx.db.select().from(zoneChanges).where(where).orderBy(desc(zoneChanges.id)).limit(page.limit).offset(page.offset),
    ctx.db.select({ value: count() }).from(zoneChanges).where(where),
  ]);
  const namesOf = await nameActors(
    ctx.db,
    zone.customerId,
    rows.map((row) => row.actor),
  );
  return { items: rows.map((row) => presentChange(row, namesOf(row.actor))), total: total!.value };
}

const recordKey = (record: ZoneChangeRecord) => `${record.name}\u0000${record.type}\u0000${record.content}`;

/**
 * The customer's records of a zone as they were right after `serial`: today's records with every
 * later change undone, newest first (its added records taken out, its removed ones put back).
 */
export async function recordsAtSerial(tx: Executor, { zone, sets }: ZoneState, serial: number): Promise<ZoneChangeRecord[]> {
  const [target] = await tx
    .select({ id: zoneChanges.id })
    .from(zoneChanges)
    .where(and(eq(zoneChanges.zoneId, zone.id), eq(zoneChanges.serial, serial)));
  if (!target) throw invalid({ serial: `The zone's history has no change with serial ${serial}` });
  const records = new Map<string, ZoneChangeRecord>();
  for (const set of sets.values()) {
    if (set.managed) continue;
    for (const content of set.contents) {
      const record = { name: set.name, type: set.type, ttl: set.ttl, content };
      records.set(recordKey(record), record);
    }
  }
  const later = await tx
    .select({ added: zoneChanges.added, removed: zoneChanges.removed })
    .from(zoneChanges)
    .where(and(eq(zoneChanges.zoneId, zone.id), gt(zoneChanges.id, target.id)))
    .orderBy(desc(zoneChanges.id));
  for (const change of later) {
    for (const record of change.added) records.delete(recordKey(record));
    for (const record of change.removed) if (!isManagedSet(zone.name, record.name, record.type)) records.set(recordKey(record), record);
  }
  return [...records.values()];
}

/** The set changes that make the zone's customer records equal `records` (only sets that differ). */
export function changesToReach(
  zone: ZoneRow,
  sets: ZoneState['sets'],
  records: readonly ZoneChangeRecord[],
  options: { removeOthers: boolean; path?: (name: string, type: string) => string },
): SetChange[] {
  const { rrsets } = groupRecords(records);
  const path = options.path ?? (() => '');
  const wanted = new Set(rrsets.map((set) => setKey(set.name, set.type)));
  const changes: SetChange[] = [];
  for (const set of rrsets) {
    const current = sets.get(setKey(set.name, set.type));
    const same =
      current !== undefined &&
      current.ttl === set.ttl &&
      current.contents.length === set.contents.length &&
      set.contents.every((content) => current.contents.includes(content));
    if (!same) changes.push({ name: set.name, type: set.type, next: set, path: path(set.name, set.type) });
  }
  if (options.removeOthers) {
    for (const [key, current] of sets) {
      if (current.managed || wanted.has(key) || isManagedSet(zone.name, current.name, current.type)) continue;
      changes.push({ name: current.name, type: current.type, next: null, path: path(current.name, current.type) });
    }
  }
  return changes;
}

/**
 * Brings the zone's records back to their state at `serial`, as one new change (planned on the
 * worker threads); `dryRun` answers the changes (checked as the write would be) without writing.
 */
export async function restoreZone(ctx: PlanningContext, principal: Principal, zoneId: string, serial: number, { dryRun = false } = {}) {
  const plan = async (state: ZoneState) =>
    ctx.workers.run(
      'planRecords',
      {
        zone: state.zone,
        sets: [...state.sets.values()],
        records: await recordsAtSerial(ctx.db, state, serial),
        removeOthers: true,
        principal,
        fieldsByName: false,
      },
      principal.customerId,
    );
  const zone = editableZone(await findZone(ctx.db, principal, zoneId));
  if (dryRun) {
    const state = await readZoneSnapshot(ctx, principal, zone);
    const { diffs } = await plan(state);
    await ctx.db.transaction((tx) => checkRecordQuota(tx, state.zone.customerId, recordDelta(state.zone.name, diffs)));
    return { dry_run: true, serial: state.zone.serial, restored_serial: serial, changes: diffs };
  }
  const result = await writeHeavyChange(ctx, principal, zone, { source: 'restore', action: 'zone.restored', summary: { restored_serial: serial } }, plan);
  return { dry_run: false, serial: result.serial, restored_serial: serial, changes: result.diffs };
}
