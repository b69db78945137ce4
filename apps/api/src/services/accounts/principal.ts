import type { ApiScope } from '@kaja/catalog';
import type { Role, RecordPolicy, SubscriptionStatus, SuspensionReason } from '@kaja/db';
import { ApiError, forbidden } from '../../errors';
import type { Actor } from '@kaja/zone-writes';
import { grants, roleScopes } from './scopes';

export interface PrincipalApiKey {
  id: string;
  scopes: string[];
  allowedZones: string[] | null;
  recordPolicies: RecordPolicy[] | null;
  allowedCidrs: string[] | null;
  expiresAt: Date | null;
  maxAgeSeconds: number | null;
  maxUnusedSeconds: number | null;
  createdAt: Date;
}

/** The authenticated caller of a request. */
export interface Principal {
  userId: string;
  customerId: string;
  email: string;
  role: Role;
  isStaff: boolean;
  planId: string;
  rateLimits: { read: number; write: number };
  /** The state of the customer's subscription (`canceled` when none is current): it decides whether writes are allowed. */
  account: { subscriptionStatus: SubscriptionStatus; suspensionReason: SuspensionReason | null };
  credential: { kind: 'session'; sessionId: string; viaCookie: boolean } | { kind: 'api_key'; apiKey: PrincipalApiKey };
  actor: Actor;
  /** The caller's browser or program, as security mails show it. */
  userAgent: string | null;
  /**
   * A session of someone who must sign in with two factors (platform staff, or the customer requires it)
   * but has none yet: it may only enrol one (decision 034).
   */
  mustEnrolSecondFactor: boolean;
}

/** True when the caller holds the scope: the role allows it and, for a key, the key's scopes too. */
export function hasScope(principal: Principal, scope: ApiScope): boolean {
  if (!grants(roleScopes(principal.role), scope)) return false;
  return principal.credential.kind === 'session' || grants(principal.credential.apiKey.scopes, scope);
}

export function requireScope(principal: Principal, scope: ApiScope): void {
  if (!hasScope(principal, scope)) throw new ApiError('forbidden', `This call needs the ${scope} scope`, { scope: `Missing scope ${scope}` });
}

const isManager = (principal: Principal) => principal.role === 'owner' || principal.role === 'admin';

export function requireManager(principal: Principal): void {
  if (!isManager(principal)) throw forbidden('Only owners and admins can do this');
}

/** Owners are managed by owners; admins manage admins and members (users and their API keys alike). */
export function requireRoleOver(principal: Principal, role: Role): void {
  if (principal.isStaff) return;
  requireManager(principal);
  if (role === 'owner' && principal.role !== 'owner') throw forbidden('Only owners can manage owners');
}

export function requireStaff(principal: Principal): void {
  if (!principal.isStaff) throw forbidden('Only platform staff can do this');
}

/** A customer id the caller may see: their own, or any for staff. */
export const canSeeCustomer = (principal: Principal, customerId: string) => principal.isStaff || principal.customerId === customerId;

/**
 * Refuses changes while the account is read-only: the trial ended without a paid plan, an unpaid
 * invoice suspended it, or the subscription ended. Billing calls stay open so the customer can
 * put it right; staff are never held back by their own customer's state.
 */
export function requireWritableAccount(principal: Principal): void {
  if (principal.isStaff) return;
  const { subscriptionStatus, suspensionReason } = principal.account;
  if (subscriptionStatus === 'suspended' && suspensionReason === 'trial_ended') {
    throw new ApiError(
      'account_read_only',
      'The trial has ended without a paid plan: the account is read-only until you order one (POST /subscriptions/checkout)',
      {
        reason: 'trial_ended',
      },
    );
  }
  if (subscriptionStatus === 'suspended' && suspensionReason === 'staff') {
    throw new ApiError('account_read_only', 'Kaja DNS suspended the account: it is read-only until the suspension is lifted (write to support)', {
      reason: 'suspended_by_staff',
    });
  }
  if (subscriptionStatus === 'suspended') {
    throw new ApiError('account_read_only', 'The account is suspended for an unpaid invoice: it is read-only until the invoice is paid (GET /invoices)', {
      reason: 'unpaid_invoice',
    });
  }
  if (subscriptionStatus === 'canceled') {
    throw new ApiError('account_read_only', 'The subscription has ended: the account is read-only until you order a plan (POST /subscriptions/checkout)', {
      reason: 'subscription_ended',
    });
  }
}
