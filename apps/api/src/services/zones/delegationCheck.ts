import { and, asc, eq, inArray, isNotNull, isNull, lt, ne, or, sql } from '@kaja/db/orm';
import { delegationChecks, enqueueJob, jobs, users, zones, type Executor } from '@kaja/db';
import { ApiError } from '../../errors';
import {
  advanceOnboarding,
  emitWebhookEvent,
  findZone,
  inTransaction,
  noticeOf,
  recordAudit,
  syncCatalogZone,
  systemActor,
  zoneNameServers,
  type ZoneRow,
} from '@kaja/zone-writes';
import type { ServiceContext, ZoneContext } from '../context';
import { dsProblemMail, pendingReleasedMail, pendingReleaseWarningMail } from './delegationMail';
import { brokenDsStates, dsStateOf, hostKey, nsStateOf, pointsToUs, type ExpectedDs } from './delegationStates';
import { dsOfKey } from './dnssecKeys';
import { zoneCryptokeys } from './dnssecRrsets';
import { DnsExchangeError } from '../dns/dnsExchange';
import { readParentView, type ParentView } from '../dns/parentView';
import type { Principal } from '../accounts/principal';
import { deleteZoneJob, type DeleteZonePayload } from './zones';
import { recordFunnelStep } from '../ops/analytics/funnel';

/** Checks one zone's delegation (on demand, and the first check of a new zone). */
export const delegationCheckJob = 'delegation.check';
/** Checks the zones whose last check is older than the interval, and releases pending zones never delegated. */
export const delegationScheduleJob = 'delegation.schedule';
/** How often the scheduled pass looks for due zones; each zone is checked every DELEGATION_CHECK_INTERVAL. */
export const delegationScheduleIntervalMs = 5 * 60_000;
/** Zones checked per scheduled pass at most, and the time a pass may spend on checks (parents that do not answer cost seconds each): well inside the job lease. */
const zonesPerPass = 200;
const passBudgetMs = 2 * 60_000;
const dayMs = 86_400_000;

export interface DelegationCheckPayload {
  zone_id: string;
}

/** Whether the platform checks delegations at all (a resolver is configured). */
export const checksDelegation = (ctx: ServiceContext) => ctx.config.delegation.resolver !== undefined;

/** `pending_since` for a new zone: pending when delegations are checked, else active at once. */
export const pendingSinceForNewZone = (ctx: ServiceContext): Date | null => (checksDelegation(ctx) ? ctx.now() : null);

/** Queues the first check of a new zone (with the transaction that creates it). */
export async function queueFirstDelegationCheck(ctx: ServiceContext, executor: Executor, zoneId: string): Promise<void> {
  if (checksDelegation(ctx)) await enqueueJob(executor, delegationCheckJob, { zone_id: zoneId } satisfies DelegationCheckPayload, { maxAttempts: 1 });
}

/** The warning goes out this long before a release: a week, or half the pending time when that is shorter. */
const releaseWarningMs = (ctx: ServiceContext) => Math.min(7 * dayMs, (ctx.config.delegation.pendingReleaseDays * dayMs) / 2);

/** When a pending zone is released at the earliest (null: it is active, or pending zones are kept). */
export function releaseTime(ctx: ServiceContext, zone: Pick<ZoneRow, 'pendingSince'>, warnedAt: Date | null = null): Date | null {
  const days = ctx.config.delegation.pendingReleaseDays;
  if (!zone.pendingSince || days === 0 || !checksDelegation(ctx)) return null;
  const due = zone.pendingSince.getTime() + days * dayMs;
  // A warning sent late (the platform was down) still gives the whole notice.
  return new Date(warnedAt ? Math.max(due, warnedAt.getTime() + releaseWarningMs(ctx)) : due);
}

/** The delegation part of a zone in the API: what GET /zones/{id} shows. */
export function presentZoneDelegation(ctx: ServiceContext, zone: ZoneRow) {
  return {
    status: zone.pendingSince ? ('pending' as const) : ('active' as const),
    ns_state: zone.delegationNs,
    ds_state: zone.delegationDs,
    checked_at: zone.delegationCheckedAt?.toISOString() ?? null,
    release_at: releaseTime(ctx, zone)?.toISOString() ?? null,
  };
}

