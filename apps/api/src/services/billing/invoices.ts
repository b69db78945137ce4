import { and, asc, count, desc, eq, sql } from '@kaja/db/orm';
import { customers, invoiceNumbers, invoices, type Executor, type InvoiceLine } from '@kaja/db';
import { conflict, invalid, notFound } from '../../errors';
import type { Pagination } from '../../schemas/common';
import { emitWebhookEvent, inTransaction, recordAudit, type Actor, type AfterCommit } from '@kaja/zone-writes';
import type { ServiceContext, ZoneContext } from '../context';
import type { Principal } from '../accounts/principal';
import { canSeeCustomer, requireManager, requireStaff } from '../accounts/principal';
import { paymentTermDays, seller } from './seller';
import { netOfGross, vatOn, vatTreatment } from './vat';
import { recordFunnelStep } from '../ops/analytics/funnel';

export type InvoiceRow = typeof invoices.$inferSelect;
type CustomerRow = typeof customers.$inferSelect;

const dayMs = 24 * 3600_000;

/** Invoice numbers as printed: the sequence number, zero-padded. */
export const formatInvoiceNumber = (number: number) => `KD-${String(number).padStart(6, '0')}`;

export const presentInvoice = (invoice: InvoiceRow) => ({
  id: invoice.id,
  number: formatInvoiceNumber(invoice.number),
  sequence: invoice.number,
  customer_id: invoice.customerId,
  subscription_id: invoice.subscriptionId,
  status: invoice.status,
  currency: invoice.currency,
  seller: invoice.seller,
  buyer: invoice.buyer,
  period: { start: invoice.periodStart.toISOString(), end: invoice.periodEnd.toISOString() },
  lines: invoice.lines,
  net_cents: invoice.netCents,
  vat_rate: invoice.vatRateBasisPoints / 100,
  vat_cents: invoice.vatCents,
  gross_cents: invoice.grossCents,
  vat_note: invoice.vatNote,
  issued_at: invoice.issuedAt.toISOString(),
  due_at: invoice.dueAt.toISOString(),
  paid_at: invoice.paidAt ? invoice.paidAt.toISOString() : null,
  payment_reference: invoice.paymentReference,
});

/** The next number of the one sequence; the row stays locked until the issuing transaction ends. */
async function takeInvoiceNumber(tx: Executor): Promise<number> {
  const [row] = await tx
    .insert(invoiceNumbers)
    .values({ id: 1, last: 1 })
    .onConflictDoUpdate({ target: invoiceNumbers.id, set: { last: sql`${invoiceNumbers.last} + 1` } })
    .returning({ last: invoiceNumbers.last });
  return row!.last;
}

export interface InvoiceCharge {
  description: string;
  /** Catalogue amount, VAT included (Estonian rate). */
  grossCents: number;
}

/** What the `invoice.issued` and `invoice.overdue` events tell of an invoice (its PDF is at GET /invoices/{id}/pdf). */
export const invoiceEvent = (invoice: InvoiceRow) => ({
  id: invoice.id,
  number: formatInvoiceNumber(invoice.number),
  currency: invoice.currency,
  net_cents: invoice.netCents,
  vat_cents: invoice.vatCents,
  gross_cents: invoice.grossCents,
  issued_at: invoice.issuedAt.toISOString(),
  due_at: invoice.dueAt.toISOString(),
});

/** Every invoice is addressed: a plan is not ordered, even for later, before the customer has a billing address. */
export function requireBillingAddress(customer: CustomerRow) {
  if (!customer.billingAddress) throw invalid({ billing_address: 'Add a billing address to the customer (PUT /customers/{id}) before ordering a plan' });
  return customer.billingAddress;
}

/**
 * Issues an invoice in the caller's transaction: number, frozen seller and buyer, lines net of
 * VAT, the VAT the buyer's treatment asks for, and the payment term.
 */
