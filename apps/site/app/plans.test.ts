import { plans } from '@kaja/catalog';
import { describe, expect, it } from 'vitest';
import { type ApiPlan, catalogPlanCards, euros, toPlanCard } from './plans';

describe('plan cards', () => {
  const cards = catalogPlanCards(plans);

  it('shows Nano, Pro and Scale in order with euro prices per month', () => {
    expect(cards.map((card) => [card.name, card.price, card.period])).toEqual([
      ['Nano', '€4.95', 'per month, incl. VAT'],
      ['Pro', '€19.95', 'per month, incl. VAT'],
      ['Scale', 'Custom', 'on request'],
    ]);
  });

  it('marks Pro popular and sends Scale to contact sales on the support page', () => {
    expect(cards.filter((card) => card.popular).map((card) => card.name)).toEqual(['Pro']);
    expect(cards.find((card) => card.name === 'Scale')?.cta).toEqual({ label: 'Contact Sales', to: '/support' });
    expect(cards.find((card) => card.name === 'Nano')?.cta.label).toBe('Start Free Trial');
  });

  it('reads the API form of a plan the same way', () => {
    const pro: ApiPlan = {
      id: 'pro',
      name: 'Pro',
      description: 'For growing businesses.',
      price: { amount_cents: 1995, currency: 'EUR', period: 'month' },
      features: ['Priority support'],
      popular: true,
      contact_sales: false,
    };
    expect(toPlanCard(pro)).toEqual({
      id: 'pro',
      name: 'Pro',
      description: 'For growing businesses.',
      price: '€19.95',
      period: 'per month, incl. VAT',
      features: ['Priority support'],
      popular: true,
      cta: { label: 'Start Free Trial', to: '/auth' },
    });
    expect(toPlanCard({ ...pro, id: 'scale', price: null, popular: false, contact_sales: true })).toMatchObject({ price: 'Custom', cta: { to: '/support' } });
  });

  it('writes euro prices as Irish English does', () => {
    const irish = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });
    for (const cents of [0, 5, 495, 1995, 99_999, 123_456, 100_000_000]) expect(euros(cents)).toBe(irish.format(cents / 100));
  });
});
