import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id } from './columns';
import { customers, subscriptions, type BillingAddress } from './customers';

export type InvoiceStatus = 'open' | 'paid' | 'void';

export interface InvoiceParty {
  name: string;
  address: BillingAddress;
  vat_id: string | null;
  registry_code?: string;
  email?: string;
}

export interface InvoiceLine {
  description: string;
  quantity: number;
  /** Net (VAT excluded), in euro cents. */
  unit_net_cents: number;
  net_cents: number;
}

/**
 * An issued invoice. Its fields are frozen at issue (seller, buyer, lines, amounts): later changes
 * to the customer or the catalogue never alter an invoice.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    /** From `invoice_numbers`, taken in the issuing transaction, so the sequence has no gaps. */
    number: integer('number').notNull(),
    /** Null once the customer is deleted: invoices are kept for the accounting period regardless. */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    status: text('status').$type<InvoiceStatus>().notNull().default('open'),
    currency: text('currency').$type<'EUR'>().notNull(),
    seller: jsonb('seller').$type<InvoiceParty>().notNull(),
    buyer: jsonb('buyer').$type<InvoiceParty>().notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    netCents: integer('net_cents').notNull(),
    /** VAT rate in basis points (2400 = 24 %); 0 under reverse charge. */
    vatRateBasisPoints: integer('vat_rate_bp').notNull(),
    vatCents: integer('vat_cents').notNull(),
    grossCents: integer('gross_cents').notNull(),
    /** The legal wording of the VAT treatment (e.g. reverse charge), printed on the invoice. */
    vatNote: text('vat_note'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paymentReference: text('payment_reference'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('invoices_number_idx').on(table.number),
    index('invoices_customer_idx').on(table.customerId, table.number),
    check('invoices_status_check', sql`${table.status} in ('open', 'paid', 'void')`),
    check('invoices_amounts_check', sql`${table.grossCents} = ${table.netCents} + ${table.vatCents}`),
  ],
);

/** The last invoice number issued; one row, locked by each issue until its transaction ends. */
export const invoiceNumbers = pgTable('invoice_numbers', {
  id: integer('id').primaryKey().default(1),
  last: integer('last').notNull(),
});
