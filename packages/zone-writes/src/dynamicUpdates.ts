import { resolveKeyEncryptionKey } from '@kaja/config';
import { and, eq } from '@kaja/db/orm';
import { tsigKeys, zones, type Executor, type ZoneChangeNotice } from '@kaja/db';
import {
  DnsClass,
  FormatError,
  isSubdomain,
  parseRrsetInput,
  Rcode,
  recordType,
  RRType,
  typeName,
  type Message,
  type ResourceRecord,
  type Rrset,
} from '@kaja/dns-model';
import { ZoneWriteError } from './errors';
import type { Actor } from './audit';
import { policiesAllow, unmapAddress } from './restrictions';
import { openTsigSecret } from './tsigSecrets';
import { inTransaction } from './afterCommit';
import type { WriteContext } from './context';
import { noticeOf, zoneNameServers } from './editZone';
import { planChanges, type RrsetWriter, type SetChange } from './planChanges';
import { refuseSecondaryWrites } from './secondaryWrites';
import { writeChanges } from './writeChanges';
import { isManagedSet, loadSets, neighbourhoodOf, setKey, type RrsetRow, type ZoneRow } from './zoneSets';

/*
 * Dynamic updates (RFC 2136) signed with a zone's TSIG key. The DNS server checks the signature;
 * this service does the rest of RFC 2136 section 3 and writes through the same path as the API
 * (record rules, key policies, plan limits, serial, zone change, audit event, change notice).
 */

export type TsigKeyRow = typeof tsigKeys.$inferSelect;

export interface UpdateRequest {
  /** The decoded UPDATE message: zone section in `questions`, prerequisites in `answers`, updates in `authorities`. */
  message: Message;
  /** The `tsig_keys` row whose signature on the message was verified. */
  keyId: string;
  /** The client's address, for the audit log. */
  client: string | null;
}

export interface UpdateOutcome {
  rcode: number;
  /** Why the update was not applied, for the log (names and rules, never a secret). */
  reason?: string;
  zone?: string;
  /** The zone's serial afterwards: a new one only when the update changed something. */
  serial?: number;
}

const SOA = 6;
/** Types of which a set holds one record: adding one replaces it (RFC 2136 3.4.2.2 for CNAME). */
const SINGLETONS = new Set(['CNAME', 'ALIAS']);

/** OPT and the query-only types (RFC 6895: 128-255) never name records of a zone. */
const isMetaType = (type: number) => type === RRType.OPT || (type >= 128 && type <= 255);

type Operation =
  | { kind: 'add'; name: string; type: string; ttl: number; content: string }
  | { kind: 'delete-set'; name: string; type: string }
  | { kind: 'delete-name'; name: string }
  | { kind: 'delete-record'; name: string; type: string; content: string };

type Failure = { rcode: number; reason: string };

const failure = (rcode: number, reason: string): Failure => ({ rcode, reason });

/**
 * What a DNS server needs to take dynamic updates: a key by its zone and name (names are unique per
 * zone only, as two customers may both name a key `transfer-key`), with the secret in clear (to
 * verify and sign), and the update itself. Each outcome is logged with its reason.
 */
export function createUpdateService(ctx: WriteContext) {
  const kek = resolveKeyEncryptionKey(ctx.config);
  return {
    async findKey(zone: string, name: string) {
      const [found] = await ctx.db
        .select({ row: tsigKeys })
        .from(tsigKeys)
        .innerJoin(zones, eq(zones.id, tsigKeys.zoneId))
        .where(and(eq(zones.name, zone.toLowerCase()), eq(tsigKeys.name, name.toLowerCase())));
      if (!found) return undefined;
      const { row } = found;
      return { id: row.id, name: row.name, algorithm: row.algorithm, secret: openTsigSecret(row.secret, kek, row.id) };
    },
    async update(request: UpdateRequest): Promise<UpdateOutcome> {
      const outcome = await applyUpdate(ctx, request);
      const entry = {
        zone: outcome.zone,
        tsig_key_id: request.keyId,
        client: request.client,
        rcode: outcome.rcode,
        reason: outcome.reason,
        serial: outcome.serial,
      };
      if (outcome.rcode === Rcode.NOERROR) ctx.log.info(entry, 'dynamic update applied');
      else ctx.log.warn(entry, 'dynamic update not applied');
      return outcome;
    },
  };
}

