import { asc, count, eq } from '@kaja/db/orm';
import { isUniqueViolation, regions, type Executor } from '@kaja/db';
import type { RegionStatus } from '@kaja/catalog';
import { conflict, notFound } from '../errors';
import type { Pagination } from '../schemas/common';
import { recordAudit } from '@kaja/zone-writes';
import type { ServiceContext } from './context';
import { requireStaff, type Principal } from './principal';

type RegionRow = typeof regions.$inferSelect;

export const presentRegion = (region: RegionRow) => ({
  id: region.id,
  name: region.name,
  status: region.status,
  summary: region.summary,
  updated_at: region.updatedAt.toISOString(),
});

export interface RegionInput {
  name: string;
  status: RegionStatus;
  summary: string;
}

export async function listRegions(ctx: ServiceContext, page: Pagination) {
  const [rows, [total]] = await Promise.all([
    ctx.db.select().from(regions).orderBy(asc(regions.name)).limit(page.limit).offset(page.offset),
    ctx.db.select({ value: count() }).from(regions),
  ]);
  return { items: rows.map(presentRegion), total: total!.value };
}

async function findRegion(executor: Executor, id: string) {
  const [region] = await executor.select().from(regions).where(eq(regions.id, id));
  if (!region) throw notFound('Region');
  return region;
}

export async function getRegion(ctx: ServiceContext, id: string) {
  return presentRegion(await findRegion(ctx.db, id));
}

const nameTaken = () => conflict('A region with this name already exists', { name: 'Name is already used by another region' });

export async function createRegion(ctx: ServiceContext, principal: Principal, input: RegionInput) {
  requireStaff(principal);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [region] = await tx.insert(regions).values(input).returning();
      await recordAudit(tx, principal.actor, { customerId: null, action: 'region.created', targetType: 'region', targetId: region!.id, summary: { ...input } });
      return presentRegion(region!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function updateRegion(ctx: ServiceContext, principal: Principal, id: string, input: Partial<RegionInput>) {
  requireStaff(principal);
  try {
    return await ctx.db.transaction(async (tx) => {
      const before = await findRegion(tx, id);
      const [region] = await tx
        .update(regions)
        .set({ name: input.name ?? before.name, status: input.status ?? before.status, summary: input.summary ?? before.summary, updatedAt: new Date() })
        .where(eq(regions.id, id))
        .returning();
      await recordAudit(tx, principal.actor, {
        customerId: null,
        action: 'region.updated',
        targetType: 'region',
        targetId: id,
        summary: { before: { name: before.name, status: before.status, summary: before.summary }, after: input },
      });
      return presentRegion(region!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function deleteRegion(ctx: ServiceContext, principal: Principal, id: string) {
  requireStaff(principal);
  await ctx.db.transaction(async (tx) => {
    const region = await findRegion(tx, id);
    await tx.delete(regions).where(eq(regions.id, id));
    await recordAudit(tx, principal.actor, { customerId: null, action: 'region.deleted', targetType: 'region', targetId: id, summary: { name: region.name } });
  });
}
