import { and, desc, eq, inArray, ne, sql } from '@kaja/db/orm';
import { customers, plans, subscriptions, users, zones, type BillingInterval, type Executor, type OnboardingStep } from '@kaja/db';
import { ApiError, conflict, invalid, notFound } from '../../errors';
import {
  accountUsage,
  type Actor,
  type AfterCommit,
  advanceOnboarding,
  inTransaction,
  lockCustomer,
  noticeOf,
  onboardingSteps,
  recordAudit,
} from '@kaja/zone-writes';
import { addInterval, intervalPrice, lastMomentBefore } from '@kaja/catalog';
import type { ServiceContext, ZoneContext } from '../context';
import { formatInvoiceNumber, issueInvoice, presentInvoice, requireBillingAddress } from './invoices';
import type { MailMessage } from '../ops/mail';
import { presentPlan } from './plans';
import { presentSubscription } from '../accounts/presenters';
import { requireManager, type Principal } from '../accounts/principal';
import { queriesThisMonth } from './queryUsage';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
type PlanRow = typeof plans.$inferSelect;

/** Why a suspended account cannot order or change a plan, and what ends the suspension. */
const suspendedMessage = (current: SubscriptionRow) =>
  current.suspensionReason === 'staff'
    ? 'Kaja DNS suspended the account: write to support to lift the suspension first'
    : 'The account is suspended for an unpaid invoice: pay it first (GET /invoices)';

/** The customer's current subscription (the one not ended), locked when asked. */
export async function findCurrent(executor: Executor, customerId: string, options: { lock?: boolean } = {}) {
  const query = executor
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.customerId, customerId), ne(subscriptions.status, 'canceled')));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

async function latestEnded(executor: Executor, customerId: string) {
  const [row] = await executor
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.customerId, customerId), eq(subscriptions.status, 'canceled')))
    .orderBy(desc(subscriptions.updatedAt))
    .limit(1);
  return row ?? null;
}

async function findPaidPlan(executor: Executor, planId: string, field: string): Promise<PlanRow> {
  const [plan] = await executor.select().from(plans).where(eq(plans.id, planId));
  if (!plan) throw invalid({ [field]: `There is no plan ${planId}` });
  if (plan.contactSales || plan.priceCents === null) {
    throw conflict(`${plan.name} is sold on request: contact sales through the support form (POST /support) and we will set it up with you`, {
      [field]: `${plan.name} cannot be ordered online`,
      contact: 'sales',
    });
  }
  return plan;
}

function presentOnboarding(done: OnboardingStep[]) {
  return {
    steps: onboardingSteps.map((step) => ({ step, done: done.includes(step) })),
    completed: onboardingSteps.filter((step) => done.includes(step)).length,
    total: onboardingSteps.length,
  };
}

/** The caller's customer's current subscription: plan, state, usage against the limits, onboarding. */
export async function currentSubscription(ctx: ServiceContext, principal: Principal) {
  const [row] = await ctx.db
    .select({ subscription: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.customerId, principal.customerId))
    .orderBy(sql`${subscriptions.status} = 'canceled'`, desc(subscriptions.createdAt))
    .limit(1);
  if (!row) throw notFound('Subscription');
  const [usage, queries] = await Promise.all([accountUsage(ctx.db, principal.customerId), queriesThisMonth(ctx.db, principal.customerId, ctx.now())]);
  const { plan } = row;
  return {
    ...presentSubscription(row.subscription),
    plan: presentPlan(plan),
    usage: {
      zones: { used: usage.zones, limit: plan.zonesLimit },
      records: { used: usage.records, limit: plan.recordsLimit },
      queries_this_month: { used: queries, limit: plan.queriesPerMonth },
    },
    onboarding: presentOnboarding(row.subscription.onboardingSteps),
  };
}

/** Owners and admins of the customer: who billing mail goes to. */
export async function billingContacts(executor: Executor, customerId: string): Promise<string[]> {
  const rows = await executor
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.customerId, customerId), inArray(users.role, ['owner', 'admin'])));
  return rows.map((row) => row.email);
}

