import type { CustomerState, CustomerWithUsage } from './customers-data';

/** The states staff filter by, in the words of the console. */
export const stateNames: Record<NonNullable<CustomerState>, string> = {
  trialing: 'Trial',
  active: 'Active',
  past_due: 'Overdue',
  suspended: 'Suspended',
  canceled: 'Cancelled',
};

const suspensionNames: Record<string, string> = { trial_ended: 'trial ended', unpaid: 'unpaid invoice', staff: 'by staff' };

/** "Suspended (unpaid invoice)", "Trial", "Cancelled" (no current subscription). */
export function stateText(subscription: CustomerWithUsage['subscription']): string {
  if (!subscription) return stateNames.canceled;
  const name = stateNames[subscription.status];
  return subscription.suspension_reason ? `${name} (${suspensionNames[subscription.suspension_reason]})` : name;
}

/** "3 / 10" against a limit, "3" without one. */
export const usageText = (usage: { used: number; limit: number | null }) =>
  usage.limit === null ? usage.used.toLocaleString('en-GB') : `${usage.used.toLocaleString('en-GB')} / ${usage.limit.toLocaleString('en-GB')}`;
