import { inArray, sql } from '@kaja/db/orm';
import {
  rrsets,
  zoneChanges,
  zones,
  type Executor,
  type OnboardingStep,
  type ZoneChangeActor,
  type ZoneChangeNotice,
  type ZoneChangeRecord,
  type ZoneChangeSource,
} from '@kaja/db';
import { typeCode } from '@kaja/dns-model';
import { auditInsert, type Actor } from './audit';
import type { SetChange, SetDiff } from './planChanges';
import { checkRecordQuota, type SubscriptionTerms } from './quotas';
import { nextSerial, soaContent } from './soa';
import { emitWebhookEvent, recordsChangedEvent } from './webhookEvents';
import { isManagedSet, setKey, setRowOf, sortKeyOf, type RrsetRow, type ZoneState } from './zoneSets';

export interface EditOptions {
  source: ZoneChangeSource;
  /** Audit action, e.g. `records.created`. */
  action: string;
  /** The platform's own change (SOA, apex NS and the DNSSEC sets may be touched). */
  system?: boolean;
  /** A new serial even when no set changes: a key (de)activation changes only the signatures served. */
  newSerial?: boolean;
  /** Extra audit summary. */
  summary?: Record<string, unknown>;
  /**
   * What the caller read with the zone's lock in this transaction, so that the write does not read
   * it again: the customer's subscription terms, and whether any webhook endpoint wants the change.
   */
  known?: { terms: SubscriptionTerms; webhookEndpoints: boolean };
}

const toChangeActor = (actor: Actor): ZoneChangeActor => ({
  type: actor.type,
  user_id: actor.userId,
  api_key_id: actor.apiKeyId,
  ...(actor.tsigKeyId ? { tsig_key_id: actor.tsigKeyId } : {}),
});

interface NewRrset {
  name: string;
  type: string;
  type_code: number;
  sort_key: string;
  ttl: number;
  contents: string[];
  managed: boolean;
}

/** Sets per INSERT or DELETE: one JSON parameter each, so a 100,000-record import is a few statements. */
const setBatch = 5000;

/** A set row's columns, in the table's order, as the statements here return them. */
const setColumns = sql.raw('id, zone_id, name, type, type_code, sort_key, ttl, contents, managed, created_at, updated_at');

/**
 * The INSERT of sets from one JSON document rather than one parameter per column and row: binding
 * tens of thousands of parameters costs far more than PostgreSQL reading them from JSON.
 */
const insertSets = (zoneId: string, sets: readonly NewRrset[]) => sql`
  INSERT INTO ${rrsets} (zone_id, name, type, type_code, sort_key, ttl, contents, managed)
  SELECT ${zoneId}::uuid, name, type, type_code, sort_key, ttl, contents, managed
  FROM jsonb_to_recordset(${JSON.stringify(sets)}::jsonb)
    AS input(name text, type text, type_code integer, sort_key text, ttl integer, contents text[], managed boolean)
  RETURNING ${setColumns}`;

/** The UPDATE of sets' TTLs and values, from one JSON document as `insertSets`. */
const updateSets = (sets: readonly { set_id: string; new_ttl: number; new_contents: string[] }[], at: Date) => sql`
  UPDATE ${rrsets} SET ttl = input.new_ttl, contents = input.new_contents, updated_at = ${at.toISOString()}::timestamptz
  FROM jsonb_to_recordset(${JSON.stringify(sets)}::jsonb) AS input(set_id uuid, new_ttl integer, new_contents text[])
  WHERE id = input.set_id
  RETURNING ${setColumns}`;

const setRowsOf = (result: unknown): RrsetRow[] => (result as { rows: Record<string, unknown>[] }).rows.map(setRowOf);

