import { z } from 'zod';
import { subscription } from './accounts';
import { timestamp } from './common';
import { billingAddress } from './accounts';

export const billingInterval = z.enum(['month', 'year']);
export const onboardingStep = z.enum(['create_zone', 'add_records', 'update_nameservers', 'enable_dnssec', 'invite_team']);

const usage = z.object({ used: z.number().int(), limit: z.number().int().nullable() });
/** Zones, records and this month's queries against the plan's limits (null: no limit, or no current plan). */
export const accountUsage = z.object({ zones: usage, records: usage, queries_this_month: usage });

export const onboarding = z.object({
  steps: z.array(z.object({ step: onboardingStep, done: z.boolean() })),
  completed: z.number().int(),
  total: z.number().int(),
});

/** The current subscription with its usage and onboarding (the plan is added by the route). */
export const currentSubscription = subscription.extend({
  usage: accountUsage,
  onboarding,
});

const invoiceParty = z.object({
  name: z.string(),
  address: billingAddress,
  vat_id: z.string().nullable(),
  registry_code: z.string().optional(),
  email: z.string().optional(),
});

export const invoice = z
  .object({
    id: z.uuid(),
    number: z.string().meta({ description: 'Printed number, e.g. KD-000042' }),
    sequence: z.number().int().meta({ description: 'Position in the one unbroken sequence of invoice numbers' }),
    customer_id: z.uuid().nullable(),
    subscription_id: z.uuid().nullable(),
    status: z.enum(['open', 'paid', 'void']),
    currency: z.literal('EUR'),
    seller: invoiceParty,
    buyer: invoiceParty,
    period: z.object({ start: timestamp, end: timestamp }),
    lines: z.array(z.object({ description: z.string(), quantity: z.number().int(), unit_net_cents: z.number().int(), net_cents: z.number().int() })),
    net_cents: z.number().int(),
    vat_rate: z.number().meta({ description: 'Percent, e.g. 24; 0 under reverse charge' }),
    vat_cents: z.number().int(),
    gross_cents: z.number().int(),
    vat_note: z.string().nullable(),
    issued_at: timestamp,
    due_at: timestamp,
    paid_at: timestamp.nullable(),
    payment_reference: z.string().nullable(),
  })
  .meta({ id: 'Invoice' });
