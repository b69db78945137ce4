import { asc, count, desc, eq, gte, inArray, isNull, or } from '@kaja/db/orm';
import { incidentRegions, incidents, incidentUpdates, regions, type Executor, type IncidentImpact, type IncidentStatus } from '@kaja/db';
import { recordAudit } from '@kaja/zone-writes';
import { invalid, notFound } from '../../errors';
import type { Pagination } from '../../schemas/common';
import type { ServiceContext } from '../context';
import { requireStaff, type Principal } from '../accounts/principal';

export const incidentImpacts = ['none', 'minor', 'major', 'critical'] as const satisfies readonly IncidentImpact[];
export const incidentStatuses = ['investigating', 'identified', 'monitoring', 'resolved'] as const satisfies readonly IncidentStatus[];

/** How far back the status page's history reaches. */
export const incidentHistoryDays = 90;

export interface IncidentInput {
  title: string;
  impact: IncidentImpact;
  region_ids: string[];
}

export interface IncidentUpdateInput {
  status: IncidentStatus;
  message: string;
}

type IncidentRow = typeof incidents.$inferSelect;

/** Incidents with their regions (by name) and updates (newest first), in the order given. */
async function present(executor: Executor, rows: IncidentRow[]) {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [affected, updates] = await Promise.all([
    executor
      .select({ incidentId: incidentRegions.incidentId, id: regions.id, name: regions.name })
      .from(incidentRegions)
      .innerJoin(regions, eq(regions.id, incidentRegions.regionId))
      .where(inArray(incidentRegions.incidentId, ids))
      .orderBy(asc(regions.name)),
    executor.select().from(incidentUpdates).where(inArray(incidentUpdates.incidentId, ids)).orderBy(desc(incidentUpdates.createdAt), desc(incidentUpdates.id)),
  ]);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    impact: row.impact,
    status: row.status,
    regions: affected.filter((region) => region.incidentId === row.id).map(({ id, name }) => ({ id, name })),
    updates: updates
      .filter((update) => update.incidentId === row.id)
      .map((update) => ({ id: update.id, status: update.status, message: update.message, created_at: update.createdAt.toISOString() })),
    created_at: row.createdAt.toISOString(),
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  }));
}

/**
 * The status page's incidents, newest first: those begun within `days` (at most 90) and any older
 * one still unresolved.
 */
export async function listIncidents(ctx: ServiceContext, page: Pagination & { days: number }) {
  const since = new Date(ctx.now().getTime() - page.days * 86_400_000);
  const where = or(gte(incidents.createdAt, since), isNull(incidents.resolvedAt));
  const [rows, [total]] = await Promise.all([
    ctx.db.select().from(incidents).where(where).orderBy(desc(incidents.createdAt), desc(incidents.id)).limit(page.limit).offset(page.offset),
    ctx.db.select({ value: count() }).from(incidents).where(where),
  ]);
  return { items: await present(ctx.db, rows), total: total!.value };
}

async function findIncident(executor: Executor, id: string) {
  const [incident] = await executor.select().from(incidents).where(eq(incidents.id, id));
  if (!incident) throw notFound('Incident');
  return incident;
}

export async function getIncident(ctx: ServiceContext, id: string) {
  return (await present(ctx.db, [await findIncident(ctx.db, id)]))[0]!;
}

/** Replaces the incident's regions; every id must name a region. */
async function setRegions(tx: Executor, incidentId: string, regionIds: string[]) {
  const wanted = [...new Set(regionIds)];
  const known = wanted.length === 0 ? [] : await tx.select({ id: regions.id }).from(regions).where(inArray(regions.id, wanted));
  const missing = wanted.filter((id) => !known.some((region) => region.id === id));
  if (missing.length > 0) throw invalid({ region_ids: `No region with the id ${missing.join(', ')}` });
  await tx.delete(incidentRegions).where(eq(incidentRegions.incidentId, incidentId));
  if (wanted.length > 0) await tx.insert(incidentRegions).values(wanted.map((regionId) => ({ incidentId, regionId })));
}

/** Adds an update, which sets the incident's status (resolved: when; reopened: cleared). */
async function addUpdate(tx: Executor, principal: Principal, incident: IncidentRow, input: IncidentUpdateInput) {
  const [update] = await tx
    .insert(incidentUpdates)
    .values({ incidentId: incident.id, status: input.status, message: input.message, authorId: principal.userId })
    .returning();
  const resolvedAt = input.status === 'resolved' ? (incident.resolvedAt ?? update!.createdAt) : null;
  await tx.update(incidents).set({ status: input.status, resolvedAt, updatedAt: update!.createdAt }).where(eq(incidents.id, incident.id));
}

/** Posts an incident with its first update (platform staff). */
export async function createIncident(ctx: ServiceContext, principal: Principal, input: IncidentInput & IncidentUpdateInput) {
  requireStaff(principal);
  const id = await ctx.db.transaction(async (tx) => {
    const [incident] = await tx.insert(incidents).values({ title: input.title, impact: input.impact, status: input.status }).returning();
    await setRegions(tx, incident!.id, input.region_ids);
    await addUpdate(tx, principal, incident!, input);
    await recordAudit(tx, principal.actor, {
      customerId: null,
      action: 'incident.created',
      targetType: 'incident',
      targetId: incident!.id,
      summary: { title: input.title, impact: input.impact, status: input.status, region_ids: input.region_ids },
    });
    return incident!.id;
  });
  return getIncident(ctx, id);
}

export async function postIncidentUpdate(ctx: ServiceContext, principal: Principal, id: string, input: IncidentUpdateInput) {
  requireStaff(principal);
  await ctx.db.transaction(async (tx) => {
    const [incident] = await tx.select().from(incidents).where(eq(incidents.id, id)).for('update');
    if (!incident) throw notFound('Incident');
    await addUpdate(tx, principal, incident, input);
    await recordAudit(tx, principal.actor, {
      customerId: null,
      action: 'incident.updated',
      targetType: 'incident',
      targetId: id,
      summary: { status: input.status },
    });
  });
  return getIncident(ctx, id);
}

/** Corrects an incident's title, impact or regions (platform staff); its updates stay as posted. */
export async function changeIncident(ctx: ServiceContext, principal: Principal, id: string, input: Partial<IncidentInput>) {
  requireStaff(principal);
  await ctx.db.transaction(async (tx) => {
    const before = await findIncident(tx, id);
    await tx
      .update(incidents)
      .set({ title: input.title ?? before.title, impact: input.impact ?? before.impact, updatedAt: new Date() })
      .where(eq(incidents.id, id));
    if (input.region_ids) await setRegions(tx, id, input.region_ids);
    await recordAudit(tx, principal.actor, { customerId: null, action: 'incident.changed', targetType: 'incident', targetId: id, summary: { ...input } });
  });
  return getIncident(ctx, id);
}

export async function deleteIncident(ctx: ServiceContext, principal: Principal, id: string) {
  requireStaff(principal);
  await ctx.db.transaction(async (tx) => {
    const incident = await findIncident(tx, id);
    await tx.delete(incidents).where(eq(incidents.id, id));
    await recordAudit(tx, principal.actor, {
      customerId: null,
      action: 'incident.deleted',
      targetType: 'incident',
      targetId: id,
      summary: { title: incident.title },
    });
  });
}