/** Mails each billing contact after the commit of the transaction `after` belongs to. */
export function mailContacts(after: Pick<AfterCommit, 'mail'>, contacts: string[], message: Omit<MailMessage, 'to'>) {
  for (const to of contacts) after.mail({ ...message, to });
}

/** Turns the zones the life cycle disabled back on (in `tx`), announced after the commit; returns their names. */
export async function restoreDisabledZones(tx: Executor, after: Pick<AfterCommit, 'publish'>, subscription: SubscriptionRow): Promise<string[]> {
  if (subscription.disabledZoneIds.length === 0) return [];
  const restored = await tx
    .update(zones)
    .set({ status: 'active', updatedAt: new Date() })
    .where(and(inArray(zones.id, subscription.disabledZoneIds), eq(zones.status, 'disabled')))
    .returning();
  for (const zone of restored) after.publish(noticeOf(zone));
  return restored.map((zone) => zone.name);
}

const euros = (cents: number) => `${(cents / 100).toFixed(2)} EUR`;
const longDate = (date: Date) => date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
/** A paid period as the customer reads it: its first and last day (the end is the next period's first moment). */
export const periodText = (start: Date, end: Date) => `${longDate(start)} – ${longDate(lastMomentBefore(end))}`;

/** When a plan ordered during the trial starts: at the trial's end (the default) or at once, ending the trial. */
export type CheckoutStart = 'trial_end' | 'now';

/** A trial that has not ended yet by the service clock (the life cycle may not have run since it did), canceled or not. */
const inTrial = (subscription: SubscriptionRow, now: Date) =>
  subscription.status === 'trialing' && subscription.trialEndsAt !== null && now < subscription.trialEndsAt;

/** Refuses a plan whose limits the customer's current usage exceeds (`quota_exceeded`, each limit in `details`). */
async function assertUsageFits(tx: Executor, customerId: string, plan: PlanRow) {
  const usage = await accountUsage(tx, customerId);
  const over: Record<string, { limit: number; usage: number }> = {};
  if (plan.zonesLimit !== null && usage.zones > plan.zonesLimit) over.zones = { limit: plan.zonesLimit, usage: usage.zones };
  if (plan.recordsLimit !== null && usage.records > plan.recordsLimit) over.records = { limit: plan.recordsLimit, usage: usage.records };
  if (Object.keys(over).length > 0) {
    const listed = Object.entries(over).map(([what, { limit, usage }]) => `${usage} ${what} (limit ${limit})`);
    throw new ApiError('quota_exceeded', `${plan.name} allows fewer than you use: ${listed.join(', ')}. Remove some first, then change the plan`, over);
  }
}

/**
 * Records a plan ordered during the trial: its limits apply at once, the trial runs to its end,
 * and the first paid period starts then (the life cycle issues its invoice at that moment). The
 * period is stored now so that the customer sees its dates; ordering again replaces the order, and
 * ordering after canceling the trial withdraws the cancellation.
 */
async function orderForTrialEnd(
  ctx: ServiceContext,
  tx: Executor,
  after: Pick<AfterCommit, 'mail'>,
  actor: Actor,
  trial: SubscriptionRow,
  plan: PlanRow,
  interval: BillingInterval,
) {
  await assertUsageFits(tx, trial.customerId, plan);
  const trialEndsAt = trial.trialEndsAt!;
  const periodEnd = addInterval(trialEndsAt, interval);
  await tx
    .update(subscriptions)
    .set({
      planId: plan.id,
      billingInterval: interval,
      currentPeriodStart: trialEndsAt,
      currentPeriodEnd: periodEnd,
      // An order withdraws a cancellation of the trial.
      cancelAtPeriodEnd: false,
      canceledAt: null,
      updatedAt: ctx.now(),
    })
    .where(eq(subscriptions.id, trial.id));
  await recordAudit(tx, actor, {
    customerId: trial.customerId,
    action: 'subscription.checkout',
    targetType: 'subscription',
    targetId: trial.id,
    summary: {
      plan_id: plan.id,
      interval,
      from: { plan_id: trial.planId, status: trial.status },
      starts_at: trialEndsAt.toISOString(),
      invoice: null,
    },
  });
  const price = euros(intervalPrice(plan.priceCents!, interval));
  mailContacts(after, await billingContacts(tx, trial.customerId), {
    subject: `Kaja DNS ${plan.name} ordered`,
    text: `You ordered Kaja DNS ${plan.name}, ${price} a ${interval}; its limits apply now. Your trial continues until ${longDate(trialEndsAt)}; the first invoice, for ${periodText(trialEndsAt, periodEnd)}, is issued then.\n\n-- \nKaja DNS`,
  });
}

