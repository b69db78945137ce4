import { Alert, Badge, Card, CardContent, CardDescription, CardHeader, CardTitle, ConfirmButton, Progress, toast } from '@kaja/ui';
import { lastMomentBefore } from '@kaja/catalog';
import { formatDate, formatLongDate } from '../../format/date-time';
import { type CurrentSubscription, useCancelSubscription } from './billing-data';

const statusLabel: Record<CurrentSubscription['status'], string> = {
  trialing: 'Trial',
  active: 'Active',
  past_due: 'Payment overdue',
  suspended: 'Suspended',
  canceled: 'Ended',
};

/** When the subscription stops: the trial's end, else the paid period's. */
const endOf = (subscription: CurrentSubscription) => (subscription.status === 'trialing' ? subscription.trial_ends_at : subscription.current_period_end);

function StatusText({ subscription }: { subscription: CurrentSubscription }) {
  const end = endOf(subscription);
  if (subscription.cancel_at_period_end && end) return <>Canceled: your zones are served until {formatDate(end)}, then the subscription ends.</>;
  switch (subscription.status) {
    case 'trialing':
      if (subscription.billing_interval && subscription.current_period_start && subscription.current_period_end)
        return (
          <>
            Your free trial continues until {formatLongDate(subscription.current_period_start)}; then {subscription.plan.name} starts, billed{' '}
            {subscription.billing_interval === 'year' ? 'annually' : 'monthly'}, and the first invoice, for {formatLongDate(subscription.current_period_start)}{' '}
            – {formatLongDate(lastMomentBefore(new Date(subscription.current_period_end)))}, is issued then.
          </>
        );
      return (
        <>
          Your free trial ends on {subscription.trial_ends_at ? formatDate(subscription.trial_ends_at) : 'its last day'}. Choose a plan below to keep your zones
          served.
        </>
      );
    case 'active':
      return (
        <>
          Billed {subscription.billing_interval === 'year' ? 'annually' : 'monthly'}; the next period starts on {end ? formatDate(end) : '—'}.
        </>
      );
    case 'past_due':
      return <>An invoice is overdue. Pay it by bank transfer with the invoice number as the reference: after 30 days unpaid the account is suspended.</>;
    case 'suspended':
      return subscription.suspension_reason === 'trial_ended' ? (
        <>Your trial has ended and your zones are not served. Choose a plan below to serve them again.</>
      ) : subscription.suspension_reason === 'staff' ? (
        <>Kaja DNS suspended the account: it is read-only, and after 30 days its zones are no longer served. Write to support to talk to us about it.</>
      ) : (
        <>Suspended for an unpaid invoice: your zones are not served. Pay the overdue invoice below and they are served again.</>
      );
    case 'canceled':
      return <>This subscription has ended. Choose a plan below to start again.</>;
  }
}

function UsageBar({ label, used, limit }: { label: string; used: number; limit: number | null }) {
  const numbers = new Intl.NumberFormat();
  const text = limit === null ? `${numbers.format(used)} (unlimited)` : `${numbers.format(used)} of ${numbers.format(limit)}`;
  const share = limit ? Math.min(100, (used / limit) * 100) : 0;
  return (
    <div className="grid gap-1.5">
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-muted-foreground">{text}</span>
      </div>
      {limit !== null && <Progress value={share} aria-label={`${label}: ${text}`} className={share >= 100 ? '[&>div]:bg-destructive' : undefined} />}
    </div>
  );
}

function CancelButton({ subscription }: { subscription: CurrentSubscription }) {
  const cancel = useCancelSubscription();
  const end = endOf(subscription);
  return (
    <ConfirmButton
      size="default"
      title={`Cancel your ${subscription.plan.name} subscription?`}
      description={`Your zones are served until the end of the ${subscription.status === 'trialing' ? 'trial' : 'paid period'}${end ? `, ${formatDate(end)}` : ''}. After that they are no longer answered and no further invoice is issued.`}
      cancel="Keep the subscription"
      confirm="Cancel subscription"
      action={async () => {
        await cancel.mutateAsync(subscription.id);
        toast.success('Subscription canceled', { description: end ? `Zones are served until ${formatDate(end)}.` : undefined });
      }}
    >
      {(pending) => (pending ? 'Canceling…' : 'Cancel subscription')}
    </ConfirmButton>
  );
}

/** The plan and its state, usage against the plan's limits, and canceling. */
export function SubscriptionCard({ subscription, canManage }: { subscription: CurrentSubscription; canManage: boolean }) {
  const cancellable = canManage && !subscription.cancel_at_period_end && subscription.status !== 'canceled' && subscription.status !== 'suspended';
  const { usage } = subscription;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="flex flex-wrap items-center gap-2">
            {subscription.plan.name}
            <Badge variant={subscription.status === 'active' || subscription.status === 'trialing' ? 'secondary' : 'default'}>
              {statusLabel[subscription.status]}
            </Badge>
            {subscription.cancel_at_period_end && <Badge variant="outline">Canceled</Badge>}
          </h2>
        </CardTitle>
        <CardDescription>
          <StatusText subscription={subscription} />
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <section aria-label="Usage" className="grid gap-4">
          <UsageBar label="Zones" used={usage.zones.used} limit={usage.zones.limit} />
          <UsageBar label="Records" used={usage.records.used} limit={usage.records.limit} />
          <UsageBar label="Queries this month" used={usage.queries_this_month.used} limit={usage.queries_this_month.limit} />
        </section>
        {usage.queries_this_month.limit !== null && usage.queries_this_month.used >= usage.queries_this_month.limit && (
          <Alert>Your zones are still answered above the monthly queries; a bigger plan keeps you within its limit.</Alert>
        )}
        {cancellable && (
          <div>
            <CancelButton subscription={subscription} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
