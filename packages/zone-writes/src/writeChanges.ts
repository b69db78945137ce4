import { sql } from '@kaja/db/orm';
import {
  reusableStatement,
  rrsets,
  zoneChanges,
  zones,
  type Executor,
  type OnboardingStep,
  type ReusableStatement,
  type ValueOf,
  type ZoneChangeActor,
  type ZoneChangeNotice,
  type ZoneChangeRecord,
  type ZoneChangeSource,
} from '@kaja/db';
import { typeCode } from '@kaja/dns-model';
import { auditInsert, auditValues, type Actor } from './audit';
import type { SetChange, SetDiff } from './planChanges';
import { checkRecordQuota, type SubscriptionTerms } from './quotas';
import { nextSerial, soaContent } from './soa';
import { emitWebhookEvent, recordsChangedEvent } from './webhookEvents';
import { isManagedSet, setKey, setRowOf, sortKeyOf, type RrsetRow, type ZoneRow, type ZoneState } from './zoneSets';

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
 * The INSERT of sets from one JSON document (`inserts`) rather than one parameter per column and
 * row: binding tens of thousands of parameters costs far more than PostgreSQL reading them from JSON.
 */
const insertSets = (value: ValueOf) => sql`
  INSERT INTO ${rrsets} (zone_id, name, type, type_code, sort_key, ttl, contents, managed)
  SELECT ${value('zoneId')}::uuid, name, type, type_code, sort_key, ttl, contents, managed
  FROM jsonb_to_recordset(${value('inserts')}::jsonb)
    AS input(name text, type text, type_code integer, sort_key text, ttl integer, contents text[], managed boolean)
  RETURNING ${setColumns}`;

/**
 * The UPDATE of sets' TTLs and values from one JSON document (`updates`), as `insertSets`. The sets
 * are found by their ids (`updateIds`) on their own: joined to the document alone, the planner,
 * which takes a function's rows to be a hundred, reads the whole table for a write's one or two.
 */
const updateSets = (value: ValueOf) => sql`
  UPDATE ${rrsets} SET ttl = input.new_ttl, contents = input.new_contents, updated_at = ${value('at')}::timestamptz
  FROM jsonb_to_recordset(${value('updates')}::jsonb) AS input(set_id uuid, new_ttl integer, new_contents text[])
  WHERE ${rrsets.id} = ANY(${value('updateIds')}::uuid[]) AND ${rrsets.id} = input.set_id
  RETURNING ${setColumns}`;

const deleteSets = (value: ValueOf) => sql`DELETE FROM ${rrsets} WHERE ${rrsets.id} = ANY(${value('deleteIds')}::uuid[])`;

/** A big change's chunks of new sets and of deletions, sent on their own before the rest. */
const insertChunk = reusableStatement(insertSets);
const deleteChunk = reusableStatement(deleteSets);

/**
 * The rest of a write, one statement: the set rows, the journal entry, the zone's new serial and
 * counts, and the audit event (its values prefixed `audit_`). One text for each of the four shapes
 * a write takes, whether it deletes sets and whether it adds any.
 */
const writeStatements = new Map<string, ReusableStatement<Record<string, unknown>>>();

function writeStatement(deleting: boolean, inserting: boolean): ReusableStatement<Record<string, unknown>> {
  const shape = `${deleting} ${inserting}`;
  let statement = writeStatements.get(shape);
  if (statement) return statement;
  statement = reusableStatement((value: ValueOf) => {
    const parts = [sql`updated AS (${updateSets(value)})`];
    if (deleting) parts.push(sql`deleted AS (${deleteSets(value)})`);
    if (inserting) parts.push(sql`inserted AS (${insertSets(value)})`);
    parts.push(
      sql`journal AS (
        INSERT INTO ${zoneChanges} (zone_id, previous_serial, serial, source, actor, removed, added)
        VALUES (${value('zoneId')}::uuid, ${value('previousSerial')}, ${value('serial')}, ${value('source')}, ${value('actor')}::jsonb,
          ${value('removed')}::jsonb, ${value('added')}::jsonb))`,
      sql`zone AS (
        UPDATE ${zones}
        SET serial = ${value('serial')}, record_count = record_count + ${value('recordDelta')}::integer,
          rrset_count = rrset_count + ${value('rrsetDelta')}::integer, updated_at = ${value('at')}::timestamptz
        WHERE id = ${value('zoneId')}::uuid)`,
      sql`audit AS (${auditInsert((name) => value(`audit_${name}`))})`,
    );
    return sql`WITH ${sql.join(parts, sql`, `)} SELECT ${setColumns} FROM updated${inserting ? sql` UNION ALL SELECT ${setColumns} FROM inserted` : sql``}`;
  });
  writeStatements.set(shape, statement);
  return statement;
}

const setRowsOf = (rows: Record<string, unknown>[]): RrsetRow[] => rows.map(setRowOf);

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
 * zone change and the audit event. Returns the new serial, the zone's row and the stored sets as
 * the write left them, and the onboarding steps done as the quota check read them (undefined when
 * it read none). It refuses (`quota_exceeded`) only before it writes anything (`inZoneBatch`).
 */
export async function writeChanges(
  tx: Executor,
  state: ZoneState,
  changes: readonly SetChange[],
  diffs: readonly SetDiff[],
  options: EditOptions & { nameServers: readonly string[]; actor: Actor },
): Promise<{
  serial: number;
  zone: ZoneRow;
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
    return { serial: zone.serial, zone, sets: stored, onboardingSteps };
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
    await deleteChunk(tx, { deleteIds: deleteIds.slice(deleteFrom, deleteFrom + setBatch) });
  }
  let insertFrom = 0;
  for (; inserts.length - insertFrom > setBatch; insertFrom += setBatch)
    keep(setRowsOf(await insertChunk(tx, { zoneId: zone.id, inserts: JSON.stringify(inserts.slice(insertFrom, insertFrom + setBatch)) })));

  const { removed, added } = changeRecords(allDiffs, sets);
  const rrsetDelta = inserts.length - deleteIds.length;
  const audit = auditValues(options.actor, {
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
  // The rest is one statement, one round trip. Its parts see the same snapshot and touch different rows.
  const deleting = deleteFrom < deleteIds.length;
  const inserting = insertFrom < inserts.length;
  const written = await writeStatement(deleting, inserting)(tx, {
    zoneId: zone.id,
    at: now.toISOString(),
    updates: JSON.stringify(updates),
    updateIds: updates.map((update) => update.set_id),
    ...(deleting ? { deleteIds: deleteIds.slice(deleteFrom) } : {}),
    ...(inserting ? { inserts: JSON.stringify(inserts.slice(insertFrom)) } : {}),
    previousSerial: zone.serial,
    serial,
    source: options.source,
    actor: JSON.stringify(toChangeActor(options.actor)),
    removed: JSON.stringify(removed),
    added: JSON.stringify(added),
    recordDelta: delta,
    rrsetDelta,
    ...Object.fromEntries(Object.entries(audit).map(([name, value]) => [`audit_${name}`, value])),
  });
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
  // The zone's row as the statement left it: what the next write of a batch plans against.
  const after = { ...zone, serial, recordCount: zone.recordCount + delta, rrsetCount: zone.rrsetCount + rrsetDelta, updatedAt: now };
  return { serial, zone: after, sets: stored, change: { previous_serial: zone.serial, removed, added }, onboardingSteps };
}