/** What the parent should say: our name servers, and the DS of the active KSKs (and of the KSKs that no longer sign). */
async function expectedDelegation(ctx: ServiceContext, executor: Executor, zone: ZoneRow): Promise<{ ns: string[]; ds: ExpectedDs }> {
  const ksks = zone.dnssecState === 'off' ? [] : (await zoneCryptokeys(executor, zone.id)).filter((key) => key.keytype === 'ksk');
  const contents = (active: boolean) => ksks.filter((key) => key.active === active).flatMap((key) => dsOfKey(zone.name, key).map((ds) => ds.content));
  return { ns: zoneNameServers(ctx, zone).map(hostKey), ds: { active: contents(true), retired: contents(false) } };
}

/** GET /zones/{id}/delegation: the states, what the parent says against what it should say, and whether a check is under way. */
export async function getDelegation(ctx: ServiceContext, principal: Principal, zoneId: string) {
  const zone = await findZone(ctx.db, principal, zoneId);
  return presentDelegation(ctx, zone);
}

async function presentDelegation(ctx: ServiceContext, zone: ZoneRow) {
  const [[check], expected, [queued]] = await Promise.all([
    ctx.db.select().from(delegationChecks).where(eq(delegationChecks.zoneId, zone.id)),
    expectedDelegation(ctx, ctx.db, zone),
    ctx.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.name, delegationCheckJob), inArray(jobs.status, ['queued', 'running']), sql`${jobs.payload}->>'zone_id' = ${zone.id}`))
      .limit(1),
  ]);
  return {
    ...presentZoneDelegation(ctx, zone),
    release_at: releaseTime(ctx, zone, check?.releaseWarnedAt ?? null)?.toISOString() ?? null,
    checks_enabled: checksDelegation(ctx),
    check_pending: queued !== undefined,
    parent_zone: check?.parentZone ?? null,
    problem: check?.problem ?? null,
    ns: { parent: check?.parentNs ?? [], expected: expected.ns },
    ds: {
      parent: check?.parentDs ?? [],
      expected: zone.dnssecState === 'active' ? [...expected.ds.active] : [],
    },
  };
}

/** Refused on demand more often than the limit allows (per zone), so nobody uses us to flood a parent's servers. */
export interface CheckLimiter {
  hit(key: string): { allowed: boolean; resetSeconds: number };
}

/** POST /zones/{id}/delegation: queues a check now (one at a time per zone) and answers with the states so far. */
export async function requestDelegationCheck(ctx: ServiceContext, principal: Principal, zoneId: string, limiter: CheckLimiter) {
  const zone = await findZone(ctx.db, principal, zoneId);
  if (!checksDelegation(ctx)) throw new ApiError('unavailable', 'Delegation checks are not configured on this platform');
  if (zone.status === 'deleting') throw new ApiError('conflict', 'The zone is being deleted');
  await ctx.db.transaction(async (tx) => {
    // One queued check per zone however many calls race: the lock serialises them.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`delegation.check:${zone.id}`}))`);
    const [queued] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.name, delegationCheckJob), inArray(jobs.status, ['queued', 'running']), sql`${jobs.payload}->>'zone_id' = ${zone.id}`))
      .limit(1);
    if (queued) return;
    const limit = limiter.hit(zone.id);
    if (!limit.allowed) {
      throw new ApiError(
        'rate_limited',
        `This zone was checked a moment ago; check again in ${limit.resetSeconds} seconds`,
        { retry_after: limit.resetSeconds },
        { 'Retry-After': String(limit.resetSeconds) },
      );
    }
    await enqueueJob(tx, delegationCheckJob, { zone_id: zone.id } satisfies DelegationCheckPayload, { maxAttempts: 1 });
  });
  return presentDelegation(ctx, zone);
}

/** Reads the parent of `zone`; the failure reason instead of a view when it cannot be read. */
async function readParent(ctx: ServiceContext, name: string): Promise<ParentView | { problem: string }> {
  const { resolver, parentPort } = ctx.config.delegation;
  try {
    return await readParentView(name, { resolver: resolver!, parentPort });
  } catch (error) {
    if (error instanceof DnsExchangeError) return { problem: error.message };
    throw error;
  }
}

/**
 * Checks one zone: asks the parent, stores what it said and the states, makes a pending zone
 * active once delegated to us, and mails the owners when a signed zone's DS goes missing or stops
 * matching (once per change). The DNS questions are asked before any transaction opens.
 */