/**
 * Starts a paid subscription (after a lapsed trial, after an ended one, or from the trial when
 * asked to start now) and issues the invoice for the first period; during the trial the order
 * waits for the trial's end; an active subscription moving to a dearer plan is an upgrade.
 */
export async function checkout(
  ctx: ZoneContext,
  principal: Principal,
  input: { plan_id: string; interval?: BillingInterval | undefined; start?: CheckoutStart | undefined },
) {
  requireManager(principal);
  const plan = await findPaidPlan(ctx.db, input.plan_id, 'plan_id');
  const issued = await inTransaction(ctx, async (tx, after) => {
    const [customer] = await tx.select().from(customers).where(eq(customers.id, principal.customerId)).for('update');
    if (!customer) throw notFound('Customer');
    const current = await findCurrent(tx, customer.id, { lock: true });
    if (current && inTrial(current, ctx.now()) && input.start !== 'now') {
      requireBillingAddress(customer);
      await orderForTrialEnd(ctx, tx, after, principal.actor, current, plan, input.interval ?? current.billingInterval ?? 'month');
      return null;
    }
    const startsNew = !current || current.status === 'trialing' || (current.status === 'suspended' && current.suspensionReason === 'trial_ended');
    if (!startsNew) {
      if (current.status === 'suspended') throw conflict(suspendedMessage(current));
      const [currentPlan] = await tx.select().from(plans).where(eq(plans.id, current.planId));
      if ((plan.priceCents ?? 0) <= (currentPlan!.priceCents ?? 0)) {
        throw conflict(`You already have the ${currentPlan!.name} plan: to move to another, use PUT /subscriptions/${current.id}/change-plan`, {
          plan_id: `Current plan: ${currentPlan!.id}`,
        });
      }
      if (input.interval && input.interval !== current.billingInterval) {
        throw conflict(`An upgrade keeps the billing interval (${current.billingInterval}); the interval can be changed when the subscription is renewed`, {
          interval: `Current interval: ${current.billingInterval}`,
        });
      }
      await applyPlanChange(ctx, tx, principal.actor, current, currentPlan!, plan);
      return null;
    }
    const interval = input.interval ?? 'month';
    const now = ctx.now();
    const periodEnd = addInterval(now, interval);
    const fields = {
      planId: plan.id,
      status: 'active' as const,
      trialEndsAt: null,
      billingInterval: interval,
      currentPeriodStart: now,
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      suspensionReason: null,
      suspendedAt: null,
      disabledZoneIds: [],
      pendingCharges: [],
      noticesSent: [],
      updatedAt: now,
    };
    // Zones a lapsed trial, a suspension or the end of the last subscription disabled are served again.
    const previous = current ?? (await latestEnded(tx, customer.id));
    if (previous) await restoreDisabledZones(tx, after, previous);
    if (previous && previous !== current) await tx.update(subscriptions).set({ disabledZoneIds: [] }).where(eq(subscriptions.id, previous.id));
    const [subscription] = current
      ? await tx.update(subscriptions).set(fields).where(eq(subscriptions.id, current.id)).returning()
      : await tx
          .insert(subscriptions)
          .values({ customerId: customer.id, ...fields })
          .returning();
    const invoice = await issueInvoice(tx, {
      customer,
      subscriptionId: subscription!.id,
      charges: [
        {
          description: `Kaja DNS ${plan.name}, ${interval === 'year' ? 'annual' : 'monthly'} subscription`,
          grossCents: intervalPrice(plan.priceCents!, interval),
        },
      ],
      periodStart: now,
      periodEnd,
      now,
    });
    await recordAudit(tx, principal.actor, {
      customerId: customer.id,
      action: 'subscription.checkout',
      targetType: 'subscription',
      targetId: subscription!.id,
      summary: {
        plan_id: plan.id,
        interval,
        from: current ? { plan_id: current.planId, status: current.status } : null,
        invoice: formatInvoiceNumber(invoice.number),
      },
    });
    await recordAudit(tx, principal.actor, {
      customerId: customer.id,
      action: 'invoice.issued',
      targetType: 'invoice',
      targetId: invoice.id,
      summary: { number: formatInvoiceNumber(invoice.number), gross_cents: invoice.grossCents },
    });
    const mail = invoiceMail(ctx, invoice);
    mailContacts(after, await billingContacts(tx, customer.id), { subject: mail.subject, text: `${mail.text}\n\n-- \nKaja DNS` });
    return invoice;
  });
  // An upgrade of a paid plan issues no invoice now: its difference is on the next one.
  return { subscription: await currentSubscription(ctx, principal), invoice: issued ? presentInvoice(issued) : null };
}

