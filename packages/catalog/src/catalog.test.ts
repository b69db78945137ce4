import { describe, expect, it } from 'vitest';
import { defaultPlanId, findPlan, nameServersOfRegion, planHasFeature, plans, statusRegions } from './index';

describe('catalog', () => {
  it('has the three plans of the landing page, Pro the popular one, Scale on request', () => {
    expect(plans.map((plan) => [plan.name, plan.priceCents, plan.limits.zones, plan.limits.records, plan.limits.queriesPerMonth])).toEqual([
      ['Nano', 495, 5, 200, 2_000_000],
      ['Pro', 1995, 25, 2000, 20_000_000],
      ['Scale', null, null, null, null],
    ]);
    expect(plans.filter((plan) => plan.popular).map((plan) => plan.id)).toEqual(['pro']);
    expect(findPlan('scale')).toMatchObject({ contactSales: true, priceCents: null });
    expect(findPlan(defaultPlanId)?.name).toBe('Nano');
  });

  it('gives the breakdown of queries (advanced metrics) to Pro and Scale, not to Nano or an unknown plan', () => {
    expect(plans.filter((plan) => planHasFeature(plan.id, 'advanced_metrics')).map((plan) => plan.id)).toEqual(['pro', 'scale']);
    expect(planHasFeature('gold', 'advanced_metrics')).toBe(false);
  });

  it('lists six status regions, Africa without presence', () => {
    expect(statusRegions).toHaveLength(6);
    expect(statusRegions.find((region) => region.name === 'Africa')?.status).toBe('NA');
  });

  it('gives EU_GLOBAL zones the name servers of both networks, in order', () => {
    const servers = { EU: ['a.eu.test'], GLOBAL: ['b.global.test'] };
    expect(nameServersOfRegion('EU_GLOBAL', servers)).toEqual(['a.eu.test', 'b.global.test']);
    expect(nameServersOfRegion('EU', servers)).toEqual(['a.eu.test']);
    expect(nameServersOfRegion('GLOBAL')).toEqual(['ns1.global.kaja.dns', 'ns2.global.kaja.dns']);
  });
});
