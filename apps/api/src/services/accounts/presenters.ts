import type { apiKeys, customers, invitations, subscriptions, users } from '@kaja/db';
import { splitScopes } from './scopes';

type User = typeof users.$inferSelect;
type Customer = typeof customers.$inferSelect;
type Subscription = typeof subscriptions.$inferSelect;
type ApiKey = typeof apiKeys.$inferSelect;
type Invitation = typeof invitations.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const presentUser = (user: User) => ({
  id: user.id,
  customer_id: user.customerId,
  email: user.email,
  full_name: user.fullName,
  role: user.role,
  is_staff: user.isStaff,
  email_verified: user.emailVerifiedAt !== null,
  created_at: user.createdAt.toISOString(),
  updated_at: user.updatedAt.toISOString(),
});

export const presentSubscription = (subscription: Subscription) => ({
  id: subscription.id,
  plan_id: subscription.planId,
  status: subscription.status,
  trial_ends_at: iso(subscription.trialEndsAt),
  billing_interval: subscription.billingInterval,
  current_period_start: iso(subscription.currentPeriodStart),
  current_period_end: iso(subscription.currentPeriodEnd),
  cancel_at_period_end: subscription.cancelAtPeriodEnd,
  canceled_at: iso(subscription.canceledAt),
  suspension_reason: subscription.suspensionReason,
  suspended_at: iso(subscription.suspendedAt),
  created_at: subscription.createdAt.toISOString(),
});

export const presentCustomer = (customer: Customer, subscription: Subscription | null) => ({
  id: customer.id,
  name: customer.name,
  default_region: customer.defaultRegion,
  billing_address: customer.billingAddress,
  vat_id: customer.vatId,
  require_two_factor: customer.requireTwoFactor,
  plan_id: subscription?.planId ?? null,
  subscription: subscription ? presentSubscription(subscription) : null,
  created_at: customer.createdAt.toISOString(),
  updated_at: customer.updatedAt.toISOString(),
});

export const presentApiKey = (key: ApiKey) => ({
  id: key.id,
  user_id: key.userId,
  customer_id: key.customerId,
  name: key.name,
  prefix: key.prefix,
  scopes: splitScopes(key.scopes),
  restrictions: {
    allowed_zones: key.allowedZones,
    record_policies: key.recordPolicies,
    allowed_cidrs: key.allowedCidrs,
    max_age_seconds: key.maxAgeSeconds,
    max_unused_seconds: key.maxUnusedSeconds,
  },
  expires_at: iso(key.expiresAt),
  last_used_at: iso(key.lastUsedAt),
  revoked_at: iso(key.revokedAt),
  created_by: key.createdBy,
  created_at: key.createdAt.toISOString(),
});

export const presentInvitation = (invitation: Invitation) => ({
  id: invitation.id,
  customer_id: invitation.customerId,
  email: invitation.email,
  role: invitation.role,
  status: invitation.status === 'pending' && invitation.expiresAt.getTime() <= Date.now() ? ('expired' as const) : invitation.status,
  invited_by: invitation.invitedBy,
  expires_at: invitation.expiresAt.toISOString(),
  accepted_at: iso(invitation.acceptedAt),
  created_at: invitation.createdAt.toISOString(),
});
