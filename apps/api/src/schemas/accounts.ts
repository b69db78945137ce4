import { z } from 'zod';
import { timestamp } from './common';
import { text } from './text';

export const role = z.enum(['owner', 'admin', 'member']);
export const zoneRegion = z.enum(['EU_GLOBAL', 'EU', 'GLOBAL']);

export const user = z
  .object({
    id: z.uuid(),
    customer_id: z.uuid(),
    email: z.string(),
    full_name: z.string(),
    role,
    is_staff: z.boolean(),
    email_verified: z.boolean(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'User' });

export const subscription = z
  .object({
    id: z.uuid(),
    plan_id: z.string(),
    status: z.enum(['trialing', 'active', 'past_due', 'canceled', 'suspended']),
    trial_ends_at: timestamp.nullable(),
    billing_interval: z.enum(['month', 'year']).nullable(),
    current_period_start: timestamp.nullable(),
    current_period_end: timestamp.nullable(),
    cancel_at_period_end: z.boolean(),
    canceled_at: timestamp.nullable(),
    suspension_reason: z
      .enum(['trial_ended', 'unpaid', 'staff'])
      .nullable()
      .describe('trial_ended: the trial ended without a plan; unpaid: an invoice 30 days unpaid; staff: Kaja DNS suspended it'),
    suspended_at: timestamp.nullable(),
    created_at: timestamp,
  })
  .meta({ id: 'Subscription' });

export const billingAddress = z
  .object({
    line1: text().trim().min(1).max(200),
    line2: text().trim().max(200).nullable().default(null),
    postal_code: text().trim().min(1).max(20),
    city: text().trim().min(1).max(100),
    country: text()
      .trim()
      .toUpperCase()
      .refine((country) => /^[A-Z]{2}$/.test(country), 'Country must be a two-letter ISO 3166-1 code, e.g. EE')
      .meta({ description: 'ISO 3166-1 alpha-2, e.g. EE' }),
  })
  .meta({ id: 'BillingAddress' });

export const customer = z
  .object({
    id: z.uuid(),
    name: z.string(),
    default_region: zoneRegion,
    billing_address: billingAddress.nullable(),
    vat_id: z.string().nullable(),
    require_two_factor: z.boolean().describe('Every member signs in with a second factor (set by an owner)'),
    plan_id: z.string().nullable(),
    subscription: subscription.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Customer' });

export const recordPolicy = z.object({
  zone: z.string().nullable(),
  name: z.string(),
  type: z.string(),
  allow: z.boolean(),
});

export const apiKeyRestrictions = z.object({
  allowed_zones: z.array(z.string()).nullable(),
  record_policies: z.array(recordPolicy).nullable(),
  allowed_cidrs: z.array(z.string()).nullable(),
  max_age_seconds: z.number().int().nullable(),
  max_unused_seconds: z.number().int().nullable(),
});

export const apiKey = z
  .object({
    id: z.uuid(),
    user_id: z.uuid(),
    customer_id: z.uuid(),
    name: z.string(),
    prefix: z.string().describe('The visible start of the key, to recognise it'),
    scopes: z.array(z.string()),
    restrictions: apiKeyRestrictions,
    expires_at: timestamp.nullable(),
    last_used_at: timestamp.nullable(),
    revoked_at: timestamp.nullable(),
    created_by: z.uuid().nullable().describe('The user who created the key; null for keys from before this was recorded'),
    created_at: timestamp,
  })
  .meta({ id: 'ApiKey' });

export const teamApiKey = apiKey
  .extend({
    user: z.object({ id: z.uuid(), email: z.string(), full_name: z.string(), role }).describe('Whose key it is: calls made with it act as this user'),
    creator: z
      .object({ id: z.uuid(), email: z.string(), full_name: z.string() })
      .nullable()
      .describe('Who created the key (an owner or admin may create keys for others); null when unknown or no longer in the team'),
    can_revoke: z.boolean().describe('Whether the calling credential may revoke this key (DELETE /users/{userId}/apikeys/{keyId})'),
  })
  .meta({ id: 'TeamApiKey' });

export const apiKeyWithSecret = apiKey.extend({ key: z.string().describe('The secret: shown only in this response') }).meta({ id: 'ApiKeyWithSecret' });

export const defaultApiKey = z.object({
  id: z.uuid(),
  name: z.string(),
  key: z.string(),
  scopes: z.array(z.string()),
});

export const invitation = z
  .object({
    id: z.uuid(),
    customer_id: z.uuid(),
    email: z.string(),
    role,
    status: z.enum(['pending', 'accepted', 'revoked', 'expired']),
    invited_by: z.uuid().nullable(),
    expires_at: timestamp,
    accepted_at: timestamp.nullable(),
    created_at: timestamp,
  })
  .meta({ id: 'Invitation' });
