import { useCurrentSubscription } from '../../api/subscription';
import { useSignedInSession } from '../../shell/use-session-context';
import { StatusLine } from '../zone-tools/status-line';
import { InvoicesSection } from './invoices-section';
import { PlansSection } from './plans-section';
import { SubscriptionCard } from './subscription-card';

/** /billing: the plan and its usage, choosing or changing the plan, canceling, and the invoices. */
export default function BillingScreen() {
  const { user, customer } = useSignedInSession();
  const subscription = useCurrentSubscription();
  // The API lets only owners and admins change billing and see invoices; others see the plan and usage.
  const canManage = user.role === 'owner' || user.role === 'admin';
  return (
    <div className="grid grid-cols-1 gap-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Billing</h1>
        <p className="text-muted-foreground">Your plan, what you use of it, and your invoices.</p>
      </div>
      {subscription.isPending && <StatusLine>Loading your subscription…</StatusLine>}
      {subscription.isError && <StatusLine error>Could not load your subscription: {subscription.error.message}</StatusLine>}
      {subscription.data && (
        <>
          <SubscriptionCard subscription={subscription.data} canManage={canManage} />
          <PlansSection subscription={subscription.data} customer={customer} canManage={canManage} />
        </>
      )}
      {canManage ? (
        <InvoicesSection />
      ) : (
        <section aria-labelledby="invoices-heading" className="grid gap-2">
          <h2 id="invoices-heading" className="text-lg font-semibold">
            Invoices
          </h2>
          <p className="text-sm text-muted-foreground">Owners and admins see the invoices.</p>
        </section>
      )}
    </div>
  );
}
