import { plans } from '@kaja/catalog';
import { describe, expect, it } from 'vitest';
import { toPlanCards } from './plans';

describe('plan cards', () => {
  const cards = toPlanCards(plans);

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
});
