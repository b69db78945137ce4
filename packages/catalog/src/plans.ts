export type PlanId = 'nano' | 'pro' | 'scale';

/** Requests per minute for each endpoint class (see the API's rate limits). */
export interface PlanRateLimits {
  read: number;
  write: number;
}

/**
 * What a plan unlocks beyond its limits, by name, so code asks for a feature and never for a plan.
 * `advanced_metrics`: a zone's queries broken down by type and response code (totals are for all).
 */
export type PlanFeature = 'advanced_metrics';

export interface Plan {
  id: PlanId;
  name: string;
  description: string;
  /** Monthly price in euro cents including VAT; null = on request (contact sales). */
  priceCents: number | null;
  currency: 'EUR';
  period: 'month';
  /** null = unlimited. */
  limits: { zones: number | null; records: number | null; queriesPerMonth: number | null };
  features: string[];
  /** The features that code checks (the `features` above are the marketing text). */
  featureFlags: readonly PlanFeature[];
  popular: boolean;
  contactSales: boolean;
  rateLimits: PlanRateLimits;
  sortOrder: number;
}

export const plans: readonly Plan[] = [
  {
    id: 'nano',
    name: 'Nano',
    description: 'For personal projects and small sites.',
    priceCents: 495,
    currency: 'EUR',
    period: 'month',
    limits: { zones: 5, records: 200, queriesPerMonth: 2_000_000 },
    features: ['Up to 5 domains', 'Up to 200 records', '2,000,000 queries per month', 'Basic support', 'API access'],
    featureFlags: [],
    popular: false,
    contactSales: false,
    rateLimits: { read: 300, write: 60 },
    sortOrder: 1,
  },
  {
    id: 'pro',
    name: 'Pro',
    description: 'For growing businesses with many domains.',
    priceCents: 1995,
    currency: 'EUR',
    period: 'month',
    limits: { zones: 25, records: 2000, queriesPerMonth: 20_000_000 },
    features: ['Up to 25 domains', 'Up to 2000 records', '20,000,000 queries per month', 'Priority support', 'Advanced metrics'],
    featureFlags: ['advanced_metrics'],
    popular: true,
    contactSales: false,
    rateLimits: { read: 1200, write: 300 },
    sortOrder: 2,
  },
  {
    id: 'scale',
    name: 'Scale',
    description: 'For organisations that need unlimited scale and guarantees.',
    priceCents: null,
    currency: 'EUR',
    period: 'month',
    limits: { zones: null, records: null, queriesPerMonth: null },
    features: ['Unlimited domains', '24/7 dedicated support', 'Custom integrations', 'Advanced security', 'SLA guarantees'],
    featureFlags: ['advanced_metrics'],
    popular: false,
    contactSales: true,
    rateLimits: { read: 6000, write: 1200 },
    sortOrder: 3,
  },
];

/** The plan every new customer starts on (as a trial subscription). */
export const defaultPlanId: PlanId = 'nano';

export const findPlan = (id: string): Plan | undefined => plans.find((plan) => plan.id === id);

/** Whether the plan (by id) has the feature; an unknown plan has none. */
export const planHasFeature = (planId: string, feature: PlanFeature): boolean => findPlan(planId)?.featureFlags.includes(feature) ?? false;
