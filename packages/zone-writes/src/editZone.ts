import type { Executor, ZoneChangeNotice } from '@kaja/db';
import { nameServersOfRegion } from '@kaja/catalog';
import { inTransaction } from './afterCommit';
import type { Actor } from './audit';
import type { WriteContext } from './context';
import { refuseDeletingZone, type EditableZone } from './editableZone';
import { ZoneWriteError } from './errors';
import { advanceOnboarding } from './onboarding';
import { callerWriter, planChanges, type SetChange, type SetDiff } from './planChanges';
import { editedSets, setChangesOf, type RecordEdit } from './recordEdits';
import type { Caller } from './restrictions';
import { refuseSecondaryWrites } from './secondaryWrites';
import { writeChanges, type EditOptions } from './writeChanges';
import { inZoneBatch, type ZoneWrite } from './zoneBatches';
import type { ZoneIdentity } from './zoneIdentities';
import { lockedForCaller, lockZone, type LockedZone } from './zoneLock';
import { findZone, loadSets, neighbourhoodOf, type RrsetRow, type ZoneRow, type ZoneState } from './zoneSets';

export interface EditResult {
  zone: ZoneRow;
  /** The zone's serial after the change (unchanged when nothing changed). */
  serial: number;
  diffs: SetDiff[];
  /** The stored sets after the change, by `setKey`, for the sets the change touched (null = removed). */
  sets: Map<string, RrsetRow | null>;
}

/** What a customer's change writes under: where it comes from and how the audit log names it. */
export type CustomerEditOptions = Pick<EditOptions, 'source' | 'action' | 'summary'> & {
  /**
   * The serial the change was planned against (a `kaja zone push` plan, a CI job's): refused with
   * `serial_mismatch` when the zone's serial is another one once it is locked, so that nothing
   * written since the plan is overwritten unseen.
   */
  ifSerial?: number | undefined;
};

/** One request's edits as a write of its zone's batch. */
interface RecordEditsWrite extends ZoneWrite<LockedZone, EditResult> {
  edits: readonly RecordEdit[];
}

/** The sets every write of a batch can interact with: what the batch's lock statement reads. */
const batchNeighbourhood = (zone: string, writes: readonly RecordEditsWrite[]) =>
  neighbourhoodOf(
    zone,
    writes.flatMap((write) => editedSets(write.edits)),
  );

/** Refuses a change planned against another serial than the locked zone's. */
function refuseMovedSerial(zone: ZoneRow, ifSerial: number | undefined): void {
  if (ifSerial === undefined || ifSerial === zone.serial) return;
  throw new ZoneWriteError('serial_mismatch', `The zone changed since the change was planned: its serial is ${zone.serial}, not ${ifSerial}. Plan again`, {
    if_serial: ifSerial,
    serial: zone.serial,
  });
}

/**
 * A customer's edits of a zone's records, all or nothing: locks the zone (one serial per change,
 * in order), loads the sets the edits can interact with (their neighbourhood: a one-record write
 * stays cheap in a zone of 100,000 records), applies the edits to them, checks and writes the
 * result, and after the commit announces the new serial. Writes of one zone that arrive while one
 * of its transactions runs share the next (`inZoneBatch`): one statement locks the zone and reads
 * the neighbourhoods of all of them, and each write plans against the zone and the sets as the
 * writes before it left them, with its own serial and answer.
 */
