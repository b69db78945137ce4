import {
  Alert,
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  Button,
  toast,
} from '@kaja/ui';
import { ApiError } from '../../api/errors';
import { type CurrentSubscription, type Plan, useChangePlan } from './billing-data';

const limitNames: Record<string, string> = { zones: 'Zones', records: 'Records' };

/** The limits a refused downgrade names in `details`, each with what the customer uses now. */
function exceededLimits(error: unknown): { what: string; limit: number; usage: number }[] {
  if (!(error instanceof ApiError) || error.code !== 'quota_exceeded' || typeof error.details !== 'object' || error.details === null) return [];
  return Object.entries(error.details as Record<string, { limit?: unknown; usage?: unknown }>)
    .filter(([, value]) => typeof value?.limit === 'number' && typeof value.usage === 'number')
    .map(([what, value]) => ({ what, limit: value.limit as number, usage: value.usage as number }));
}

/** Moving a paid subscription (or a trial's order) to another plan at once: an upgrade is prorated, a downgrade must fit today's usage. */
export function ChangePlanDialog({ subscription, plan, onClose }: { subscription: CurrentSubscription; plan: Plan; onClose: () => void }) {
  const change = useChangePlan();
  const upgrade = (plan.price?.amount_cents ?? 0) > (subscription.plan.price?.amount_cents ?? 0);
  const exceeded = exceededLimits(change.error);
  return (
    <AlertDialog open onOpenChange={(open) => !open && !change.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogTitle>
          Switch from {subscription.plan.name} to {plan.name}?
        </AlertDialogTitle>
        <AlertDialogDescription>
          {subscription.status === 'trialing'
            ? `Your order changes to ${plan.name}: its limits apply at once and nothing is charged during the trial; the first invoice, when the trial ends, is for ${plan.name}. Your zones and records must fit its limits.`
            : upgrade
              ? `${plan.name} is active at once; the difference for the rest of this period is on your next invoice.`
              : `${plan.name} is active at once and billed from your next invoice; the rest of this period is not refunded. Your zones and records must fit its limits.`}
        </AlertDialogDescription>
        {exceeded.length > 0 ? (
          <Alert variant="destructive">
            <p className="font-medium">You use more than {plan.name} allows. Remove some first, then switch:</p>
            <ul className="mt-2 list-disc pl-5">
              {exceeded.map((entry) => (
                <li key={entry.what}>
                  {limitNames[entry.what] ?? entry.what}: you use {entry.usage}, {plan.name} allows {entry.limit}
                </li>
              ))}
            </ul>
          </Alert>
        ) : (
          change.isError && <Alert variant="destructive">{change.error.message}</Alert>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={change.isPending}>Keep {subscription.plan.name}</AlertDialogCancel>
          <Button
            disabled={change.isPending}
            onClick={() =>
              void change.mutateAsync({ subscriptionId: subscription.id, planId: plan.id }).then(
                () => {
                  toast.success(`You are on ${plan.name}`);
                  onClose();
                },
                () => undefined, // Shown in the dialog.
              )
            }
          >
            {change.isPending ? 'Switching…' : `Switch to ${plan.name}`}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
