import { Alert, Button, Dialog, DialogContent, DialogDescription, DialogTitle, Label, RadioGroup, RadioGroupItem, toast } from '@kaja/ui';
import { useState } from 'react';
import type { Session } from '../../api/session';
import { BillingAddressForm } from './billing-address-form';
import { type BillingInterval, type Plan, useCheckout } from './billing-data';
import { formatCents } from './money';

const intervals: { value: BillingInterval; label: string; months: number }[] = [
  { value: 'month', label: 'Monthly', months: 1 },
  { value: 'year', label: 'Annual', months: 12 },
];

/**
 * Ordering a paid plan: the billing address first when the customer has none (every invoice needs
 * one), then the billing interval and the order.
 */
export function CheckoutDialog({ plan, customer, onClose }: { plan: Plan; customer: Session['customer']; onClose: () => void }) {
  const checkout = useCheckout();
  const [interval, chooseInterval] = useState<BillingInterval>('month');
  const [editingAddress, setEditingAddress] = useState(customer.billing_address === null);
  const monthly = plan.price?.amount_cents ?? 0;
  const order = async () => {
    try {
      const result = await checkout.mutateAsync({ plan_id: plan.id, interval });
      toast.success(`You are on ${plan.name}`, { description: result.invoice ? `Invoice ${result.invoice.number} is in your invoices.` : undefined });
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
            <DialogDescription>The plan is active at once; the invoice is payable by bank transfer within 14 days. Prices include VAT.</DialogDescription>
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">Billing</legend>
              <RadioGroup value={interval} onValueChange={(value) => chooseInterval(value as BillingInterval)}>
                {intervals.map((entry) => (
                  <div key={entry.value} className="flex items-start gap-2">
                    <RadioGroupItem id={`interval-${entry.value}`} value={entry.value} />
                    <Label htmlFor={`interval-${entry.value}`} className="font-normal">
                      {entry.label}: {formatCents(monthly * entry.months)} per {entry.value}
                    </Label>
                  </div>
                ))}
              </RadioGroup>
            </fieldset>
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
