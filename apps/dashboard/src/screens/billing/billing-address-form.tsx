import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Input } from '@kaja/ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../api/errors';
import type { Session } from '../../api/session';
import { Field } from '../../forms/field';
import { showServerErrors } from '../../forms/server-errors';
import { useSaveBillingDetails } from './billing-data';

const schema = z.object({
  line1: z.string().trim().min(1, 'Enter the street address').max(200, 'At most 200 characters'),
  line2: z.string().trim().max(200, 'At most 200 characters'),
  postal_code: z.string().trim().min(1, 'Enter the postal code').max(20, 'At most 20 characters'),
  city: z.string().trim().min(1, 'Enter the city').max(100, 'At most 100 characters'),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Two letters, e.g. EE'),
  // Whether the number is valid for its country is the API's rule; its answer is shown on the field.
  vat_id: z.string().trim().max(20, 'At most 20 characters'),
});
type Values = z.infer<typeof schema>;

/** The API names the address's fields `billing_address.line1` and so on; the form names them `line1`. */
function withAddressFields(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const fields = Object.fromEntries(Object.entries(error.fields).map(([path, text]) => [path.replace(/^billing_address\./, ''), text]));
  return new ApiError(error.message, error.status, error.code, fields, error.details);
}
const fields = ['line1', 'line2', 'postal_code', 'city', 'country', 'vat_id'] as const;

/** The address invoices are made out to, and the EU VAT ID for reverse charge (optional). */
export function BillingAddressForm({ customer, submitLabel, onSaved }: { customer: Session['customer']; submitLabel: string; onSaved: () => void }) {
  const save = useSaveBillingDetails(customer.id);
  const [failure, setFailure] = useState<string | null>(null);
  const address = customer.billing_address;
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      line1: address?.line1 ?? '',
      line2: address?.line2 ?? '',
      postal_code: address?.postal_code ?? '',
      city: address?.city ?? '',
      country: address?.country ?? '',
      vat_id: customer.vat_id ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ vat_id, line2, ...rest }) => {
    setFailure(null);
    try {
      await save.mutateAsync({ billing_address: { ...rest, line2: line2 || null }, vat_id: vat_id || null });
      onSaved();
    } catch (error) {
      setFailure(showServerErrors(withAddressFields(error), form.setError, fields));
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
      {failure && <Alert variant="destructive">{failure}</Alert>}
      <Field label="Street address" error={errors.line1?.message}>
        <Input autoComplete="address-line1" {...form.register('line1')} />
      </Field>
      <Field label="Address line 2 (optional)" error={errors.line2?.message}>
        <Input autoComplete="address-line2" {...form.register('line2')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Postal code" error={errors.postal_code?.message}>
          <Input autoComplete="postal-code" {...form.register('postal_code')} />
        </Field>
        <Field label="City" error={errors.city?.message}>
          <Input autoComplete="address-level2" {...form.register('city')} />
        </Field>
      </div>
      <Field label="Country" hint="Two-letter code, e.g. EE for Estonia." error={errors.country?.message}>
        <Input autoComplete="country" maxLength={2} className="uppercase" {...form.register('country')} />
      </Field>
      <Field label="EU VAT ID (optional)" hint="For businesses in another EU country: invoices are then under reverse charge." error={errors.vat_id?.message}>
        <Input autoComplete="off" {...form.register('vat_id')} />
      </Field>
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