export async function issueInvoice(
  tx: Executor,
  input: { customer: CustomerRow; subscriptionId: string; charges: InvoiceCharge[]; periodStart: Date; periodEnd: Date; now: Date },
): Promise<InvoiceRow> {
  const { customer } = input;
  const billingAddress = requireBillingAddress(customer);
  const treatment = vatTreatment({ country: billingAddress.country, vatId: customer.vatId });
  const lines: InvoiceLine[] = input.charges.map((charge) => {
    const net = netOfGross(charge.grossCents);
    return { description: charge.description, quantity: 1, unit_net_cents: net, net_cents: net };
  });
  const netCents = lines.reduce((total, line) => total + line.net_cents, 0);
  const vatCents = vatOn(netCents, treatment.rateBasisPoints);
  const number = await takeInvoiceNumber(tx);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      number,
      customerId: customer.id,
      subscriptionId: input.subscriptionId,
      currency: 'EUR',
      seller,
      buyer: { name: customer.name, address: billingAddress, vat_id: customer.vatId },
      lines,
      periodStart: input.periodStart,
      periodEnd: input.periodEnd,
      netCents,
      vatRateBasisPoints: treatment.rateBasisPoints,
      vatCents,
      grossCents: netCents + vatCents,
      vatNote: treatment.note,
      issuedAt: input.now,
      dueAt: new Date(input.now.getTime() + paymentTermDays * dayMs),
    })
    .returning();
  await emitWebhookEvent(tx, { customerId: customer.id, type: 'invoice.issued', at: input.now, data: { invoice: invoiceEvent(invoice!) } });
  return invoice!;
}

/** Billing is for owners and admins (and staff), as the roles say. */
function requireBillingAccess(principal: Principal) {
  if (!principal.isStaff) requireManager(principal);
}

export async function listInvoices(ctx: ServiceContext, principal: Principal, page: Pagination) {
  requireBillingAccess(principal);
  const where = eq(invoices.customerId, principal.customerId);
  const [rows, [total]] = await Promise.all([
    ctx.db.select().from(invoices).where(where).orderBy(desc(invoices.number)).limit(page.limit).offset(page.offset),
    ctx.db.select({ value: count() }).from(invoices).where(where),
  ]);
  return { items: rows.map(presentInvoice), total: total!.value };
}

/** One invoice of the caller's customer (staff: any); another customer's is not found. */
export async function findInvoice(executor: Executor, principal: Principal, invoiceId: string, options: { lock?: boolean } = {}) {
  requireBillingAccess(principal);
  const query = executor.select().from(invoices).where(eq(invoices.id, invoiceId));
  const [invoice] = options.lock ? await query.for('update') : await query;
  if (!invoice || !invoice.customerId || !canSeeCustomer(principal, invoice.customerId)) throw notFound('Invoice');
  return invoice;
}

/** The customer's unpaid invoices, oldest first. */
export const openInvoices = (executor: Executor, customerId: string) =>
  executor
    .select()
    .from(invoices)
    .where(and(eq(invoices.customerId, customerId), eq(invoices.status, 'open')))
    .orderBy(asc(invoices.dueAt));

/**
 * Records a payment received outside the platform (a bank transfer reconciled by staff). When no
 * unpaid invoice is left, a past-due or suspended subscription is active again.
 */
export async function markInvoicePaid(
  ctx: ZoneContext,
  principal: Principal,
  invoiceId: string,
  input: { reference: string },
  onSettled: (tx: Executor, after: Pick<AfterCommit, 'publish'>, customerId: string, actor: Actor) => Promise<void>,
) {
  requireStaff(principal);
  return inTransaction(ctx, async (tx, after) => {
    const invoice = await findInvoice(tx, principal, invoiceId, { lock: true });
    if (invoice.status !== 'open') throw conflict(`Invoice ${formatInvoiceNumber(invoice.number)} is ${invoice.status}`);
    const [paid] = await tx
      .update(invoices)
      .set({ status: 'paid', paidAt: ctx.now(), paymentReference: input.reference })
      .where(eq(invoices.id, invoice.id))
      .returning();
    await recordAudit(tx, principal.actor, {
      customerId: invoice.customerId,
      action: 'invoice.paid',
      targetType: 'invoice',
      targetId: invoice.id,
      summary: { number: formatInvoiceNumber(invoice.number), gross_cents: invoice.grossCents, reference: input.reference },
    });
    await recordFunnelStep(ctx, tx, invoice.customerId!, 'first_paid_invoice');
    const [unpaid] = await tx
      .select({ value: count() })
      .from(invoices)
      .where(and(eq(invoices.customerId, invoice.customerId!), eq(invoices.status, 'open'), sql`${invoices.dueAt} < ${ctx.now()}`));
    if (unpaid!.value === 0) await onSettled(tx, after, invoice.customerId!, principal.actor);
    return presentInvoice(paid!);
  });
}
