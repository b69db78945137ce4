import type { Plan } from '@kaja/catalog';

/** What a pricing card shows of a plan. */
export type PlanCard = {
  id: string;
  name: string;
  description: string;
  price: string;
  period: string;
  features: string[];
  popular: boolean;
  cta: { label: string; to: string };
};

/** A plan as GET /v1/plans returns it. */
export type ApiPlan = {
  id: string;
  name: string;
  description: string;
  price: { amount_cents: number; currency: string; period: string } | null;
  features: string[];
  popular: boolean;
  contact_sales: boolean;
};

/**
 * A price in euros as Irish English writes it, `€1,234.50`. Written out rather than through Intl.NumberFormat: the
 * browser's first formatter loads its locale data, which the landing page's pricing paid for as it started (decision 086).
 */
export const euros = (cents: number) => `€${(cents / 100).toFixed(2).replace(/\B(?=(\d{3})+\.)/g, ',')}`;

/** Plans with a price start a trial; Scale is sold by the sales team, reached through the support page. */
export function toPlanCard(plan: ApiPlan): PlanCard {
  const onRequest = plan.price === null || plan.contact_sales;
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    price: onRequest || !plan.price ? 'Custom' : euros(plan.price.amount_cents),
    period: onRequest || !plan.price ? 'on request' : `per ${plan.price.period}, incl. VAT`,
    features: plan.features,
    popular: plan.popular,
    cta: plan.contact_sales ? { label: 'Contact Sales', to: '/support' } : { label: 'Start Free Trial', to: '/auth' },
  };
}

/** The catalog's plans in the API's form, for pre-rendering the same cards the API refreshes. */
export const catalogPlanCards = (list: readonly Plan[]) =>
  [...list]
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map((plan) =>
      toPlanCard({
        ...plan,
        price: plan.priceCents === null ? null : { amount_cents: plan.priceCents, currency: plan.currency, period: plan.period },
        contact_sales: plan.contactSales,
      }),
    );