/** The announcement of a new invoice (without the signature, which the sender adds). */
export const invoiceMail = (ctx: ServiceContext, invoice: { number: number; grossCents: number; dueAt: Date }): Omit<MailMessage, 'to'> => ({
  subject: `Kaja DNS invoice ${formatInvoiceNumber(invoice.number)}`,
  text: `Your invoice ${formatInvoiceNumber(invoice.number)} of ${euros(invoice.grossCents)} is due on ${invoice.dueAt.toISOString().slice(0, 10)}.\nPay it by bank transfer with the invoice number as the reference. The invoice (PDF) is in the dashboard: ${ctx.config.appUrl}/billing`,
});

/**
 * Moves an active subscription to another plan at once. An upgrade's difference for the rest of
 * the paid period is charged on the next invoice; a downgrade is not credited (docs/decisions).
 */
async function applyPlanChange(ctx: ServiceContext, tx: Executor, actor: Actor, current: SubscriptionRow, from: PlanRow, to: PlanRow) {
  const now = ctx.now();
  const pendingCharges = [...current.pendingCharges];
  const upgrade = (to.priceCents ?? 0) > (from.priceCents ?? 0);
  if (upgrade && current.currentPeriodStart && current.currentPeriodEnd && current.billingInterval) {
    const length = current.currentPeriodEnd.getTime() - current.currentPeriodStart.getTime();
    const remaining = Math.max(0, current.currentPeriodEnd.getTime() - now.getTime());
    const difference = intervalPrice(to.priceCents!, current.billingInterval) - intervalPrice(from.priceCents!, current.billingInterval);
    const prorated = Math.round((difference * remaining) / length);
    if (prorated > 0) {
      pendingCharges.push({
        description: `Upgrade from ${from.name} to ${to.name} on ${now.toISOString().slice(0, 10)}, rest of the period to ${current.currentPeriodEnd.toISOString().slice(0, 10)}`,
        gross_cents: prorated,
      });
    }
  }
  const [updated] = await tx.update(subscriptions).set({ planId: to.id, pendingCharges, updatedAt: now }).where(eq(subscriptions.id, current.id)).returning();
  await recordAudit(tx, actor, {
    customerId: current.customerId,
    action: 'subscription.plan_changed',
    targetType: 'subscription',
    targetId: current.id,
    summary: {
      from: from.id,
      to: to.id,
      direction: upgrade ? 'upgrade' : 'downgrade',
      prorated_cents: upgrade ? (pendingCharges.at(-1)?.gross_cents ?? 0) : 0,
    },
  });
  return updated!;
}

