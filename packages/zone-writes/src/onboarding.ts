import { and, eq, ne, sql } from '@kaja/db/orm';
import { subscriptions, type Executor, type OnboardingStep } from '@kaja/db';
import { recordAudit, type Actor } from './audit';

export const onboardingSteps: readonly OnboardingStep[] = ['create_zone', 'add_records', 'update_nameservers', 'enable_dnssec', 'invite_team'];

/**
 * Marks an onboarding step done (once) in the caller's transaction; returns whether it was new.
 * Called by the customer, and by the platform when the customer does the thing.
 */
export async function advanceOnboarding(tx: Executor, actor: Actor, customerId: string, step: OnboardingStep): Promise<boolean> {
  const updated = await tx
    .update(subscriptions)
    .set({ onboardingSteps: sql`${subscriptions.onboardingSteps} || ${JSON.stringify([step])}::jsonb` })
    .where(
      and(
        eq(subscriptions.customerId, customerId),
        ne(subscriptions.status, 'canceled'),
        sql`not ${subscriptions.onboardingSteps} @> ${JSON.stringify([step])}::jsonb`,
      ),
    )
    .returning({ id: subscriptions.id });
  if (updated.length === 0) return false;
  await recordAudit(tx, actor, { customerId, action: 'subscription.onboarding_step', targetType: 'subscription', targetId: updated[0]!.id, summary: { step } });
  return true;
}