export async function checkDelegation(ctx: ServiceContext, zoneId: string): Promise<void> {
  if (!checksDelegation(ctx)) return;
  const [before] = await ctx.db.select().from(zones).where(eq(zones.id, zoneId));
  if (!before || before.status === 'deleting') return;
  const view = await readParent(ctx, before.name);
  const now = ctx.now();

  await inTransaction(ctx, async (tx, after) => {
    const [zone] = await tx.select().from(zones).where(eq(zones.id, zoneId)).for('update');
    if (!zone || zone.status === 'deleting') return;
    const [previous] = await tx.select().from(delegationChecks).where(eq(delegationChecks.zoneId, zone.id));
    const expected = await expectedDelegation(ctx, tx, zone);
    const failed = 'problem' in view;
    const nsState = failed ? 'unknown' : nsStateOf(view.ns, expected.ns);
    const dsState = failed ? 'unknown' : dsStateOf(view.ds, zone.dnssecState, expected.ds);
    const activated = zone.pendingSince !== null && pointsToUs(nsState);

    let notifiedDs = previous?.notifiedDs ?? null;
    let mailDs = false;
    if (dsState === 'matching') notifiedDs = 'matching';
    else if (brokenDsStates.has(dsState) && notifiedDs !== dsState) {
      // A DS never published is the normal start of DNSSEC, not news; one that went away is.
      mailDs = dsState !== 'missing' || notifiedDs !== null;
      if (mailDs) notifiedDs = dsState;
    }

    await tx
      .update(zones)
      .set({ delegationNs: nsState, delegationDs: dsState, delegationCheckedAt: now, ...(activated ? { pendingSince: null } : {}) })
      .where(eq(zones.id, zone.id));
    const stored = {
      checkedAt: now,
      problem: failed ? view.problem : null,
      // A failed check keeps what the parent said last time.
      ...(failed ? {} : { parentZone: view.parentZone, parentNs: view.ns ?? [], parentDs: view.ds }),
      notifiedDs,
      updatedAt: now,
    };
    await tx
      .insert(delegationChecks)
      .values({ zoneId: zone.id, ...stored })
      .onConflictDoUpdate({ target: delegationChecks.zoneId, set: stored });
    // The checklist's "point your name servers to us" step is done when the parent says so.
    if (pointsToUs(nsState)) {
      await advanceOnboarding(tx, systemActor, zone.customerId, 'update_nameservers');
      await recordFunnelStep(ctx, tx, zone.customerId, 'delegated');
    }
    if (activated) {
      await recordAudit(tx, systemActor, {
        customerId: zone.customerId,
        action: 'zone.delegated',
        targetType: 'zone',
        targetId: zone.id,
        summary: { name: zone.name, ns_state: nsState, parent_ns: failed ? [] : view.ns },
      });
    }
    if (nsState !== zone.delegationNs || dsState !== zone.delegationDs) {
      ctx.log.info({ zone_id: zone.id, ns_state: nsState, ds_state: dsState }, 'delegation changed');
      await emitWebhookEvent(tx, {
        customerId: zone.customerId,
        type: 'delegation.changed',
        at: now,
        data: {
          zone: { id: zone.id, name: zone.name },
          ns_state: { from: zone.delegationNs, to: nsState },
          ds_state: { from: zone.delegationDs, to: dsState },
          activated,
          problem: failed ? view.problem : null,
          parent_ns: failed ? null : view.ns,
          parent_ds: failed ? null : view.ds,
        },
      });
    }
    if (!mailDs || failed) return;
    await recordAudit(tx, systemActor, {
      customerId: zone.customerId,
      action: 'zone.ds_broken',
      targetType: 'zone',
      targetId: zone.id,
      summary: { name: zone.name, ds_state: dsState, parent_ds: view.ds },
    });
    for (const to of await ownerEmails(tx, zone.customerId)) after.mail(dsProblemMail(ctx.config, to, zone, dsState, view.ds, expected.ds.active));
  });
}

const ownerEmails = async (executor: Executor, customerId: string) =>
  (
    await executor
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.customerId, customerId), eq(users.role, 'owner')))
  ).map((user) => user.email);

/**
 * The scheduled pass: checks the zones whose last check is older than the interval (oldest
 * first), then warns ahead of and carries out the release of pending zones never delegated.
 */