async function findOwnSubscription(tx: Executor, principal: Principal, subscriptionId: string) {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.customerId, principal.customerId)))
    .for('update');
  if (!row) throw notFound('Subscription');
  return row;
}

/** Changes the plan of the current paid subscription; a downgrade below today's usage is refused. */
export async function changePlan(ctx: ServiceContext, principal: Principal, subscriptionId: string, input: { new_plan_id: string }) {
  requireManager(principal);
  const plan = await findPaidPlan(ctx.db, input.new_plan_id, 'new_plan_id');
  await ctx.db.transaction(async (tx) => {
    // The customer first, as checkout and the quota checks take it: no zone or record slips in between the check and the change.
    await lockCustomer(tx, principal.customerId);
    const current = await findOwnSubscription(tx, principal, subscriptionId);
    if (current.status === 'canceled') throw conflict('This subscription has ended: start a new one with POST /subscriptions/checkout');
    if (current.status === 'trialing' && current.billingInterval && inTrial(current, ctx.now())) {
      if (current.planId === plan.id) throw conflict(`You already ordered the ${plan.name} plan`, { new_plan_id: `Ordered plan: ${plan.id}` });
      // Nothing is paid yet: the order changes, without charges, and the trial runs on.
      await assertUsageFits(tx, principal.customerId, plan);
      await tx.update(subscriptions).set({ planId: plan.id, updatedAt: ctx.now() }).where(eq(subscriptions.id, current.id));
      await recordAudit(tx, principal.actor, {
        customerId: current.customerId,
        action: 'subscription.plan_changed',
        targetType: 'subscription',
        targetId: current.id,
        summary: { from: current.planId, to: plan.id, direction: 'order', prorated_cents: 0 },
      });
      return;
    }
    if (current.status === 'trialing' || current.status === 'suspended') {
      throw conflict(
        current.status === 'trialing'
          ? 'During the trial, choose a paid plan with POST /subscriptions/checkout'
          : current.suspensionReason === 'trial_ended'
            ? 'The trial has ended: choose a paid plan with POST /subscriptions/checkout'
            : suspendedMessage(current),
      );
    }
    if (current.planId === plan.id) throw conflict(`You already have the ${plan.name} plan`, { new_plan_id: `Current plan: ${plan.id}` });
    const [from] = await tx.select().from(plans).where(eq(plans.id, current.planId));
    await assertUsageFits(tx, principal.customerId, plan);
    await applyPlanChange(ctx, tx, principal.actor, current, from!, plan);
  });
  return currentSubscription(ctx, principal);
}

/** Cancels at the end of the paid period (or of the trial): zones are served until then. */
export async function cancelSubscription(ctx: ServiceContext, principal: Principal, subscriptionId: string) {
  requireManager(principal);
  await ctx.db.transaction(async (tx) => {
    const current = await findOwnSubscription(tx, principal, subscriptionId);
    if (current.status === 'canceled') throw conflict('This subscription has already ended');
    if (current.cancelAtPeriodEnd) throw conflict('This subscription is already canceled at the end of its period');
    const endsAt = current.status === 'trialing' ? current.trialEndsAt : current.currentPeriodEnd;
    const now = ctx.now();
    await tx.update(subscriptions).set({ cancelAtPeriodEnd: true, canceledAt: now, updatedAt: now }).where(eq(subscriptions.id, current.id));
    await recordAudit(tx, principal.actor, {
      customerId: current.customerId,
      action: 'subscription.canceled',
      targetType: 'subscription',
      targetId: current.id,
      summary: { plan_id: current.planId, ends_at: endsAt ? endsAt.toISOString() : null },
    });
  });
  return currentSubscription(ctx, principal);
}

export async function recordOnboardingStep(ctx: ServiceContext, principal: Principal, step: OnboardingStep) {
  await ctx.db.transaction((tx) => advanceOnboarding(tx, principal.actor, principal.customerId, step));
  return currentSubscription(ctx, principal);
}
