import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { plans as catalogPlans, statusRegions } from '@kaja/catalog';
import { plans, regions } from './schema/index';
import { createTestDatabase } from './testing';
import type { DatabaseHandle } from './open';

// The seed migration copies the catalog; if either side changes alone, this fails.
describe('catalog seed migration', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('seeds exactly the plans of the catalog', async () => {
    const rows = await database.db.select().from(plans).orderBy(asc(plans.sortOrder));
    expect(rows).toEqual(
      catalogPlans.map((plan) => ({
        id: plan.id,
        name: plan.name,
        description: plan.description,
        priceCents: plan.priceCents,
        currency: plan.currency,
        period: plan.period,
        zonesLimit: plan.limits.zones,
        recordsLimit: plan.limits.records,
        queriesPerMonth: plan.limits.queriesPerMonth,
        features: plan.features,
        popular: plan.popular,
        contactSales: plan.contactSales,
        rateLimitRead: plan.rateLimits.read,
        rateLimitWrite: plan.rateLimits.write,
        sortOrder: plan.sortOrder,
      })),
    );
  });

  it('seeds exactly the status regions of the catalog', async () => {
    const rows = await database.db.select().from(regions);
    expect(rows.map(({ name, status, summary }) => ({ name, status, summary })).sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      [...statusRegions].sort((a, b) => a.name.localeCompare(b.name)),
    );
  });
});
