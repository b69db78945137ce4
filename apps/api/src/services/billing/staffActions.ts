import { eq } from '@kaja/db/orm';
import { subscriptions } from '@kaja/db';
import { inTransaction, recordAudit } from '@kaja/zone-writes';
import { conflict } from '../../errors';
import type { ZoneContext } from '../context';
import { requireStaff, type Principal } from '../accounts/principal';
import { presentSubscription } from '../accounts/presenters';
import { billingContacts, findCurrent, mailContacts, restoreDisabledZones } from './subscriptions';

/**
 * What platform staff do to a customer's subscription from the console (decision 065). A suspension
 * by staff is the life cycle's suspension (decision 020) with its own reason: the account is
 * read-only, DNS answers for 30 more days, then the life cycle disables the zones; paying or
 * ordering a plan does not end it, only staff lifting it does.
 */

const dayMs = 24 * 3600_000;
/** One extension adds at most a month: a longer free period is a plan, not a trial. */
export const maxTrialExtensionDays = 30;

const day = (date: Date) => date.toISOString().slice(0, 10);

async function currentOf(tx: Parameters<typeof findCurrent>[0], customerId: string) {
  const current = await findCurrent(tx, customerId, { lock: true });
  if (!current) throw conflict('The customer has no current subscription: it ended or was never started');
  return current;
}

export async function suspendCustomer(ctx: ZoneContext, principal: Principal, customerId: string, input: { reason: string }) {
  requireStaff(principal);
  return inTransaction(ctx, async (tx, after) => {
    const current = await currentOf(tx, customerId);
    // The current subscription is never canceled (that one has ended): this narrows the type.
    if (current.status === 'suspended' || current.status === 'canceled') {
      throw conflict(`The account is already suspended (${current.suspensionReason === 'staff' ? 'by staff' : current.suspensionReason})`);
    }
    const now = ctx.now();
    const [suspended] = await tx
      .update(subscriptions)
      .set({ status: 'suspended', suspensionReason: 'staff', suspendedAt: now, statusBeforeSuspension: current.status, updatedAt: new Date() })
      .where(eq(subscriptions.id, current.id))
      .returning();
    await recordAudit(tx, principal.actor, {
      customerId,
      action: 'customer.suspended',
      targetType: 'customer',
      targetId: customerId,
      summary: { reason: input.reason, from: current.status },
    });
    mailContacts(after, await billingContacts(tx, customerId), {
      subject: 'Your Kaja DNS account is suspended',
      text: `Kaja DNS suspended your account on ${day(now)}: it is read-only. Your zones are still served until ${day(new Date(now.getTime() + 30 * dayMs))}, then they are disabled. Reply to this mail to talk to us about it.\n\n-- \nKaja DNS`,
    });
    return presentSubscription(suspended!);
  });
}

/** Lifts a suspension by staff: the subscription is back where it was, and zones the suspension disabled are served again. */
export async function unsuspendCustomer(ctx: ZoneContext, principal: Principal, customerId: string, input: { reason: string }) {
  requireStaff(principal);
  return inTransaction(ctx, async (tx, after) => {
    const current = await currentOf(tx, customerId);
    if (current.status !== 'suspended' || current.suspensionReason !== 'staff') {
      throw conflict(
        current.status === 'suspended'
          ? 'This suspension is the life cycle’s: paying the open invoice or ordering a plan ends it'
          : 'The account is not suspended',
      );
    }
    const enabled = await restoreDisabledZones(tx, after, current);
    // The life cycle takes it from here on its next run: a trial that ended meanwhile ends, an invoice due meanwhile is due.
    const status = current.statusBeforeSuspension ?? 'active';
    const [restored] = await tx
      .update(subscriptions)
      .set({ status, suspensionReason: null, suspendedAt: null, statusBeforeSuspension: null, disabledZoneIds: [], updatedAt: new Date() })
      .where(eq(subscriptions.id, current.id))
      .returning();
    await recordAudit(tx, principal.actor, {
      customerId,
      action: 'customer.unsuspended',
      targetType: 'customer',
      targetId: customerId,
      summary: { reason: input.reason, to: status, zones_enabled: enabled },
    });
    mailContacts(after, await billingContacts(tx, customerId), {
      subject: 'Your Kaja DNS account is no longer suspended',
      text: `The suspension of your account has ended: you can make changes again${enabled.length > 0 ? ', and your zones are served again' : ''}.\n\n-- \nKaja DNS`,
    });
    return presentSubscription(restored!);
  });
}

/**
 * Gives a trial more days (1 to 30 at a time), counted from its end or from now when it has ended.
 * A trial that ended without a plan (the account read-only) is a trial again, its zones served again.
 */
export async function extendTrial(ctx: ZoneContext, principal: Principal, customerId: string, input: { days: number }) {
  requireStaff(principal);
  return inTransaction(ctx, async (tx, after) => {
    const current = await currentOf(tx, customerId);
    const lapsed = current.status === 'suspended' && current.suspensionReason === 'trial_ended';
    if (current.status !== 'trialing' && !lapsed) throw conflict('Only a trial, or one that ended without a plan, can be extended');
    if (current.status === 'trialing' && current.billingInterval !== null) {
      throw conflict('A plan is ordered to start when the trial ends: its first period would move too, so the trial cannot be extended');
    }
    const now = ctx.now();
    const from = !lapsed && current.trialEndsAt && current.trialEndsAt > now ? current.trialEndsAt : now;
    const trialEndsAt = new Date(from.getTime() + input.days * dayMs);
    const enabled = lapsed ? await restoreDisabledZones(tx, after, current) : [];
    const [extended] = await tx
      .update(subscriptions)
      .set({
        status: 'trialing',
        trialEndsAt,
        suspensionReason: null,
        suspendedAt: null,
        disabledZoneIds: [],
        // The warnings of the new end go out again.
        noticesSent: current.noticesSent.filter((key) => !key.startsWith('trial_') && !key.startsWith('zones_disabl')),
        updatedAt: new Date(),
      })
      .where(eq(subscriptions.id, current.id))
      .returning();
    await recordAudit(tx, principal.actor, {
      customerId,
      action: 'subscription.trial_extended',
      targetType: 'subscription',
      targetId: current.id,
      summary: { days: input.days, before: current.trialEndsAt?.toISOString() ?? null, trial_ends_at: trialEndsAt.toISOString(), zones_enabled: enabled },
    });
    mailContacts(after, await billingContacts(tx, customerId), {
      subject: 'Your Kaja DNS trial is extended',
      text: `Your trial now ends on ${day(trialEndsAt)}.${enabled.length > 0 ? ' Your zones are served again.' : ''}\n\n-- \nKaja DNS`,
    });
    return presentSubscription(extended!);
  });
}
