import { and, eq, ne } from '@kaja/db/orm';
import { plans, subscriptions } from '@kaja/db';
import { notFound } from '../errors';
import type { ServiceContext } from './context';
import { presentPlan } from './plans';
import { presentSubscription } from './presenters';
import type { Principal } from './principal';

/** The caller's customer's current subscription with its plan (limits, rates, price). */
export async function currentSubscription(ctx: ServiceContext, principal: Principal) {
  const [row] = await ctx.db
    .select({ subscription: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.customerId, principal.customerId), ne(subscriptions.status, 'canceled')));
  if (!row) throw notFound('Subscription');
  return { ...presentSubscription(row.subscription), plan: presentPlan(row.plan) };
}
