import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Input, Select } from '@kaja/ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Field } from '../../forms/field';
import { showServerErrors } from '../../forms/server-errors';
import { StatusLine } from '../zone-tools/status-line';
import type { Zone } from '../zones/zones-data';
import { useCreateSecondary, useDeleteSecondary, useSecondaries, useTsigKeys } from './tsig-data';

const schema = z.object({
  address: z.string().trim().min(1, 'Enter the IPv4 or IPv6 address of your server'),
  port: z.coerce.number<string | number>().int().min(1, 'A port from 1 to 65535').max(65535, 'A port from 1 to 65535'),
  tsig_key_id: z.string().min(1, 'Choose a key that may transfer the zone'),
});

function AddSecondaryForm({ zone }: { zone: Zone }) {
  const keys = useTsigKeys(zone.id);
  const create = useCreateSecondary(zone.id);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { address: '', port: 53, tsig_key_id: '' } });
  const { errors } = form.formState;
  const transferKeys = keys.data?.filter((key) => key.can_transfer) ?? [];
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await create.mutateAsync(values);
      form.reset({ address: '', port: 53, tsig_key_id: values.tsig_key_id });
    } catch (error) {
      setFailure(showServerErrors(error, form.setError, ['address', 'port', 'tsig_key_id']));
    }
  });
  if (keys.isSuccess && transferKeys.length === 0) return <StatusLine>To add a secondary, first create a TSIG key that may transfer the zone.</StatusLine>;
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Add a secondary"
      className="grid gap-4 sm:grid-cols-[1fr_7rem_1fr_auto] sm:items-start"
    >
      {failure && (
        <Alert variant="destructive" className="sm:col-span-4">
          {failure}
        </Alert>
      )}
      <Field label="Address" error={errors.address?.message} hint="Transfers come from it, NOTIFY goes to it">
        <Input placeholder="198.51.100.53" {...form.register('address')} />
      </Field>
      <Field label="Port" error={errors.port?.message} hint="For NOTIFY">
        <Input type="number" inputMode="numeric" {...form.register('port')} />
      </Field>
      <Field label="Key" error={errors.tsig_key_id?.message}>
        <Select {...form.register('tsig_key_id')}>
          <option value="">Choose a key…</option>
          {transferKeys.map((key) => (
            <option key={key.id} value={key.id}>
              {key.name}
            </option>
          ))}
        </Select>
      </Field>
      <Button type="submit" className="sm:mt-6" disabled={create.isPending}>
        {create.isPending ? 'Adding…' : 'Add secondary'}
      </Button>
    </form>
  );
}

/** The servers that transfer the zone and are sent NOTIFY, with the serial each last confirmed. */
export function SecondariesCard({ zone }: { zone: Zone }) {
  const secondaries = useSecondaries(zone.id);
  const keys = useTsigKeys(zone.id);
  const remove = useDeleteSecondary(zone.id);
  const keyName = (id: string) => keys.data?.find((key) => key.id === id)?.name ?? id;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Secondaries</h2>
        </CardTitle>
        <CardDescription>
          Your own name servers that copy the zone from us (AXFR and IXFR over TCP, signed with the key) and get a NOTIFY after every change.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 [&>*]:min-w-0">
        {secondaries.isPending && <StatusLine>Loading the secondaries…</StatusLine>}
        {secondaries.isError && <StatusLine error>{secondaries.error.message}</StatusLine>}
        {secondaries.data?.length === 0 && <StatusLine>No secondaries: only our name servers serve the zone.</StatusLine>}
        {secondaries.data && secondaries.data.length > 0 && (
          <ul aria-label="Secondaries" className="grid gap-3">
            {secondaries.data.map((secondary) => (
              <li key={secondary.id} className="flex min-w-0 flex-wrap items-center justify-between gap-2 rounded-md border border-border p-3 text-sm">
                <div className="grid min-w-0 gap-0.5">
                  <p className="break-all font-mono font-medium">
                    {secondary.address} port {secondary.port}
                  </p>
                  <p className="break-all text-muted-foreground">Key {keyName(secondary.tsig_key_id)}</p>
                  <p className="text-muted-foreground">
                    {secondary.notified_serial === null ? 'Has not confirmed a NOTIFY yet' : `Confirmed serial ${secondary.notified_serial}`} (zone serial{' '}
                    {zone.serial})
                  </p>
                </div>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(secondary.id)}
                  aria-label={`Remove the secondary ${secondary.address} port ${secondary.port}`}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
        <AddSecondaryForm zone={zone} />
      </CardContent>
    </Card>
  );
}
