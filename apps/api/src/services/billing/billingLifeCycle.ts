import { and, eq, inArray } from '@kaja/db/orm';
import { customers, plans, subscriptions, zones, type Executor, type SuspensionReason, type ZoneChangeNotice } from '@kaja/db';
import { type Actor, type AfterCommit, emitWebhookEvent, inTransaction, noticeOf, recordAudit, systemActor } from '@kaja/zone-writes';
import { addInterval, intervalPrice } from '@kaja/catalog';
import type { ServiceContext, ZoneContext } from '../context';
import { formatInvoiceNumber, invoiceEvent, issueInvoice, openInvoices, type InvoiceRow } from './invoices';
import { billingContacts, invoiceMail, mailContacts, periodText, restoreDisabledZones, type SubscriptionRow } from './subscriptions';

/**
 * The subscription life cycle (docs/decisions/020-subscription-life-cycle.md), driven by the
 * service clock: each step is taken once its time has come, and each is announced by mail a week
 * (an invoice's due date: three days) before.
 */
const dayMs = 24 * 3600_000;
const warningDays = 7;
/** Days after an invoice's issue that it suspends the account when still unpaid (past due from its due date, 14 days). */
const suspensionAfterDays = 30;
/** Days DNS keeps answering for a suspended (or lapsed) account before its zones are disabled. */
const servedWhileSuspendedDays = 30;

/** What ends a suspension, as the customer's mail says it: what they do, and what must happen. */
const endOfSuspension: Record<SuspensionReason, { action: string; condition: string }> = {
  trial_ended: { action: 'Ordering a plan', condition: 'you order a plan' },
  unpaid: { action: 'Paying the open invoice', condition: 'the open invoice is paid' },
  staff: { action: 'Lifting the suspension (reply to this mail to talk to us)', condition: 'the suspension is lifted' },
};

const day = (date: Date) => date.toISOString().slice(0, 10);
const plus = (date: Date, days: number) => new Date(date.getTime() + days * dayMs);

interface Step {
  notices: ZoneChangeNotice[];
  mails: { subject: string; text: string }[];
}

