import { zodResolver } from '@hookform/resolvers/zod';
import { zoneRegions } from '@kaja/catalog';
import { Alert, Button, Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger, Input, Select } from '@kaja/ui';
import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { api, call } from '../../api/client';
import { useCurrentSubscription } from '../../api/subscription';
import { CopyButton } from '../../components/copy-button';
import { TtlField } from '../../components/ttl-field';
import { Field } from '../../forms/field';
import { showServerErrors } from '../../forms/server-errors';
import { useSignedInSession } from '../../shell/use-session-context';
import { type Zone, useZoneCount, zonesKey } from './zones-data';

const regionText = { EU_GLOBAL: 'EU and Global networks', EU: 'EU network only', GLOBAL: 'Global network only' } as const;

const schema = z.object({
  name: z.string().trim().min(1, 'Enter the domain name, e.g. example.com'),
  region: z.enum(zoneRegions),
  ttl: z.number({ error: 'Enter the TTL in seconds' }).int(),
});

/** How many zones the plan allows and how many are used. */
function PlanUsage() {
  const subscription = useCurrentSubscription();
  const count = useZoneCount();
  if (!subscription.data || count.data === undefined) return null;
  const limit = subscription.data.plan.limits.zones;
  return (
    <p className="text-sm text-muted-foreground">
      {subscription.data.plan.name} plan: {count.data} of {limit === null ? 'unlimited' : limit} zones used.
    </p>
  );
}

function NameServers({ zone }: { zone: Zone }) {
  return (
    <div className="grid gap-4">
      <Alert>
        <strong>{zone.name}</strong> was added. To make it live, set these name servers at your domain's registrar:
      </Alert>
      <ul className="grid gap-1" aria-label="Name servers">
        {zone.name_servers.map((server) => (
          <li key={server} className="flex items-center justify-between rounded-md border border-border px-3 py-1 font-mono text-sm">
            {server}
            <CopyButton text={server} label={`Copy ${server}`} />
          </li>
        ))}
      </ul>
      <Button asChild>
        <Link to={`/zones/${zone.id}`}>Add records to {zone.name}</Link>
      </Button>
    </div>
  );
}

/** Adds a zone; afterwards shows the name servers to set at the registrar. */
export function CreateZoneDialog() {
  const session = useSignedInSession();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<Zone | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const defaults = { name: '', region: session.customer.default_region, ttl: 3600 };
  const form = useForm({ resolver: zodResolver(schema), defaultValues: defaults });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { data } = await call(api.POST('/v1/zones', { body: values }));
      await queryClient.invalidateQueries({ queryKey: zonesKey });
      setCreated(data);
    } catch (error) {
      setFailure(showServerErrors(error, form.setError, ['name', 'region', 'ttl']));
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setCreated(null);
          setFailure(null);
          form.reset(defaults);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden />
          Add zone
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{created ? 'Zone added' : 'Add a zone'}</DialogTitle>
        <DialogDescription>{created ? 'One step left at your registrar.' : 'The domain you want Kaja DNS to answer for.'}</DialogDescription>
        {created ? (
          <NameServers zone={created} />
        ) : (
          <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
            <PlanUsage />
            {failure && <Alert variant="destructive">{failure}</Alert>}
            <Field label="Domain name" error={errors.name?.message}>
              <Input autoComplete="off" spellCheck={false} placeholder="example.com" {...form.register('name')} />
            </Field>
            <Field label="Networks" error={errors.region?.message}>
              <Select {...form.register('region')}>
                {zoneRegions.map((region) => (
                  <option key={region} value={region}>
                    {regionText[region]}
                  </option>
                ))}
              </Select>
            </Field>
            <Controller
              control={form.control}
              name="ttl"
              render={({ field }) => <TtlField label="Default TTL" value={field.value} onChange={field.onChange} error={errors.ttl?.message} />}
            />
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Adding…' : 'Add zone'}
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