export type UpdateService = ReturnType<typeof createUpdateService>;

/** Applies one UPDATE message, all or nothing, and answers the rcode of RFC 2136 section 3. */
export async function applyUpdate(ctx: WriteContext, request: UpdateRequest): Promise<UpdateOutcome> {
  const { message } = request;
  // 3.1.1: exactly one zone, named with type SOA.
  const question = message.questions[0];
  if (message.questions.length !== 1 || question!.type !== SOA) return failure(Rcode.FORMERR, 'the zone section must hold exactly one SOA question');
  const zoneName = question!.name.toLowerCase();

  const [key] = await ctx.db.select().from(tsigKeys).where(eq(tsigKeys.id, request.keyId));
  if (!key) return { ...failure(Rcode.NOTAUTH, 'the TSIG key no longer exists'), zone: zoneName };
  const [zone] = await ctx.db.select().from(zones).where(eq(zones.id, key.zoneId));
  // 3.1.2: a zone we do not serve, or another customer's zone, is not ours to update with this key.
  if (question!.class !== DnsClass.IN || !zone || zone.name !== zoneName) {
    return { ...failure(Rcode.NOTAUTH, `the TSIG key ${key.name} is not a key of the zone ${zoneName}`), zone: zoneName };
  }
  if (zone.status !== 'active') return { ...failure(Rcode.NOTAUTH, `the zone ${zoneName} is ${zone.status}`), zone: zoneName };
  await ctx.db.update(tsigKeys).set({ lastUsedAt: new Date() }).where(eq(tsigKeys.id, key.id));
  if (!key.canUpdate) return { ...failure(Rcode.REFUSED, `the TSIG key ${key.name} may not sign updates`), zone: zoneName };

  const scanned = prescan(message.authorities, zone);
  try {
    const outcome = await inTransaction(ctx, async (tx, after) => {
      const applied = await applyInZone(ctx, tx, { ...request, key, zone, scanned });
      if (applied.changed) after.publish(noticeOf({ ...zone, serial: applied.serial }, zone.status, applied.change));
      return applied;
    });
    return { rcode: outcome.rcode, reason: outcome.reason, zone: zoneName, serial: outcome.serial };
  } catch (error) {
    // The record rules, key policies and plan limits of the API: the update is refused, nothing written.
    if (error instanceof ZoneWriteError) {
      const reason = error.code === 'invalid_change' ? Object.values(error.details).join('; ') : error.message;
      return { ...failure(Rcode.REFUSED, reason), zone: zoneName };
    }
    throw error;
  }
}

async function applyInZone(
  ctx: WriteContext,
  tx: Executor,
  input: UpdateRequest & { key: TsigKeyRow; zone: ZoneRow; scanned: Operation[] | Failure },
): Promise<{ rcode: number; reason?: string; serial: number; changed: boolean; change?: ZoneChangeNotice['change'] }> {
  const [zone] = await tx.select().from(zones).where(eq(zones.id, input.zone.id)).for('update');
  if (!zone || zone.status !== 'active')
    return { ...failure(Rcode.NOTAUTH, `the zone ${input.zone.name} is no longer served`), serial: input.zone.serial, changed: false };
  const unchanged = { serial: zone.serial, changed: false };
  const prerequisites = input.message.answers;
  const operations = Array.isArray(input.scanned) ? input.scanned : [];
  const touched = [
    ...prerequisites.filter((rr) => isSubdomain(rr.name.toLowerCase(), zone.name)).map((rr) => ({ name: rr.name.toLowerCase(), type: typeName(rr.type) })),
    ...operations.map((op) => ({ name: op.name, type: op.kind === 'delete-name' ? '' : op.type, contents: op.kind === 'add' ? [op.content] : [] })),
  ];
  const sets = await loadSets(tx, zone.id, neighbourhoodOf(zone.name, touched));

  const unmet = checkPrerequisites(prerequisites, zone.name, sets);
  if (unmet) return { ...unmet, ...unchanged };
  if (!Array.isArray(input.scanned)) return { ...input.scanned, ...unchanged };

  const changes = applyOperations(zone.name, sets, operations);
  const state = { zone, sets };
  const diffs = planChanges(tsigKeyWriter(input.key), state, changes);
  refuseSecondaryWrites(zone);
  const actor: Actor = { type: 'tsig_key', userId: null, apiKeyId: null, tsigKeyId: input.key.id, ip: input.client ? unmapAddress(input.client) : null };
  const { serial, change } = await writeChanges(tx, state, changes, diffs, {
    source: 'dynamic_update',
    action: 'records.updated',
    nameServers: zoneNameServers(ctx, zone),
    actor,
    summary: { tsig_key_id: input.key.id, tsig_key: input.key.name },
  });
  return { rcode: Rcode.NOERROR, serial, changed: serial !== zone.serial, change };
}