/** Runs every step that is due for one subscription, in one transaction. */
async function advance(ctx: ServiceContext, tx: Executor, subscription: SubscriptionRow, now: Date): Promise<Step> {
  const step: Step = { notices: [], mails: [] };
  const sent = new Set(subscription.noticesSent);
  const changes: Partial<typeof subscriptions.$inferInsert> = {};
  const notify = (key: string, subject: string, text: string) => {
    if (sent.has(key)) return;
    sent.add(key);
    step.mails.push({ subject, text });
  };
  const audit = (action: string, summary: Record<string, unknown>) =>
    recordAudit(tx, systemActor, { customerId: subscription.customerId, action, targetType: 'subscription', targetId: subscription.id, summary });
  let status = subscription.status;
  let suspendedAt = subscription.suspendedAt;
  let disabledZoneIds = subscription.disabledZoneIds;

  const disableZones = async () => {
    const disabled = await tx
      .update(zones)
      .set({ status: 'disabled', updatedAt: new Date() })
      .where(and(eq(zones.customerId, subscription.customerId), eq(zones.status, 'active')))
      .returning();
    disabledZoneIds = [...disabledZoneIds, ...disabled.map((zone) => zone.id)];
    step.notices.push(...disabled.map((zone) => noticeOf(zone)));
    await audit('subscription.zones_disabled', { zones: disabled.map((zone) => zone.name) });
  };

  const end = async (at: Date) => {
    status = 'canceled';
    await disableZones();
    await audit('subscription.ended', { plan_id: subscription.planId, at: at.toISOString() });
    notify(
      'ended',
      'Your Kaja DNS subscription has ended',
      `Your subscription ended on ${day(at)}: your zones are no longer served and the account is read-only. Order a plan in the dashboard to serve them again.`,
    );
  };

  // A plan ordered during the trial: its first period starts when the trial ends (decision 062).
  const ordered = subscription.billingInterval !== null && subscription.currentPeriodEnd !== null;
  let firstPeriodAt: Date | null = null;
  if (status === 'trialing' && subscription.trialEndsAt) {
    const endsAt = subscription.trialEndsAt;
    if (now >= endsAt) {
      if (subscription.cancelAtPeriodEnd) await end(endsAt);
      else if (ordered) {
        status = 'active';
        firstPeriodAt = endsAt;
        await audit('subscription.trial_converted', { plan_id: subscription.planId, period_start: endsAt.toISOString() });
      } else {
        status = 'suspended';
        suspendedAt = endsAt;
        changes.suspensionReason = 'trial_ended';
        await audit('subscription.trial_ended', { trial_ended_at: endsAt.toISOString() });
        notify(
          'trial_ended',
          'Your Kaja DNS trial has ended',
          `Your trial ended on ${day(endsAt)} without a paid plan, so the account is read-only: changes are refused until you order a plan. Your zones are still served until ${day(plus(endsAt, servedWhileSuspendedDays))}, then they are disabled.`,
        );
      }
    } else if (now >= plus(endsAt, -warningDays)) {
      notify(
        'trial_ending',
        'Your Kaja DNS trial ends in a week',
        subscription.cancelAtPeriodEnd
          ? `Your trial ends on ${day(endsAt)} and you canceled it: your zones stop being served then.`
          : ordered
            ? `Your trial ends on ${day(endsAt)}. The plan you ordered continues then, and the first invoice, for ${periodText(endsAt, subscription.currentPeriodEnd!)}, is issued that day.`
            : `Your trial ends on ${day(endsAt)}. Order a plan in the dashboard to keep making changes; without one the account becomes read-only then, and your zones are disabled 30 days later.`,
      );
    }
  }

  if ((status === 'active' || status === 'past_due') && subscription.currentPeriodEnd && subscription.billingInterval) {
    let periodStart = subscription.currentPeriodStart!;
    // A trial that just ended hands over to the renewal below, which issues the first period's invoice.
    let periodEnd = firstPeriodAt ?? subscription.currentPeriodEnd;
    let pending = subscription.pendingCharges;
    const customerRow = async () => (await tx.select().from(customers).where(eq(customers.id, subscription.customerId)))[0]!;
    if (subscription.cancelAtPeriodEnd) {
      if (now >= periodEnd) {
        if (pending.length > 0) {
          const invoice = await issueInvoice(tx, {
            customer: await customerRow(),
            subscriptionId: subscription.id,
            charges: pending.map((charge) => ({ description: charge.description, grossCents: charge.gross_cents })),
            periodStart,
            periodEnd,
            now,
          });
          pending = [];
          await invoiceIssued(invoice);
        }
        await end(periodEnd);
      } else if (now >= plus(periodEnd, -warningDays)) {
        notify(
          'ending',
          'Your Kaja DNS subscription ends in a week',
          `As you asked, your subscription ends on ${day(periodEnd)}: your zones stop being served then.`,
        );
      }
    } else {
      // Renewal in advance: one invoice per period that has begun (more than one after a long pause).
      while (now >= periodEnd) {
        const [plan] = await tx.select().from(plans).where(eq(plans.id, subscription.planId));
        periodStart = periodEnd;
        periodEnd = addInterval(periodStart, subscription.billingInterval);
        const invoice = await issueInvoice(tx, {
          customer: await customerRow(),
          subscriptionId: subscription.id,
          charges: [
            {
              description: `Kaja DNS ${plan!.name}, ${subscription.billingInterval === 'year' ? 'annual' : 'monthly'} subscription`,
              grossCents: intervalPrice(plan!.priceCents!, subscription.billingInterval),
            },
            ...pending.map((charge) => ({ description: charge.description, grossCents: charge.gross_cents })),
          ],
          periodStart,
          periodEnd,
          now: periodStart,
        });
        pending = [];
        await invoiceIssued(invoice);
      }
    }
    changes.currentPeriodStart = periodStart;
    changes.currentPeriodEnd = periodEnd;
    changes.pendingCharges = pending;
  }

  async function invoiceIssued(invoice: InvoiceRow) {
    await recordAudit(tx, systemActor, {
      customerId: subscription.customerId,
      action: 'invoice.issued',
      targetType: 'invoice',
      targetId: invoice.id,
      summary: { number: formatInvoiceNumber(invoice.number), gross_cents: invoice.grossCents },
    });
    const mail = invoiceMail(ctx, invoice);
    notify(`invoice:${invoice.number}:issued`, mail.subject, mail.text);
  }

  if (status === 'active' || status === 'past_due') {
    const [oldest] = await openInvoices(tx, subscription.customerId);
    if (oldest) {
      const number = formatInvoiceNumber(oldest.number);
      const suspendAt = plus(oldest.issuedAt, suspensionAfterDays);
      if (now >= suspendAt) {
        status = 'suspended';
        suspendedAt = suspendAt;
        changes.suspensionReason = 'unpaid';
        await audit('subscription.suspended', { invoice: number, suspended_at: suspendAt.toISOString() });
        notify(
          `invoice:${oldest.number}:suspended`,
          `Kaja DNS account suspended: invoice ${number} is unpaid`,
          `Invoice ${number} was due on ${day(oldest.dueAt)} and is still unpaid, so the account is suspended: it is read-only. Your zones are still served until ${day(plus(suspendAt, servedWhileSuspendedDays))}, then they are disabled. Paying the invoice ends the suspension.`,
        );
      } else if (now >= oldest.dueAt) {
        if (status === 'active') {
          status = 'past_due';
          await audit('subscription.past_due', { invoice: number, due_at: oldest.dueAt.toISOString() });
        }
        if (!sent.has(`invoice:${oldest.number}:past_due`)) {
          await emitWebhookEvent(tx, { customerId: subscription.customerId, type: 'invoice.overdue', at: now, data: { invoice: invoiceEvent(oldest) } });
        }
        notify(
          `invoice:${oldest.number}:past_due`,
          `Kaja DNS invoice ${number} is overdue`,
          `Invoice ${number} was due on ${day(oldest.dueAt)}. Please pay it: on ${day(suspendAt)} the account is suspended (read-only) if it is still unpaid.`,
        );
        if (now >= plus(suspendAt, -warningDays)) {
          notify(
            `invoice:${oldest.number}:suspension_soon`,
            `Kaja DNS account suspension on ${day(suspendAt)}`,
            `Invoice ${number} is still unpaid: the account is suspended on ${day(suspendAt)} unless it is paid by then.`,
          );
        }
      } else if (now >= plus(oldest.dueAt, -3)) {
        notify(
          `invoice:${oldest.number}:due_soon`,
          `Kaja DNS invoice ${number} is due on ${day(oldest.dueAt)}`,
          `A reminder: invoice ${number} is due on ${day(oldest.dueAt)}.`,
        );
      }
    }
  }

  if (status === 'suspended' && suspendedAt && disabledZoneIds.length === 0) {
    const disableAt = plus(suspendedAt, servedWhileSuspendedDays);
    if (now >= disableAt) {
      await disableZones();
      notify(
        `zones_disabled:${suspendedAt.toISOString()}`,
        'Your Kaja DNS zones are no longer served',
        `The account has been suspended since ${day(suspendedAt)}, so its zones were disabled on ${day(disableAt)}. ${endOfSuspension[changes.suspensionReason ?? subscription.suspensionReason ?? 'unpaid'].action} serves them again.`,
      );
    } else if (now >= plus(disableAt, -warningDays)) {
      notify(
        `zones_disabling:${suspendedAt.toISOString()}`,
        `Your Kaja DNS zones are disabled on ${day(disableAt)}`,
        `The account has been suspended since ${day(suspendedAt)}: its zones stop being served on ${day(disableAt)} unless ${endOfSuspension[subscription.suspensionReason ?? 'unpaid'].condition} by then.`,
      );
    }
  }

  await tx
    .update(subscriptions)
    .set({ ...changes, status, suspendedAt, disabledZoneIds, noticesSent: [...sent], updatedAt: new Date() })
    .where(eq(subscriptions.id, subscription.id));
  return step;
}

