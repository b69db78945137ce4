import { boolean, check, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, updatedAt } from './columns';
import { plans } from './plans';

export interface BillingAddress {
  line1: string;
  line2: string | null;
  postal_code: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export type SubscriptionStatus = 'trialing' | 'active' | 'past_due' | 'canceled' | 'suspended';
export type BillingInterval = 'month' | 'year';
export type OnboardingStep = 'create_zone' | 'add_records' | 'update_nameservers' | 'enable_dnssec' | 'invite_team';
/** Why the account is suspended: the trial ended without a plan, an invoice is unpaid, or platform staff suspended it (decision 065). */
export type SuspensionReason = 'trial_ended' | 'unpaid' | 'staff';

/** An amount still to be invoiced, e.g. the prorated difference of an upgrade (gross, VAT included). */
export interface PendingCharge {
  description: string;
  gross_cents: number;
}

/** The tenant: an organisation that owns zones, users and API keys. */
export const customers = pgTable(
  'customers',
  {
    id: id(),
    name: text('name').notNull(),
    defaultRegion: text('default_region').$type<'EU_GLOBAL' | 'EU' | 'GLOBAL'>().notNull().default('EU_GLOBAL'),
    /** Where invoices are addressed; required before a checkout. */
    billingAddress: jsonb('billing_address').$type<BillingAddress>(),
    /** EU VAT identification number (country prefix and digits), format-checked; decides reverse charge. */
    vatId: text('vat_id'),
    /** Set by an owner: every member signs in with a second factor (TOTP or a passkey) and enrols one before using the dashboard. */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [check('customers_default_region_check', sql`${table.defaultRegion} in ('EU_GLOBAL', 'EU', 'GLOBAL')`)],
);

/** The plan a customer is on. One current subscription per customer (ended ones are kept). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    status: text('status').$type<SubscriptionStatus>().notNull(),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    /** When the month's queries passed 80% of the plan's (the customer was warned); null below it. */
    queriesWarnedAt: timestamp('queries_warned_at', { withTimezone: true }),
    /** When the month's queries passed the plan's; null below it. Answering never stops. */
    queriesOverLimitAt: timestamp('queries_over_limit_at', { withTimezone: true }),
    /** Null while trialing. */
    billingInterval: text('billing_interval').$type<BillingInterval>(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    suspensionReason: text('suspension_reason').$type<SuspensionReason>(),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** What a suspension by staff interrupted (trialing, active, past due), restored when they lift it. */
    statusBeforeSuspension: text('status_before_suspension').$type<'trialing' | 'active' | 'past_due'>(),
    /** Zones the platform disabled after a long suspension, enabled again when the account is in order. */
    disabledZoneIds: jsonb('disabled_zone_ids').$type<string[]>().notNull().default([]),
    onboardingSteps: jsonb('onboarding_steps').$type<OnboardingStep[]>().notNull().default([]),
    pendingCharges: jsonb('pending_charges').$type<PendingCharge[]>().notNull().default([]),
    /** Keys of the life-cycle warnings already mailed, so each goes out once. */
    noticesSent: jsonb('notices_sent').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('subscriptions_current_idx')
      .on(table.customerId)
      .where(sql`${table.status} <> 'canceled'`),
    check('subscriptions_status_check', sql`${table.status} in ('trialing', 'active', 'past_due', 'canceled', 'suspended')`),
    check('subscriptions_billing_interval_check', sql`${table.billingInterval} in ('month', 'year')`),
    check('subscriptions_status_before_suspension_check', sql`${table.statusBeforeSuspension} in ('trialing', 'active', 'past_due')`),
  ],
);
