/** How often a paid plan is invoiced, in advance. */
export type BillingInterval = 'month' | 'year';

/** The same day and time one interval later (UTC), the day clamped to the month's last (31 Jan + 1 month = 28/29 Feb). */
export function addInterval(date: Date, interval: BillingInterval): Date {
  const months = interval === 'year' ? 12 : 1;
  const target = new Date(date.getTime());
  const day = date.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

/** A plan's price for one interval, VAT included: the annual price is twelve monthly prices. */
export const intervalPrice = (monthlyCents: number, interval: BillingInterval) => (interval === 'year' ? monthlyCents * 12 : monthlyCents);

/** The last moment of a period that ends at `end` (the next period's first): what a customer reads as its last day. */
export const lastMomentBefore = (end: Date) => new Date(end.getTime() - 1);