export async function runDelegationSchedule(ctx: ZoneContext): Promise<void> {
  if (!checksDelegation(ctx)) return;
  const dueBefore = new Date(ctx.now().getTime() - ctx.config.delegation.checkInterval * 1000);
  const due = await ctx.db
    .select({ id: zones.id })
    .from(zones)
    // A catalog zone is never delegated (decision 058): there is nothing to check.
    .where(and(ne(zones.status, 'deleting'), ne(zones.type, 'catalog'), or(isNull(zones.delegationCheckedAt), lt(zones.delegationCheckedAt, dueBefore))))
    .orderBy(sql`${zones.delegationCheckedAt} nulls first`, asc(zones.id))
    .limit(zonesPerPass);
  const stopAt = Date.now() + passBudgetMs;
  for (const { id } of due) {
    // The rest are still due: the next pass takes them first.
    if (Date.now() > stopAt) break;
    await checkDelegation(ctx, id);
  }
  await releasePendingZones(ctx);
}

/**
 * Pending zones past their time: the owners are warned a week ahead, then the zone is deleted
 * (its name is free again). Only when the latest check read the parent and saw no delegation to
 * us: a parent that could not be read never costs a customer its zone.
 */
export async function releasePendingZones(ctx: ZoneContext): Promise<void> {
  const days = ctx.config.delegation.pendingReleaseDays;
  if (days === 0 || !checksDelegation(ctx)) return;
  const now = ctx.now();
  const warnFrom = new Date(now.getTime() - days * dayMs + releaseWarningMs(ctx));
  const candidates = await ctx.db
    .select({ zone: zones, warnedAt: delegationChecks.releaseWarnedAt })
    .from(zones)
    .leftJoin(delegationChecks, eq(delegationChecks.zoneId, zones.id))
    .where(
      and(
        isNotNull(zones.pendingSince),
        lt(zones.pendingSince, warnFrom),
        ne(zones.status, 'deleting'),
        inArray(zones.delegationNs, ['elsewhere', 'unregistered']),
      ),
    )
    .orderBy(asc(zones.pendingSince))
    .limit(zonesPerPass);
  for (const { zone, warnedAt } of candidates) {
    if (!warnedAt) await warnOfRelease(ctx, zone, now);
    else if (releaseTime(ctx, zone, warnedAt)!.getTime() <= now.getTime()) await releaseZone(ctx, zone.id);
  }
}

async function warnOfRelease(ctx: ServiceContext, zone: ZoneRow, now: Date): Promise<void> {
  await inTransaction(ctx, async (tx, after) => {
    const [updated] = await tx
      .update(delegationChecks)
      .set({ releaseWarnedAt: now, updatedAt: now })
      .where(and(eq(delegationChecks.zoneId, zone.id), isNull(delegationChecks.releaseWarnedAt)))
      .returning({ zoneId: delegationChecks.zoneId });
    if (!updated) return;
    await recordAudit(tx, systemActor, {
      customerId: zone.customerId,
      action: 'zone.release_announced',
      targetType: 'zone',
      targetId: zone.id,
      summary: { name: zone.name, release_at: releaseTime(ctx, zone, now)!.toISOString() },
    });
    const releaseAt = releaseTime(ctx, zone, now)!;
    const nameServers = zoneNameServers(ctx, zone).map(hostKey);
    for (const to of await ownerEmails(tx, zone.customerId)) after.mail(pendingReleaseWarningMail(ctx.config, to, zone, nameServers, releaseAt));
  });
}

/** Deletes a pending zone as a customer's deletion would (status `deleting`, records removed by the job). */
async function releaseZone(ctx: ZoneContext, zoneId: string): Promise<void> {
  await inTransaction(ctx, async (tx, after) => {
    const [zone] = await tx.select().from(zones).where(eq(zones.id, zoneId)).for('update');
    // Delegated (or deleted) since the candidates were read: nothing to release.
    if (!zone || !zone.pendingSince || zone.status === 'deleting') return;
    const [deleting] = await tx.update(zones).set({ status: 'deleting', updatedAt: new Date() }).where(eq(zones.id, zone.id)).returning();
    await enqueueJob(tx, deleteZoneJob, { zone_id: zone.id, actor: systemActor } satisfies DeleteZonePayload, { maxAttempts: 20 });
    await recordAudit(tx, systemActor, {
      customerId: zone.customerId,
      action: 'zone.released',
      targetType: 'zone',
      targetId: zone.id,
      summary: { name: zone.name, pending_since: zone.pendingSince.toISOString(), ns_state: zone.delegationNs },
    });
    after.publish(noticeOf(deleting!));
    await syncCatalogZone(tx, ctx, after, zone.customerId, systemActor);
    for (const to of await ownerEmails(tx, deleting!.customerId)) after.mail(pendingReleasedMail(ctx.config, to, deleting!));
  });
}
