import { and, count, eq, ne } from '@kaja/db/orm';
import { customers, subscriptions, users, zones, type BillingAddress, type Executor } from '@kaja/db';
import { defaultPlanId, defaultZoneRegion, type ZoneRegion } from '@kaja/catalog';
import { conflict, forbidden, invalid, notFound } from '../../errors';
import { formatOnlyVatIdVerifier, normaliseVatId, vatIdProblem, type VatIdVerifier } from '../billing/vat';
import { recordAudit } from '@kaja/zone-writes';
import { assertCanRequireTwoFactor } from './twoFactor';
import type { ServiceContext } from '../context';
import { presentCustomer } from './presenters';
import { canSeeCustomer, requireManager, requireStaff, type Principal } from './principal';

export const trialLengthMs = 30 * 24 * 3600_000;

/** A new customer on the default plan, as a trial subscription (see docs/decisions). */
export async function insertCustomer(executor: Executor, fields: { name: string; defaultRegion?: ZoneRegion }) {
  const [customer] = await executor
    .insert(customers)
    .values({ name: fields.name, defaultRegion: fields.defaultRegion ?? defaultZoneRegion })
    .returning();
  const [subscription] = await executor
    .insert(subscriptions)
    .values({ customerId: customer!.id, planId: defaultPlanId, status: 'trialing', trialEndsAt: new Date(Date.now() + trialLengthMs) })
    .returning();
  return { customer: customer!, subscription: subscription! };
}

export async function loadCustomer(executor: Executor, customerId: string) {
  const [row] = await executor
    .select({ customer: customers, subscription: subscriptions })
    .from(customers)
    .leftJoin(subscriptions, and(eq(subscriptions.customerId, customers.id), ne(subscriptions.status, 'canceled')))
    .where(eq(customers.id, customerId));
  return row ? presentCustomer(row.customer, row.subscription) : null;
}

export async function createCustomer(ctx: ServiceContext, principal: Principal, input: { name: string; default_region?: ZoneRegion | undefined }) {
  requireStaff(principal);
  return ctx.db.transaction(async (tx) => {
    const { customer, subscription } = await insertCustomer(tx, { name: input.name, defaultRegion: input.default_region ?? defaultZoneRegion });
    await recordAudit(tx, principal.actor, {
      customerId: customer.id,
      action: 'customer.created',
      targetType: 'customer',
      targetId: customer.id,
      summary: { name: customer.name, plan_id: subscription.planId },
    });
    return presentCustomer(customer, subscription);
  });
}

export async function getCustomer(ctx: ServiceContext, principal: Principal, customerId: string) {
  if (!canSeeCustomer(principal, customerId)) throw notFound('Customer');
  const customer = await loadCustomer(ctx.db, customerId);
  if (!customer) throw notFound('Customer');
  return customer;
}

export async function updateCustomer(
  ctx: ServiceContext,
  principal: Principal,
  customerId: string,
  input: {
    name?: string | undefined;
    default_region?: ZoneRegion | undefined;
    billing_address?: BillingAddress | undefined;
    vat_id?: string | null | undefined;
    require_two_factor?: boolean | undefined;
  },
  vatIds: VatIdVerifier = formatOnlyVatIdVerifier,
) {
  if (!canSeeCustomer(principal, customerId)) throw notFound('Customer');
  if (!principal.isStaff) requireManager(principal);
  if (input.require_two_factor !== undefined) await assertCanRequireTwoFactor(ctx.db, principal);
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(customers).where(eq(customers.id, customerId)).for('update');
    if (!before) throw notFound('Customer');
    const billingAddress = input.billing_address ?? before.billingAddress;
    const vatId = input.vat_id === undefined ? before.vatId : input.vat_id === null || input.vat_id === '' ? null : normaliseVatId(input.vat_id);
    if (vatId !== null) {
      if (!billingAddress) throw invalid({ vat_id: 'Give the billing address with the VAT ID' });
      const problem = vatIdProblem(vatId, billingAddress.country);
      if (problem) throw invalid({ vat_id: problem });
      if (vatId !== before.vatId && !(await vatIds.verify(vatId)).valid) throw invalid({ vat_id: `${vatId} is not a registered VAT ID` });
    }
    await tx
      .update(customers)
      .set({
        name: input.name ?? before.name,
        defaultRegion: input.default_region ?? before.defaultRegion,
        billingAddress,
        vatId,
        requireTwoFactor: input.require_two_factor ?? before.requireTwoFactor,
        updatedAt: new Date(),
      })
      .where(eq(customers.id, customerId));
    await recordAudit(tx, principal.actor, {
      customerId,
      action: 'customer.updated',
      targetType: 'customer',
      targetId: customerId,
      summary: {
        before: {
          name: before.name,
          default_region: before.defaultRegion,
          billing_address: before.billingAddress,
          vat_id: before.vatId,
          require_two_factor: before.requireTwoFactor,
        },
        after: input,
      },
    });
    return (await loadCustomer(tx, customerId))!;
  });
}

/**
 * Deletes the customer with its users, keys and invitations (owners of the customer, or staff).
 * Zones must be deleted first, through their own job, so the DNS servers stop serving them properly.
 */
export async function deleteCustomer(ctx: ServiceContext, principal: Principal, customerId: string) {
  if (!canSeeCustomer(principal, customerId)) throw notFound('Customer');
  if (!principal.isStaff && principal.role !== 'owner') throw forbidden('Only owners can delete the customer');
  await ctx.db.transaction(async (tx) => {
    const [customer] = await tx.select().from(customers).where(eq(customers.id, customerId)).for('update');
    if (!customer) throw notFound('Customer');
    const [hosted] = await tx.select({ value: count() }).from(zones).where(eq(zones.customerId, customerId));
    if (hosted!.value > 0) throw conflict(`Delete the customer's ${hosted!.value} zone(s) first`, { zones: `${hosted!.value} zone(s) still hosted` });
    const [members] = await tx.select({ value: count() }).from(users).where(eq(users.customerId, customerId));
    await tx.delete(customers).where(eq(customers.id, customerId));
    // The event outlives the customer: it is kept without a customer id, for the operator.
    await recordAudit(tx, principal.actor, {
      customerId: null,
      action: 'customer.deleted',
      targetType: 'customer',
      targetId: customerId,
      summary: { name: customer.name, users: members!.value },
    });
  });
}
