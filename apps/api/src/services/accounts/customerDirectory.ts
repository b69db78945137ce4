import { and, asc, count, desc, eq, exists, ilike, isNull, ne, or, sql, type SQL } from '@kaja/db/orm';
import { customers, invoices, plans, subscriptions, users, zones, type Executor } from '@kaja/db';
import { accountUsage } from '@kaja/zone-writes';
import { notFound } from '../../errors';
import type { Pagination } from '../../schemas/common';
import { presentInvoice } from '../billing/invoices';
import { queriesThisMonth } from '../billing/queryUsage';
import type { ServiceContext } from '../context';
import { presentCustomer, presentUser } from './presenters';
import { requireStaff, type Principal } from './principal';

/**
 * Customers as platform staff look them up in the console (decision 065): found by name, a
 * member's e-mail address or id, in a state of their subscription, with their usage.
 */

/** The subscription's states, and `canceled` for a customer with none current. */
export const customerStates = ['trialing', 'active', 'past_due', 'suspended', 'canceled'] as const;
export type CustomerState = (typeof customerStates)[number];

export interface CustomerFilters {
  q?: string | undefined;
  state?: CustomerState | undefined;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const likePattern = (text: string) => `%${text.replace(/[%_\\]/g, '\\$&')}%`;

function filtersOf(filters: CustomerFilters): SQL[] {
  const conditions: SQL[] = [];
  const q = filters.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    const member = exists(sql`(SELECT 1 FROM ${users} WHERE ${users.customerId} = ${customers.id} AND ${users.email} ILIKE ${pattern})`);
    conditions.push(or(ilike(customers.name, pattern), member, uuidPattern.test(q) ? eq(customers.id, q) : sql`false`)!);
  }
  if (filters.state === 'canceled') conditions.push(isNull(subscriptions.id));
  else if (filters.state) conditions.push(eq(subscriptions.status, filters.state));
  return conditions;
}

/** Zones, records and this month's queries against the limits of the customer's plan (none without a current plan). */
async function usageOf(executor: Executor, customerId: string, plan: typeof plans.$inferSelect | undefined, now: Date) {
  const [usage, queries] = await Promise.all([accountUsage(executor, customerId), queriesThisMonth(executor, customerId, now)]);
  return {
    zones: { used: usage.zones, limit: plan?.zonesLimit ?? null },
    records: { used: usage.records, limit: plan?.recordsLimit ?? null },
    queries_this_month: { used: queries, limit: plan?.queriesPerMonth ?? null },
  };
}

const currentSubscription = and(eq(subscriptions.customerId, customers.id), ne(subscriptions.status, 'canceled'));

/** Your customer; staff: every customer, searched and filtered. Each with its usage. */
export async function listCustomers(ctx: ServiceContext, principal: Principal, page: Pagination, filters: CustomerFilters = {}) {
  const where = and(...(principal.isStaff ? [] : [eq(customers.id, principal.customerId)]), ...filtersOf(filters));
  const [rows, [total], planRows] = await Promise.all([
    ctx.db
      .select({ customer: customers, subscription: subscriptions })
      .from(customers)
      .leftJoin(subscriptions, currentSubscription)
      .where(where)
      .orderBy(asc(customers.createdAt), asc(customers.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ value: count() }).from(customers).leftJoin(subscriptions, currentSubscription).where(where),
    ctx.db.select().from(plans),
  ]);
  const planOf = (id: string | undefined) => planRows.find((plan) => plan.id === id);
  const now = ctx.now();
  const items = await Promise.all(
    rows.map(async (row) => ({
      ...presentCustomer(row.customer, row.subscription),
      usage: await usageOf(ctx.db, row.customer.id, planOf(row.subscription?.planId), now),
    })),
  );
  return { items, total: total!.value };
}

/** What staff need to help a customer, read-only: members, zones, usage, latest invoices (platform staff). */
export async function customerOverview(ctx: ServiceContext, principal: Principal, customerId: string) {
  requireStaff(principal);
  const [row] = await ctx.db
    .select({ customer: customers, subscription: subscriptions, plan: plans })
    .from(customers)
    .leftJoin(subscriptions, currentSubscription)
    .leftJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(customers.id, customerId));
  if (!row) throw notFound('Customer');
  const visibleZones = and(eq(zones.customerId, customerId), ne(zones.type, 'catalog'));
  const [usage, members, zoneRows, [zoneCount], invoiceRows, [invoiceCount]] = await Promise.all([
    usageOf(ctx.db, customerId, row.plan ?? undefined, ctx.now()),
    ctx.db.select().from(users).where(eq(users.customerId, customerId)).orderBy(asc(users.createdAt)),
    ctx.db.select().from(zones).where(visibleZones).orderBy(asc(zones.name)).limit(overviewZones),
    ctx.db.select({ value: count() }).from(zones).where(visibleZones),
    ctx.db.select().from(invoices).where(eq(invoices.customerId, customerId)).orderBy(desc(invoices.number)).limit(overviewInvoices),
    ctx.db.select({ value: count() }).from(invoices).where(eq(invoices.customerId, customerId)),
  ]);
  return {
    customer: presentCustomer(row.customer, row.subscription),
    usage,
    members: members.map(presentUser),
    zones: zoneRows.map((zone) => ({
      id: zone.id,
      name: zone.name,
      type: zone.type,
      status: zone.status,
      dnssec_state: zone.dnssecState,
      record_count: zone.recordCount,
      created_at: zone.createdAt.toISOString(),
    })),
    zone_count: zoneCount!.value,
    invoices: invoiceRows.map(presentInvoice),
    invoice_count: invoiceCount!.value,
  };
}

/** The overview lists this many zones (by name) and invoices (newest first); the counts say how many there are. */
const overviewZones = 200;
const overviewInvoices = 24;
