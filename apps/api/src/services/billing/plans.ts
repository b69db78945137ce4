import { asc, eq } from '@kaja/db/orm';
import { plans } from '@kaja/db';
import { notFound } from '../../errors';
import type { ServiceContext } from '../context';

type PlanRow = typeof plans.$inferSelect;

export const presentPlan = (plan: PlanRow) => ({
  id: plan.id,
  name: plan.name,
  description: plan.description,
  price: plan.priceCents === null ? null : { amount_cents: plan.priceCents, currency: plan.currency, period: plan.period },
  limits: { zones: plan.zonesLimit, records: plan.recordsLimit, queries_per_month: plan.queriesPerMonth },
  rate_limits: { read_per_minute: plan.rateLimitRead, write_per_minute: plan.rateLimitWrite },
  features: plan.features,
  popular: plan.popular,
  contact_sales: plan.contactSales,
});

export async function listPlans(ctx: ServiceContext) {
  return (await ctx.db.select().from(plans).orderBy(asc(plans.sortOrder))).map(presentPlan);
}

export async function getPlan(ctx: ServiceContext, id: string) {
  const [plan] = await ctx.db.select().from(plans).where(eq(plans.id, id));
  if (!plan) throw notFound('Plan');
  return presentPlan(plan);
}
