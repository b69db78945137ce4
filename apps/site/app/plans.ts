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

const euro = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });

/** Plans with a price start a trial; Scale is sold by the sales team, reached through the support page. */
export function toPlanCard(plan: Plan): PlanCard {
  const onRequest = plan.priceCents === null || plan.contactSales;
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    price: onRequest ? 'Custom' : euro.format((plan.priceCents ?? 0) / 100),
    period: onRequest ? 'on request' : `per ${plan.period}, incl. VAT`,
    features: plan.features,
    popular: plan.popular,
    cta: plan.contactSales ? { label: 'Contact Sales', to: '/support' } : { label: 'Start Free Trial', to: '/auth' },
  };
}

export const toPlanCards = (list: readonly Plan[]) => [...list].sort((a, b) => a.sortOrder - b.sortOrder).map(toPlanCard);
