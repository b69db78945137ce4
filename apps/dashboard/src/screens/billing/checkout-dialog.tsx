import { Alert, Button, Dialog, DialogContent, DialogDescription, DialogTitle, Label, RadioGroup, RadioGroupItem, toast } from '@kaja/ui';
import { addInterval, intervalPrice, lastMomentBefore } from '@kaja/catalog';
import { useState } from 'react';
import type { Session } from '../../api/session';
import { formatLongDate } from '../../format/date-time';
import { BillingAddressForm } from './billing-address-form';
import { type BillingInterval, type CurrentSubscription, type Plan, useCheckout } from './billing-data';
import { formatCents } from './money';

const intervals: { value: BillingInterval; label: string }[] = [
  { value: 'month', label: 'Monthly' },
  { value: 'year', label: 'Annual' },
];

type Start = 'trial_end' | 'now';

/** The end of a trial still running when the dialog opened; null outside a trial. */
function runningTrialEnd(subscription: CurrentSubscription): Date | null {
  if (subscription.status !== 'trialing' || !subscription.trial_ends_at) return null;
  const end = new Date(subscription.trial_ends_at);
  return end.getTime() > Date.now() ? end : null;
}

/** What happens with dates, in one sentence: when the trial ends and which period the first invoice covers. */
function WhatHappens({ trialEnd, start, interval }: { trialEnd: Date | null; start: Start; interval: BillingInterval }) {
  const periodStart = trialEnd && start === 'trial_end' ? trialEnd : new Date();
  const period = `${formatLongDate(periodStart)} – ${formatLongDate(lastMomentBefore(addInterval(periodStart, interval)))}`;
  if (trialEnd && start === 'trial_end')
    return (
      <>
        Your trial continues until {formatLongDate(trialEnd)}; the first invoice, for {period}, is issued then.
      </>
    );
  return (
    <>
      {trialEnd ? 'Your trial ends today. ' : ''}The plan starts today; the first invoice, for {period}, is issued now.
    </>
  );
}

/**
 * Ordering a paid plan: the billing address first when the customer has none (every invoice needs
 * one), then the billing interval and the order. During a trial the paid period starts when the
 * trial ends unless the customer asks to start today.
 */
export function CheckoutDialog({
  plan,
  customer,
  subscription,
  onClose,
}: {
  plan: Plan;
  customer: Session['customer'];
  subscription: CurrentSubscription;
  onClose: () => void;
}) {
  const checkout = useCheckout();
  const [interval, chooseInterval] = useState<BillingInterval>('month');
  const [trialEnd] = useState(() => runningTrialEnd(subscription));
  const [start, chooseStart] = useState<Start>('trial_end');
  const [editingAddress, setEditingAddress] = useState(customer.billing_address === null);
  const monthly = plan.price?.amount_cents ?? 0;
  const order = async () => {
    try {
      const result = await checkout.mutateAsync({ plan_id: plan.id, interval, ...(trialEnd ? { start } : {}) });
      if (result.invoice) toast.success(`You are on ${plan.name}`, { description: `Invoice ${result.invoice.number} is in your invoices.` });
      else if (trialEnd) toast.success(`${plan.name} ordered`, { description: `Your trial continues until ${formatLongDate(trialEnd)}.` });
      else toast.success(`You are on ${plan.name}`);
      onClose();
    } catch {
      // Shown in the dialog.
    }
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Order {plan.name}</DialogTitle>
        {editingAddress ? (
          <>
            <DialogDescription>Where should the invoices go? The plan is ordered in the next step.</DialogDescription>
            <BillingAddressForm customer={customer} submitLabel="Save and continue" onSaved={() => setEditingAddress(false)} />
          </>
        ) : (
          <>
            <DialogDescription>
              {plan.name}&apos;s limits apply at once; invoices are payable by bank transfer within 14 days. Prices include VAT.
            </DialogDescription>
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">Billing</legend>
              <RadioGroup value={interval} onValueChange={(value) => chooseInterval(value as BillingInterval)}>
                {intervals.map((entry) => (
                  <div key={entry.value} className="flex items-start gap-2">
                    <RadioGroupItem id={`interval-${entry.value}`} value={entry.value} />
                    <Label htmlFor={`interval-${entry.value}`} className="font-normal">
                      {entry.label}: {formatCents(intervalPrice(monthly, entry.value))} per {entry.value}
                    </Label>
                  </div>
                ))}
              </RadioGroup>
            </fieldset>
            {trialEnd && (
              <fieldset className="grid gap-2">
                <legend className="mb-2 text-sm font-medium">Start</legend>
                <RadioGroup value={start} onValueChange={(value) => chooseStart(value as Start)}>
                  <div className="flex items-start gap-2">
                    <RadioGroupItem id="start-trial-end" value="trial_end" />
                    <Label htmlFor="start-trial-end" className="font-normal">
                      When the trial ends, on {formatLongDate(trialEnd)}
                    </Label>
                  </div>
                  <div className="flex items-start gap-2">
                    <RadioGroupItem id="start-now" value="now" />
                    <Label htmlFor="start-now" className="font-normal">
                      Today, ending the trial
                    </Label>
                  </div>
                </RadioGroup>
              </fieldset>
            )}
            <p className="text-sm" aria-live="polite">
              <WhatHappens trialEnd={trialEnd} start={start} interval={interval} />
            </p>
            {customer.billing_address && (
              <p className="text-sm text-muted-foreground">
                Invoiced to {customer.billing_address.line1}, {customer.billing_address.postal_code} {customer.billing_address.city},{' '}
                {customer.billing_address.country}
                {customer.vat_id && `, VAT ID ${customer.vat_id}`}.{' '}
                <Button variant="link" className="h-auto p-0" onClick={() => setEditingAddress(true)}>
                  Change the address
                </Button>
              </p>
            )}
            {checkout.isError && <Alert variant="destructive">{checkout.error.message}</Alert>}
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => void order()} disabled={checkout.isPending}>
                {checkout.isPending ? 'Ordering…' : `Order ${plan.name}`}
              </Button>
              <Button variant="outline" onClick={onClose} disabled={checkout.isPending}>
                Cancel
              </Button>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
