import { sql } from '@kaja/db/orm';
import { reusableStatement, tableColumns, tableRowOf, zones, type Executor, type ReusableStatement, type ValueOf } from '@kaja/db';
import { refuseDeletingZone } from './editableZone';
import type { Caller } from './restrictions';
import { subscriptionTermsColumn, subscriptionTermsOf, type SubscriptionTerms, type TermsValue } from './quotas';
import { hasEndpointsColumn } from './webhookEvents';
import { accessibleZone, loadSets, neighbourhoodValues, setsColumn, setsFromColumn, type Neighbourhood, type RrsetRow, type ZoneRow } from './zoneSets';

/** What the statement that locks a zone read for the writes planned under the lock. */
export interface LockedZone {
  /** The zone's row as locked; undefined when there is no such zone of the customer's. */
  zone: ZoneRow | undefined;
  /** The customer's subscription terms, and whether any webhook endpoint wants a change of records. */
  known: { terms: SubscriptionTerms; webhookEndpoints: boolean };
  /** The sets of the neighbourhood asked for (empty when none was). */
  sets: Map<string, RrsetRow>;
}

const zoneRowOf = tableRowOf(zones);

/**
 * The lock's statement for neighbourhoods of one shape (`neighbourhoodValues`), or for none: its
 * text is built once per shape (a one-record write's is always the same), at most a hundred or so,
 * from the first neighbourhood of that shape, of which it takes nothing but the shape.
 */
const lockStatements = new Map<string, ReusableStatement<Record<string, unknown>>>();

function lockStatement(hood: Neighbourhood | undefined, shape: string): ReusableStatement<Record<string, unknown>> {
  let statement = lockStatements.get(shape);
  if (statement) return statement;
  statement = reusableStatement((value: ValueOf) => {
    const neighbourhood = hood
      ? sql`, ${setsColumn(hood, value)} AS sets,
        (SELECT serial FROM ${zones} AS snapshot WHERE snapshot.id = ${value('zoneId')}::uuid) AS sets_serial`
      : sql``;
    return sql`SELECT ${tableColumns(zones)},
      ${subscriptionTermsColumn(value('customerId'))} AS terms,
      ${hasEndpointsColumn(value('customerId'), 'zone.records_changed')} AS webhook_endpoints${neighbourhood}
      FROM ${zones} WHERE zones.id = ${value('zoneId')}::uuid AND zones.customer_id = ${value('customerId')}::uuid
      FOR UPDATE OF zones`;
  });
  lockStatements.set(shape, statement);
  return statement;
}

/**
 * Locks a customer's zone for a change of its records; it may have begun to be deleted since the
 * request read it. The same statement reads what the write would otherwise ask for after it, a
 * round trip each: the plan's terms for the quota and onboarding, whether a webhook endpoint wants
 * the change, and the sets of the change's neighbourhood. All are read as the statement began,
 * before any wait for the lock. The sets are what the lock guards: they are kept only if the zone's
 * serial then is the locked zone's (every change of a zone's records moves its serial,
 * `writeChanges`), and read again after the lock when a change committed in between.
 */
export async function lockZone(tx: Executor, customerId: string, zoneId: string, hood?: Neighbourhood): Promise<LockedZone> {
  const { shape, values } = hood ? neighbourhoodValues(hood) : { shape: 'none', values: {} };
  const [row] = await lockStatement(hood, shape)(tx, { ...values, zoneId, customerId });
  if (!row) return { zone: undefined, known: { terms: subscriptionTermsOf(null), webhookEndpoints: false }, sets: new Map() };
  const zone = zoneRowOf(row);
  const known = { terms: subscriptionTermsOf(row.terms as TermsValue | null), webhookEndpoints: row.webhook_endpoints as boolean };
  if (!hood) return { zone, known, sets: new Map() };
  const fresh = Number(row.sets_serial) === zone.serial;
  return { zone, known, sets: fresh ? await setsFromColumn(tx, zoneId, hood, row.sets as Record<string, unknown>[]) : await loadSets(tx, zoneId, hood) };
}

/** The locked zone if the caller may change its records now; else 404, or the zone is being deleted. */
export function lockedForCaller(caller: Caller, locked: LockedZone): ZoneRow {
  const zone = accessibleZone(caller, locked.zone?.customerId === caller.customerId ? locked.zone : undefined);
  refuseDeletingZone(zone);
  return zone;
}
