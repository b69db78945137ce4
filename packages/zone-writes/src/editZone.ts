import { sql } from '@kaja/db/orm';
import { zones, type Executor, type ZoneChangeNotice } from '@kaja/db';
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
import { subscriptionTermsColumn, subscriptionTermsOf } from './quotas';
import { hasEndpointsColumn } from './webhookEvents';
import { writeChanges, type EditOptions } from './writeChanges';
import { inZoneBatch } from './zoneBatches';
import type { ZoneIdentity } from './zoneIdentities';
import {
  accessibleZone,
  callersZone,
  findZone,
  loadSets,
  neighbourhoodOf,
  setsColumn,
  setsFromColumn,
  type Neighbourhood,
  type RrsetRow,
  type ZoneRow,
  type ZoneState,
} from './zoneSets';

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

/**
 * Locks a zone for a change of its records; it may have begun to be deleted since the request read
 * it. The same statement reads what the write would otherwise ask for after it, a round trip each:
 * the plan's terms for the quota and onboarding, whether a webhook endpoint wants the change, and
 * the sets of the change's neighbourhood. All are read as the statement began, before any wait for
 * the lock. The sets are what the lock guards: they are kept only if the zone's serial then is the
 * locked zone's (every change of a zone's records moves its serial, `writeChanges`), and read again
 * after the lock when a change committed in between.
 */
async function lockZone(
  tx: Executor,
  caller: Caller,
  zone: Pick<ZoneRow, 'id'>,
  hood?: Neighbourhood,
): Promise<{ zone: ZoneRow; known: NonNullable<EditOptions['known']>; sets?: Map<string, RrsetRow> }> {
  const neighbourhood = hood && {
    sets: setsColumn(zone.id, hood),
    // The zone's serial as the statement's snapshot has it; `zone` is the row as locked, the latest.
    setsSerial: sql<number | string>`(SELECT serial FROM ${zones} AS snapshot WHERE snapshot.id = ${zone.id}::uuid)`,
  };
  const [row] = await tx
    .select({
      zone: zones,
      // The zone is the caller's customer's (`callersZone`): so are these.
      terms: subscriptionTermsColumn(caller.customerId),
      webhookEndpoints: hasEndpointsColumn(caller.customerId, 'zone.records_changed'),
      ...neighbourhood,
    })
    .from(zones)
    .where(callersZone(caller, zone.id))
    .for('update', { of: zones });
  const locked = accessibleZone(caller, row?.zone);
  refuseDeletingZone(locked);
  const known = { terms: subscriptionTermsOf(row!.terms), webhookEndpoints: row!.webhookEndpoints };
  if (!hood) return { zone: locked, known };
  const read = row as typeof row & { sets: Record<string, unknown>[]; setsSerial: number | string };
  const sets = Number(read.setsSerial) === locked.serial ? await setsFromColumn(tx, locked.id, hood, read.sets) : await loadSets(tx, locked.id, hood);
  return { zone: locked, known, sets };
}

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
 * of its transactions runs share the next (`inZoneBatch`), each with its own serial and answer.
 */
export async function editZone(
  ctx: WriteContext,
  caller: Caller,
  // What never changes of the zone is enough: all else is read under the lock.
  zone: ZoneIdentity & Pick<EditableZone, 'type'>,
  edits: readonly RecordEdit[],
  options: CustomerEditOptions,
): Promise<EditResult> {
  return inZoneBatch(ctx, zone.id, async (tx, publish) => {
    const locking = await lockZone(tx, caller, zone, neighbourhoodOf(zone.name, editedSets(edits)));
    const { zone: locked, known } = locking;
    const { ifSerial, ...writeOptions } = options;
    refuseMovedSerial(locked, ifSerial);
    const state = { zone: locked, sets: locking.sets! };
    const changes = setChangesOf(edits, state);
    const diffs = planChanges(callerWriter(caller), state, changes);
    const { serial, sets, change, onboardingSteps } = await writeChanges(tx, state, changes, diffs, {
      ...writeOptions,
      nameServers: zoneNameServers(ctx, locked),
      actor: caller.actor,
      known,
    });
    // Steps are only ever added: done as this transaction read the subscription is done for good.
    const addsRecords = diffs.some((diff) => diff.added.length > 0);
    if (addsRecords && !onboardingSteps?.includes('add_records')) await advanceOnboarding(tx, caller.actor, locked.customerId, 'add_records');
    if (serial !== locked.serial) publish(noticeOf({ ...locked, serial }, locked.status, change));
    return { zone: { ...locked, serial }, serial, diffs, sets };
  });
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
    const { zone, known } = await lockZone(tx, caller, snapshot.zone);
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