/** The records a zone change keeps of diffs: what IXFR removes and adds. */
function changeRecords(diffs: readonly SetDiff[], before: Map<string, RrsetRow>) {
  const removed: ZoneChangeRecord[] = [];
  const added: ZoneChangeRecord[] = [];
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
 * zone change and the audit event. Returns the new serial, the stored sets, and the onboarding
 * steps done as the quota check read them (undefined when it read none).
 */
export async function writeChanges(
  tx: Executor,
  state: ZoneState,
  changes: readonly SetChange[],
  diffs: readonly SetDiff[],
  options: EditOptions & { nameServers: readonly string[]; actor: Actor },
): Promise<{
  serial: number;
  sets: Map<string, RrsetRow | null>;
  change?: ZoneChangeNotice['change'];
  onboardingSteps?: readonly OnboardingStep[] | undefined;
}> {
  const { zone, sets } = state;
  const stored = new Map<string, RrsetRow | null>();
  // A catalog zone's records are the platform's list of the customer's zones: no plan counts them.
  const delta = zone.type === 'catalog' ? 0 : recordDelta(zone.name, diffs);
  const onboardingSteps = await checkRecordQuota(tx, zone.customerId, delta, options.known?.terms);
  if (diffs.length === 0 && !options.newSerial) {
    for (const change of changes) stored.set(setKey(change.name, change.type), sets.get(setKey(change.name, change.type)) ?? null);
    return { serial: zone.serial, sets: stored, onboardingSteps };
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
  // Never empty: the SOA is always among them.
  const updates: { set_id: string; new_ttl: number; new_contents: string[] }[] = [];
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
      updates.push({ set_id: before.id, new_ttl: next.ttl, new_contents: next.contents });
    }
  }
  const keep = (rows: RrsetRow[]) => {
    for (const row of rows) stored.set(setKey(row.name, row.type), row);
  };
  // A big change (an import) sends all but its last chunk of deletions and of new sets on their own.
  let deleteFrom = 0;
  for (; deleteIds.length - deleteFrom > setBatch; deleteFrom += setBatch) {
    await tx.delete(rrsets).where(inArray(rrsets.id, deleteIds.slice(deleteFrom, deleteFrom + setBatch)));
  }
  let insertFrom = 0;
  for (; inserts.length - insertFrom > setBatch; insertFrom += setBatch)
    keep(setRowsOf(await tx.execute(insertSets(zone.id, inserts.slice(insertFrom, insertFrom + setBatch)))));

  const { removed, added } = changeRecords(allDiffs, sets);
  // The rest is one statement, one round trip: the set rows, the journal entry, the zone's new
  // serial and counts, and the audit event. Its parts see the same snapshot and touch different rows.
  const parts = [sql`updated AS (${updateSets(updates, now)})`];
  if (deleteFrom < deleteIds.length)
    parts.push(
      sql`deleted AS (${tx
        .delete(rrsets)
        .where(inArray(rrsets.id, deleteIds.slice(deleteFrom)))
        .getSQL()})`,
    );
  const inserting = insertFrom < inserts.length;
  if (inserting) parts.push(sql`inserted AS (${insertSets(zone.id, inserts.slice(insertFrom))})`);
  parts.push(
    sql`journal AS (
      INSERT INTO ${zoneChanges} (zone_id, previous_serial, serial, source, actor, removed, added)
      VALUES (${zone.id}, ${zone.serial}, ${serial}, ${options.source}, ${JSON.stringify(toChangeActor(options.actor))}::jsonb,
        ${JSON.stringify(removed)}::jsonb, ${JSON.stringify(added)}::jsonb))`,
    sql`zone AS (
      UPDATE ${zones}
      SET serial = ${serial}, record_count = record_count + ${delta}, rrset_count = rrset_count + ${inserts.length - deleteIds.length},
        updated_at = ${now.toISOString()}::timestamptz
      WHERE id = ${zone.id})`,
    sql`audit AS (${auditInsert(tx, options.actor, {
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
    }).getSQL()})`,
  );
  const written = await tx.execute(
    sql`WITH ${sql.join(parts, sql`, `)} SELECT ${setColumns} FROM updated${inserting ? sql` UNION ALL SELECT ${setColumns} FROM inserted` : sql``}`,
  );
  keep(setRowsOf(written));
  // No event to make (nor its lists to cut) when the lock's read found no endpoint that wants it.
  if (options.known?.webhookEndpoints !== false) {
    await emitWebhookEvent(tx, {
      customerId: zone.customerId,
      type: 'zone.records_changed',
      at: now,
      data: recordsChangedEvent(zone, { previousSerial: zone.serial, serial, source: options.source, actor: toChangeActor(options.actor), removed, added }),
    });
  }
  return { serial, sets: stored, change: { previous_serial: zone.serial, removed, added }, onboardingSteps };
}