/** A TSIG key is held to its own record policies, written like an API key's (names relative to the zone). */
const tsigKeyWriter = (key: TsigKeyRow): RrsetWriter => ({
  label: `The TSIG key ${key.name}`,
  mayWrite: (target) => policiesAllow(key.recordPolicies, target),
});

/** The canonical content of a record as carried on the wire. */
const contentOf = (rr: ResourceRecord) => recordType(rr.type).fromWire(rr.rdata);

const nameInUse = (sets: Map<string, RrsetRow>, name: string) => [...sets.values()].some((set) => set.name === name);

/** RFC 2136 3.2: the prerequisites in order, against the zone as it is; the first unmet one decides. */
function checkPrerequisites(prerequisites: readonly ResourceRecord[], zone: string, sets: Map<string, RrsetRow>): Failure | undefined {
  const expected = new Map<string, { name: string; type: string; contents: Set<string> }>();
  for (const rr of prerequisites) {
    const name = rr.name.toLowerCase();
    const type = typeName(rr.type);
    if (rr.ttl !== 0) return failure(Rcode.FORMERR, `the prerequisite on ${name} ${type} must have TTL 0`);
    if (!isSubdomain(name, zone)) return failure(Rcode.NOTZONE, `the prerequisite name ${name} is not in the zone ${zone}`);
    if (rr.class === DnsClass.ANY || rr.class === DnsClass.NONE) {
      if (rr.rdata.length !== 0) return failure(Rcode.FORMERR, `the prerequisite on ${name} ${type} must have no data`);
      const mustExist = rr.class === DnsClass.ANY;
      if (rr.type === RRType.ANY) {
        if (nameInUse(sets, name) !== mustExist)
          return mustExist ? failure(Rcode.NXDOMAIN, `${name} has no records`) : failure(Rcode.YXDOMAIN, `${name} has records`);
      } else if (sets.has(setKey(name, type)) !== mustExist) {
        return mustExist ? failure(Rcode.NXRRSET, `${name} has no ${type} records`) : failure(Rcode.YXRRSET, `${name} has ${type} records`);
      }
    } else if (rr.class === DnsClass.IN && !isMetaType(rr.type)) {
      let content: string;
      try {
        content = contentOf(rr);
      } catch (error) {
        if (error instanceof FormatError) return failure(Rcode.FORMERR, `the prerequisite on ${name} ${type} has malformed data`);
        throw error;
      }
      const key = setKey(name, type);
      const set = expected.get(key) ?? { name, type, contents: new Set<string>() };
      set.contents.add(content);
      expected.set(key, set);
    } else return failure(Rcode.FORMERR, `the prerequisite on ${name} ${type} has an unknown class or type`);
  }
  // Value-dependent: the set must hold exactly these records, no more, no fewer.
  for (const [key, want] of expected) {
    const have = sets.get(key)?.contents ?? [];
    if (have.length !== want.contents.size || !have.every((content) => want.contents.has(content))) {
      return failure(Rcode.NXRRSET, `${want.name} ${want.type} does not hold exactly the records the prerequisite names`);
    }
  }
  return undefined;
}

/**
 * RFC 2136 3.4.1: every update record is checked before any is applied. Malformed ones answer
 * FORMERR, names outside the zone NOTZONE; then records the API would refuse (unsupported types,
 * bad content, TTLs outside our limits, the platform's SOA and apex NS) answer REFUSED.
 */
