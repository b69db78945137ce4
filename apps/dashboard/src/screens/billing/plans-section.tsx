import { Badge, Button, Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@kaja/ui';
import { Check } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Session } from '../../api/session';
import { config } from '../../config';
import { StatusLine } from '../zone-tools/status-line';
import { type CurrentSubscription, hasTrialOrder, type Plan, usePlans } from './billing-data';
import { ChangePlanDialog } from './change-plan-dialog';
import { CheckoutDialog } from './checkout-dialog';
import { formatCents } from './money';

/** How a plan is chosen in the subscription's state: ordered (checkout), switched to (change plan, which also changes a trial's order), or neither. */
function choiceOf(subscription: CurrentSubscription): 'checkout' | 'change' | 'none' {
  if (hasTrialOrder(subscription)) return 'change';
  if (subscription.status === 'trialing' || subscription.status === 'canceled') return 'checkout';
  if (subscription.status === 'suspended') return subscription.suspension_reason === 'trial_ended' ? 'checkout' : 'none';
  return 'change';
}

function PlanAction({
  plan,
  subscription,
  canManage,
  onChoose,
  suggested,
}: {
  suggested: boolean;
  plan: Plan;
  subscription: CurrentSubscription;
  canManage: boolean;
  onChoose: (choice: 'checkout' | 'change') => void;
}) {
  const choice = choiceOf(subscription);
  // The suggested plan's action takes the focus, so the visitor sent here for it is one key from choosing it.
  const focus = useRef<HTMLElement | null>(null);
  const holdFocus = (element: HTMLElement | null) => {
    focus.current = element;
  };
  useEffect(() => {
    if (!suggested || !focus.current) return;
    focus.current.scrollIntoView({ block: 'center' });
    focus.current.focus();
  }, [suggested]);
  if (plan.contact_sales)
    return (
      <Button asChild variant="outline">
        <a href={`${config.siteUrl}/support`} ref={holdFocus}>
          Contact sales<span className="sr-only"> about {plan.name}</span>
        </a>
      </Button>
    );
  if (choice === 'change' && plan.id === subscription.plan_id) return <Badge>Your plan</Badge>;
  if (choice === 'none' || !canManage) return null;
  return (
    <Button ref={holdFocus} onClick={() => onChoose(choice)}>
      {choice === 'checkout' ? `Choose ${plan.name}` : `Switch to ${plan.name}`}
    </Button>
  );
}

/** The plans on offer, each with what it allows and how to move to it; Scale through sales. */
export function PlansSection({ subscription, customer, canManage }: { subscription: CurrentSubscription; customer: Session['customer']; canManage: boolean }) {
  const plans = usePlans();
  // `?plan=ID` (from a refusal for a plan's limit, say): that plan is marked and its action focused.
  const [searchParams] = useSearchParams();
  const suggestedId = searchParams.get('plan');
  // How the plan is chosen is fixed at the click: the subscription changes under the open dialog when it succeeds.
  const [chosen, setChosen] = useState<{ plan: Plan; choice: 'checkout' | 'change' } | null>(null);
  return (
    <section aria-labelledby="plans-heading" className="grid gap-4">
      <div>
        <h2 id="plans-heading" className="text-lg font-semibold">
          Plans
        </h2>
        <p className="text-sm text-muted-foreground">Prices include VAT. Billed monthly or annually in advance.</p>
      </div>
      {plans.isPending && <StatusLine>Loading the plans…</StatusLine>}
      {plans.isError && <StatusLine error>Could not load the plans: {plans.error.message}</StatusLine>}
      {plans.data && (
        <ul className="grid gap-4 md:grid-cols-3">
          {plans.data.map((plan) => (
            <li key={plan.id} className="grid">
              <Card
                className={`flex flex-col ${plan.id === suggestedId ? 'ring-2 ring-primary' : ''}`}
                aria-label={plan.id === suggestedId ? `${plan.name}, suggested` : undefined}
                role={plan.id === suggestedId ? 'group' : undefined}
              >
                <CardHeader>
                  <div className="flex items-center gap-2">
                    <CardTitle>{plan.name}</CardTitle>
                    {plan.id === suggestedId ? <Badge>Suggested</Badge> : plan.popular && <Badge variant="secondary">Popular</Badge>}
                  </div>
                  <CardDescription>{plan.description}</CardDescription>
                  <p className="text-2xl font-semibold">
                    {plan.price ? (
                      <>
                        {formatCents(plan.price.amount_cents)} <span className="text-sm font-normal text-muted-foreground">per {plan.price.period}</span>
                      </>
                    ) : (
                      'On request'
                    )}
                  </p>
                </CardHeader>
                <CardContent className="flex-1">
                  <ul className="grid gap-1 text-sm">
                    {plan.features.map((feature) => (
                      <li key={feature} className="flex gap-2">
                        <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
                        {feature}
                      </li>
                    ))}
                  </ul>
                </CardContent>
                <CardFooter>
                  <PlanAction
                    plan={plan}
                    subscription={subscription}
                    canManage={canManage}
                    suggested={plan.id === suggestedId}
                    onChoose={(choice) => setChosen({ plan, choice })}
                  />
                </CardFooter>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {!canManage && <p className="text-sm text-muted-foreground">Owners and admins choose the plan.</p>}
      {chosen &&
        (chosen.choice === 'checkout' ? (
          <CheckoutDialog plan={chosen.plan} customer={customer} subscription={subscription} onClose={() => setChosen(null)} />
        ) : (
          <ChangePlanDialog plan={chosen.plan} subscription={subscription} onClose={() => setChosen(null)} />
        ))}
    </section>
  );
}