/** Takes every due life-cycle step of every subscription not yet ended. */
export async function runLifeCycle(ctx: ZoneContext): Promise<void> {
  const now = ctx.now();
  const candidates = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(inArray(subscriptions.status, ['trialing', 'active', 'past_due', 'suspended']));
  for (const { id } of candidates) {
    await inTransaction(ctx, async (tx, after) => {
      const [subscription] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
      if (!subscription || subscription.status === 'canceled') return;
      const step = await advance(ctx, tx, subscription, now);
      for (const notice of step.notices) after.publish(notice);
      const contacts = step.mails.length > 0 ? await billingContacts(tx, subscription.customerId) : [];
      for (const mail of step.mails)
        mailContacts(after, contacts, {
          subject: mail.subject,
          text: `${mail.text}\n\nYour plan and invoices: ${ctx.config.appUrl}/billing\n\n-- \nKaja DNS`,
        });
    });
  }
}

/**
 * The customer has no overdue invoice left: a past-due or unpaid-suspended subscription is active
 * again and the zones the suspension disabled are served again (called in the payment's transaction).
 */
export async function settleAccount(tx: Executor, after: Pick<AfterCommit, 'publish'>, customerId: string, actor: Actor): Promise<void> {
  const [subscription] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.customerId, customerId), inArray(subscriptions.status, ['past_due', 'suspended'])))
    .for('update');
  if (!subscription || (subscription.status === 'suspended' && subscription.suspensionReason !== 'unpaid')) return;
  const enabled = await restoreDisabledZones(tx, after, subscription);
  await tx
    .update(subscriptions)
    .set({ status: 'active', suspensionReason: null, suspendedAt: null, disabledZoneIds: [], updatedAt: new Date() })
    .where(eq(subscriptions.id, subscription.id));
  await recordAudit(tx, actor, {
    customerId,
    action: 'subscription.reactivated',
    targetType: 'subscription',
    targetId: subscription.id,
    summary: { from: subscription.status, zones_enabled: enabled },
  });
}