export function editZone(
  ctx: WriteContext,
  caller: Caller,
  // What never changes of the zone is enough: all else is read under the lock.
  zone: ZoneIdentity & Pick<EditableZone, 'type'>,
  edits: readonly RecordEdit[],
  options: CustomerEditOptions,
): Promise<EditResult> {
  const { ifSerial, ...writeOptions } = options;
  const write: RecordEditsWrite = {
    edits,
    // The zone's own customer: each write then checks that it is its caller's (`lockedForCaller`).
    open: (tx, writes) => lockZone(tx, zone.customerId, zone.id, batchNeighbourhood(zone.name, writes)),
    async run(tx, batch, publish) {
      const locked = lockedForCaller(caller, batch);
      refuseMovedSerial(locked, ifSerial);
      const state = { zone: locked, sets: batch.sets };
      const changes = setChangesOf(edits, state);
      const diffs = planChanges(callerWriter(caller), state, changes);
      const written = await writeChanges(tx, state, changes, diffs, {
        ...writeOptions,
        nameServers: zoneNameServers(ctx, locked),
        actor: caller.actor,
        known: batch.known,
      });
      // Steps are only ever added: done as this transaction read the subscription is done for good.
      const addsRecords = diffs.some((diff) => diff.added.length > 0);
      if (addsRecords && !written.onboardingSteps?.includes('add_records')) {
        await advanceOnboarding(tx, caller.actor, locked.customerId, 'add_records');
        batch.known.terms = { ...batch.known.terms, onboardingSteps: [...(written.onboardingSteps ?? []), 'add_records'] };
      }
      // The batch's next write plans against the zone as this one left it.
      batch.zone = written.zone;
      for (const [key, set] of written.sets) {
        if (set) batch.sets.set(key, set);
        else batch.sets.delete(key);
      }
      if (written.serial !== locked.serial) publish(noticeOf(written.zone, locked.status, written.change));
      return { zone: { ...locked, serial: written.serial }, serial: written.serial, diffs, sets: written.sets };
    },
  };
  return inZoneBatch(ctx, zone.id, write);
}

/**
 * The zone and all its sets as one read-only snapshot shows them, without locking anything: what
 * a heavy change (an import, a restore) is planned on, outside the lock (`writePlannedChange`).
 */
export function readZoneSnapshot(ctx: Pick<WriteContext, 'db'>, caller: Caller, zone: EditableZone): Promise<ZoneState> {
  return ctx.db.transaction(
    async (tx) => {
      const current = await findZone(tx, caller, zone.id);
      refuseDeletingZone(current);
      return { zone: current, sets: await loadSets(tx, current.id) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * Writes a change planned on a snapshot (`readZoneSnapshot`) while other requests wrote and read
 * the zone, if the zone's serial is still the snapshot's: every change of the records moves it.
 * Undefined when it moved: the plan no longer fits, plan again on a new snapshot.
 */
export async function writePlannedChange(
  ctx: WriteContext,
  caller: Caller,
  snapshot: ZoneState,
  planned: { changes: readonly SetChange[]; diffs: SetDiff[] },
  options: CustomerEditOptions,
): Promise<EditResult | undefined> {
  return inTransaction(ctx, async (tx, after) => {
    const locked = await lockZone(tx, caller.customerId, snapshot.zone.id);
    const zone = lockedForCaller(caller, locked);
    const { known } = locked;
    const { ifSerial, ...writeOptions } = options;
    refuseMovedSerial(zone, ifSerial);
    if (zone.serial !== snapshot.zone.serial) return undefined;
    const written = await writeChanges(tx, { zone, sets: snapshot.sets }, planned.changes, planned.diffs, {
      ...writeOptions,
      nameServers: zoneNameServers(ctx, zone),
      actor: caller.actor,
      known,
    });
    if (written.serial !== zone.serial) after.publish(noticeOf({ ...zone, serial: written.serial }, zone.status, written.change));
    return { zone: { ...zone, serial: written.serial }, serial: written.serial, diffs: planned.diffs, sets: written.sets };
  });
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
  options: Omit<EditOptions, 'system'> & { actor: Actor },
): Promise<{ serial: number; diffs: SetDiff[] }> {
  // A catalog zone's sets are the platform's: only a secondary zone's are someone else's.
  if (zone.type === 'secondary') refuseSecondaryWrites(zone);
  // Every set the platform writes here is at the apex.
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