function prescan(updates: readonly ResourceRecord[], zone: ZoneRow): Operation[] | Failure {
  const read: { rr: ResourceRecord; name: string; type: string; content: string }[] = [];
  for (const rr of updates) {
    const name = rr.name.toLowerCase();
    const type = typeName(rr.type);
    if (!isSubdomain(name, zone.name)) return failure(Rcode.NOTZONE, `${name} is not in the zone ${zone.name}`);
    const meta = isMetaType(rr.type);
    if (rr.class === DnsClass.IN) {
      if (meta) return failure(Rcode.FORMERR, `${type} records cannot be added`);
    } else if (rr.class === DnsClass.ANY) {
      if (rr.ttl !== 0 || rr.rdata.length !== 0 || (meta && rr.type !== RRType.ANY))
        return failure(Rcode.FORMERR, `the deletion of ${name} ${type} is malformed`);
    } else if (rr.class === DnsClass.NONE) {
      if (rr.ttl !== 0 || meta) return failure(Rcode.FORMERR, `the deletion of a ${type} record at ${name} is malformed`);
    } else return failure(Rcode.FORMERR, `the update of ${name} ${type} has class ${rr.class}`);
    let content = '';
    if (rr.class !== DnsClass.ANY) {
      try {
        content = contentOf(rr);
      } catch (error) {
        if (error instanceof FormatError) return failure(Rcode.FORMERR, `the ${type} record at ${name} is malformed: ${error.message}`);
        throw error;
      }
    }
    read.push({ rr, name, type, content });
  }

  const operations: Operation[] = [];
  for (const { rr, name, type, content } of read) {
    if (rr.class === DnsClass.ANY && rr.type === RRType.ANY) {
      operations.push({ kind: 'delete-name', name });
      continue;
    }
    if (isManagedSet(zone.name, name, type)) return failure(Rcode.REFUSED, `${name} ${type} is managed by the platform`);
    if (rr.class === DnsClass.ANY) operations.push({ kind: 'delete-set', name, type });
    else if (rr.class === DnsClass.NONE) operations.push({ kind: 'delete-record', name, type, content });
    else {
      // The API's own reading of a record: type, owner name, content and TTL rules.
      const parsed = parseRrsetInput({ type, name: `${name}.`, content, ttl: rr.ttl }, zone.name, { defaultTtl: zone.ttl });
      if (!parsed.ok) return failure(Rcode.REFUSED, `${name} ${type}: ${Object.values(parsed.errors).join('; ')}`);
      operations.push({ kind: 'add', name: parsed.rrset.name, type: parsed.rrset.type, ttl: parsed.rrset.ttl, content: parsed.rrset.contents[0]! });
    }
  }
  return operations;
}

/** RFC 2136 3.4.2: the updates in order on a working copy of the sets; the changed sets come out. */
function applyOperations(zone: string, sets: Map<string, RrsetRow>, operations: readonly Operation[]): SetChange[] {
  const working = new Map<string, Rrset | null>();
  const current = (key: string): Rrset | null => {
    if (working.has(key)) return working.get(key)!;
    const row = sets.get(key);
    return row ? { name: row.name, type: row.type, ttl: row.ttl, contents: row.contents } : null;
  };
  for (const op of operations) {
    if (op.kind === 'delete-name') {
      // At the apex the platform's SOA and NS stay (RFC 2136 3.4.2.3).
      const keys = new Set([...sets.keys(), ...working.keys()]);
      for (const key of keys) {
        const set = current(key);
        if (set && set.name === op.name && !isManagedSet(zone, set.name, set.type)) working.set(key, null);
      }
      continue;
    }
    const key = setKey(op.name, op.type);
    const set = current(key);
    if (op.kind === 'delete-set') working.set(key, null);
    else if (op.kind === 'delete-record') {
      if (!set) continue;
      const contents = set.contents.filter((content) => content !== op.content);
      working.set(key, contents.length > 0 ? { ...set, contents } : null);
    } else if (!set) working.set(key, { name: op.name, type: op.type, ttl: op.ttl, contents: [op.content] });
    else {
      // One TTL per set: the record added last sets it, as BIND does.
      const contents = SINGLETONS.has(op.type) ? [op.content] : set.contents.includes(op.content) ? set.contents : [...set.contents, op.content];
      working.set(key, { ...set, ttl: op.ttl, contents });
    }
  }
  const changes: SetChange[] = [];
  for (const [key, next] of working) {
    const before = sets.get(key);
    if (!before && !next) continue;
    if (
      before &&
      next &&
      before.ttl === next.ttl &&
      before.contents.length === next.contents.length &&
      before.contents.every((content, i) => content === next.contents[i])
    )
      continue;
    const [name, type] = key.split('\u0000') as [string, string];
    changes.push({ name, type, next, path: '' });
  }
  return changes;
}
