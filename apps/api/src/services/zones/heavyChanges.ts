import {
  readZoneSnapshot,
  writePlannedChange,
  type CustomerEditOptions,
  type EditableZone,
  type EditResult,
  type SetChange,
  type SetDiff,
  type ZoneState,
} from '@kaja/zone-writes';
import { conflict } from '../../errors';
import type { Principal } from '../accounts/principal';
import type { PlanningContext } from '../context';

/** Plans of a heavy change tried before giving up when the zone keeps changing meanwhile. */
const planAttempts = 3;

/**
 * A change to a zone's records whose planning is heavy (a zone file, a restore): `plan` gets the
 * zone as one snapshot shows it and runs on the worker threads while other requests write and
 * read the zone. The plan is written only if the zone has not changed since the snapshot;
 * otherwise it is planned again on a new one.
 */
export async function writeHeavyChange(
  ctx: PlanningContext,
  principal: Principal,
  zone: EditableZone,
  options: CustomerEditOptions,
  plan: (snapshot: ZoneState) => Promise<{ changes: SetChange[]; diffs: SetDiff[] }>,
): Promise<EditResult> {
  for (let attempt = 0; attempt < planAttempts; attempt++) {
    const snapshot = await readZoneSnapshot(ctx, principal, zone);
    const written = await writePlannedChange(ctx, principal, snapshot, await plan(snapshot), options);
    if (written) return written;
  }
  throw conflict('The zone kept changing while this change was planned: try again');
}
