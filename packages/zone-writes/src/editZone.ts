import type { Executor, ZoneChangeNotice } from '@kaja/db';
import { nameServersOfRegion } from '@kaja/catalog';
import { inTransaction } from './afterCommit';
import type { Actor } from './audit';
import type { WriteContext } from './context';
import { ZoneWriteError } from './errors';
import { advanceOnboarding } from './onboarding';
import { refuseSecondaryWrites } from './secondaryWrites';
import { callerWriter, planChanges, type SetChange, type SetDiff } from './planChanges';
import type { Caller } from './restrictions';
import { writeChanges, type EditOptions } from './writeChanges';
import { findZone, loadSets, neighbourhoodOf, type RrsetRow, type ZoneRow, type ZoneState } from './zoneSets';

export interface EditResult {
  zone: ZoneRow;
  /** The zone's serial after the change (unchanged when nothing changed or on a dry run). */
  serial: number;
  diffs: SetDiff[];
  /** The stored sets after the change, by `setKey`, for the sets the change touched (null = removed). */
  sets: Map<string, RrsetRow | null>;
}

/**
 * One change to a zone's records, all or nothing: locks the zone (one serial per change, in
 * order), lets `build` decide the set changes from the current state, checks and writes them, and
 * after the commit announces the new serial.
 */
export async function editZone(
  ctx: WriteContext,
  caller: Caller,
  zoneId: string,
  options: EditOptions,
  build: (state: ZoneState, tx: Executor) => SetChange[] | Promise<SetChange[]>,
): Promise<EditResult> {
  return inTransaction(ctx, async (tx, after) => {
    const zone = await findZone(tx, caller, zoneId, { lock: true });
    if (zone.status === 'deleting') throw new ZoneWriteError('zone_deleting', 'The zone is being deleted');
    refuseSecondaryWrites(zone);
    const touched = options.touches?.(zone);
    const state = { zone, sets: await loadSets(tx, zone.id, touched ? neighbourhoodOf(zone.name, touched) : undefined) };
    const changes = await build(state, tx);
    const diffs = planChanges(callerWriter(caller), state, changes, options);
    const { serial, sets, change } = await writeChanges(tx, state, changes, diffs, {
      ...options,
      nameServers: zoneNameServers(ctx, zone),
      actor: caller.actor,
    });
    if (diffs.some((diff) => diff.added.length > 0)) await advanceOnboarding(tx, caller.actor, zone.customerId, 'add_records');
    if (serial !== zone.serial) after.publish(noticeOf({ ...zone, serial }, zone.status, change));
    return { zone: { ...zone, serial }, serial, diffs, sets };
  });
}

/** The zone and all its sets as one read-only snapshot shows them, without locking anything. */
export function readZoneSnapshot(ctx: Pick<WriteContext, 'db'>, caller: Caller, zoneId: string): Promise<ZoneState> {
  return ctx.db.transaction(
    async (tx) => {
      const zone = await findZone(tx, caller, zoneId);
      if (zone.status === 'deleting') throw new ZoneWriteError('zone_deleting', 'The zone is being deleted');
      refuseSecondaryWrites(zone);
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
  ctx: WriteContext,
  caller: Caller,
  zoneId: string,
  options: Omit<EditOptions, 'system' | 'touches' | 'newSerial' | 'dryRun'>,
  plan: (state: ZoneState) => Promise<{ changes: SetChange[]; diffs: SetDiff[] }>,
): Promise<EditResult> {
  for (let attempt = 0; attempt < planAttempts; attempt++) {
    const state = await readZoneSnapshot(ctx, caller, zoneId);
    const { changes, diffs } = await plan(state);
    const result = await inTransaction(ctx, async (tx, after) => {
      const zone = await findZone(tx, caller, zoneId, { lock: true });
      if (zone.status === 'deleting') throw new ZoneWriteError('zone_deleting', 'The zone is being deleted');
      if (zone.serial !== state.zone.serial) return undefined;
      const written = await writeChanges(tx, { zone, sets: state.sets }, changes, diffs, {
        ...options,
        nameServers: zoneNameServers(ctx, zone),
        actor: caller.actor,
      });
      if (written.serial !== zone.serial) after.publish(noticeOf({ ...zone, serial: written.serial }, zone.status, written.change));
      return { zone: { ...zone, serial: written.serial }, serial: written.serial, diffs, sets: written.sets };
    });
    if (result) return result;
  }
  throw new ZoneWriteError('zone_kept_changing', 'The zone kept changing while this change was planned: try again');
}

/**
 * The platform's own change to a zone the caller has locked in `tx` (a background job, or a
 * DNSSEC or TTL change): the RRset rules apply, API key policies do not. The caller announces
 * the new serial after the commit.
 */
export async function writeSystemChanges(
  tx: Executor,
  ctx: Pick<WriteContext, 'config'>,
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

/** The announcement of a zone as it is after a change, with the change of its records when there is one. */
export const noticeOf = (zone: ZoneRow, status: ZoneChangeNotice['status'] = zone.status, change?: ZoneChangeNotice['change']): ZoneChangeNotice => ({
  zone_id: zone.id,
  zone: zone.name,
  serial: zone.serial,
  status,
  ...(change ? { change } : {}),
});

/** The name servers of the zone's network(s), in publishing order. */
export const zoneNameServers = (ctx: Pick<WriteContext, 'config'>, zone: Pick<ZoneRow, 'region'>) => nameServersOfRegion(zone.region, ctx.config.nameServers);
