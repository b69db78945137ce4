import { zodResolver } from '@hookform/resolvers/zod';
import { webhookEvents, webhookEventTypes, type WebhookEventType } from '@kaja/catalog';
import { Alert, Button, Checkbox, Input, Label, RadioGroup, RadioGroupItem } from '@kaja/ui';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Field } from '../../forms/field';
import { showServerErrors } from '../../forms/server-errors';
import { type WebhookEndpointWithSecret, useCreateWebhookEndpoint } from './webhooks-data';

const schema = z
  .object({
    url: z
      .string()
      .trim()
      .min(1, 'Enter the address that receives the events')
      .refine((value) => /^https?:\/\/[^/]/i.test(value), 'Enter an http:// or https:// address'),
    description: z.string().trim().max(200, 'At most 200 characters'),
    which: z.enum(['all', 'chosen']),
    event_types: z.array(z.string()),
  })
  .refine((values) => values.which === 'all' || values.event_types.length > 0, { path: ['event_types'], message: 'Choose at least one event' });
type Values = z.infer<typeof schema>;

/** Registering an endpoint: its address, a description, and every event or the chosen ones. */
export function CreateEndpointForm({ onCreated }: { onCreated: (endpoint: WebhookEndpointWithSecret) => void }) {
  const id = useId();
  const create = useCreateWebhookEndpoint();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { url: '', description: '', which: 'all', event_types: [] } });
  const { errors } = form.formState;
  const which = form.watch('which');

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      onCreated(
        await create.mutateAsync({
          url: values.url,
          ...(values.description ? { description: values.description } : {}),
          event_types: values.which === 'all' ? null : (values.event_types as WebhookEventType[]),
        }),
      );
    } catch (error) {
      setFailure(showServerErrors(error, form.setError, ['url', 'description', 'event_types']));
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-5">
      {failure && <Alert variant="destructive">{failure}</Alert>}
      <Field label="Endpoint URL" error={errors.url?.message} hint="A public https:// address; it must answer with a 2xx within 5 seconds.">
        <Input type="url" autoComplete="off" placeholder="https://hooks.example.com/kaja" {...form.register('url')} />
      </Field>
      <Field label="Description" error={errors.description?.message} hint="Optional: what receives the events.">
        <Input autoComplete="off" {...form.register('description')} />
      </Field>
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium">Events</legend>
        <Controller
          control={form.control}
          name="which"
          render={({ field }) => (
            <RadioGroup value={field.value} onValueChange={field.onChange} className="grid gap-2">
              <div className="flex items-center gap-2">
                <RadioGroupItem value="all" id={`${id}-all`} />
                <Label htmlFor={`${id}-all`}>All events, also those added later</Label>
              </div>
              <div className="flex items-center gap-2">
                <RadioGroupItem value="chosen" id={`${id}-chosen`} />
                <Label htmlFor={`${id}-chosen`}>Only the events chosen</Label>
              </div>
            </RadioGroup>
          )}
        />
        {which === 'chosen' && (
          <div className="grid gap-2 sm:grid-cols-2">
            {webhookEventTypes.map((type) => (
              <label key={type} className="flex items-start gap-2 text-sm">
                <Checkbox value={type} className="mt-0.5" {...form.register('event_types')} />
                <span>
                  <span className="font-mono">{type}</span>
                  <span className="block text-xs text-muted-foreground">{webhookEvents[type]}</span>
                </span>
              </label>
            ))}
          </div>
        )}
        {errors.event_types && <p className="text-sm text-destructive">{errors.event_types.message}</p>}
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Adding…' : 'Add endpoint'}
        </Button>
      </div>
    </form>
  );
}
