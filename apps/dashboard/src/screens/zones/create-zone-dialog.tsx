import { zodResolver } from '@hookform/resolvers/zod';
import { zoneRegions } from '@kaja/catalog';
import {
  Alert,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
  Input,
  Label,
  RadioGroup,
  RadioGroupItem,
  Select,
} from '@kaja/ui';
import { useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { api, call, inForm } from '../../api/client';
import { useCurrentSubscription } from '../../api/subscription';
import { CopyButton } from '../../components/copy-button';
import { TtlField } from '../../components/ttl-field';
import { Field } from '../../forms/field';
import { showServerErrors } from '../../forms/server-errors';
import { useSignedInSession } from '../../shell/use-session-context';
import { maxPrimaries, primaryRow, primaryRows } from '../zone/secondary-data';
import { type Zone, useZoneCount, zonesKey } from './zones-data';
import { countOf } from '../../format/plural';

const regionText = { EU_GLOBAL: 'EU and Global networks', EU: 'EU network only', GLOBAL: 'Global network only' } as const;

const schema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('primary'),
    name: z.string().trim().min(1, 'Enter the domain name, e.g. example.com'),
    region: z.enum(zoneRegions),
    ttl: z.number({ error: 'Enter the TTL in seconds' }).int(),
    // Left as typed while the type is primary: not sent, so not checked.
    primaries: z.array(z.object({ address: z.string(), port: z.coerce.number<string | number>() })),
  }),
  z.object({
    type: z.literal('secondary'),
    name: z.string().trim().min(1, 'Enter the domain name, e.g. example.com'),
    region: z.enum(zoneRegions),
    ttl: z.number({ error: 'Enter the TTL in seconds' }).int(),
    primaries: primaryRows(primaryRow),
  }),
]);

const zoneTypes = [
  { value: 'primary', label: 'Primary', hint: 'You edit the records here.' },
  { value: 'secondary', label: 'Secondary', hint: 'We copy the zone from your own primary servers (AXFR/IXFR, NOTIFY); records are read-only here.' },
] as const;

/** How many zones the plan allows and how many are used. */
function PlanUsage() {
  const subscription = useCurrentSubscription();
  const count = useZoneCount();
  if (!subscription.data || count.data === undefined) return null;
  const limit = subscription.data.plan.limits.zones;
  return (
    <p className="text-sm text-muted-foreground">
      {subscription.data.plan.name} plan: {count.data} of {limit === null ? 'unlimited zones' : countOf(limit, 'zone')} used.
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
        <Link to={`/zones/${zone.id}`}>{zone.type === 'secondary' ? `Open ${zone.name}` : `Add records to ${zone.name}`}</Link>
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
  const typeId = useId();
  const defaults = {
    type: 'primary' as 'primary' | 'secondary',
    name: '',
    region: session.customer.default_region,
    ttl: 3600,
    primaries: [{ address: '', port: 53 }],
  };
  const form = useForm({ resolver: zodResolver(schema), defaultValues: defaults });
  const { errors, isSubmitting } = form.formState;
  const rows = useFieldArray({ control: form.control, name: 'primaries' });
  const secondary = form.watch('type') === 'secondary';

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { type, primaries, ...zone } = values;
      const body = type === 'secondary' ? { ...zone, type, primaries } : zone;
      const { data } = await call(api.POST('/v1/zones', { body, ...inForm }));
      await queryClient.invalidateQueries({ queryKey: zonesKey });
      setCreated(data);
    } catch (error) {
      setFailure(showServerErrors(error, form.setError, ['name', 'region', 'ttl', 'primaries']));
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
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Type</legend>
              <Controller
                control={form.control}
                name="type"
                render={({ field }) => (
                  <RadioGroup value={field.value} onValueChange={field.onChange}>
                    {zoneTypes.map((choice) => (
                      <div key={choice.value} className="flex items-start gap-2">
                        <RadioGroupItem value={choice.value} id={`${typeId}-${choice.value}`} />
                        <Label htmlFor={`${typeId}-${choice.value}`} className="grid gap-0.5 font-normal">
                          <span className="font-medium">{choice.label}</span>
                          <span className="text-muted-foreground">{choice.hint}</span>
                        </Label>
                      </div>
                    ))}
                  </RadioGroup>
                )}
              />
            </fieldset>
            {secondary && (
              <fieldset className="grid gap-3">
                <legend className="mb-1 text-sm font-medium">Primaries</legend>
                <p className="text-sm text-muted-foreground">
                  Tried in order. A TSIG key to sign the transfers is chosen on the zone's page once the zone has one.
                </p>
                {errors.primaries?.root?.message && <p className="text-sm text-destructive">{errors.primaries.root.message}</p>}
                {errors.primaries?.message && <p className="text-sm text-destructive">{errors.primaries.message}</p>}
                {rows.fields.map((row, index) => (
                  <div key={row.id} className="grid grid-cols-[1fr_6rem_auto] items-start gap-2">
                    <Field label={`Primary ${index + 1} address`} error={errors.primaries?.[index]?.address?.message}>
                      <Input placeholder="198.51.100.53" autoComplete="off" spellCheck={false} {...form.register(`primaries.${index}.address`)} />
                    </Field>
                    <Field label="Port" error={errors.primaries?.[index]?.port?.message}>
                      <Input type="number" inputMode="numeric" {...form.register(`primaries.${index}.port`)} />
                    </Field>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="mt-6"
                      aria-label={`Remove primary ${index + 1}`}
                      disabled={rows.fields.length === 1}
                      onClick={() => rows.remove(index)}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  </div>
                ))}
                <Button type="button" variant="outline" disabled={rows.fields.length >= maxPrimaries} onClick={() => rows.append({ address: '', port: 53 })}>
                  <Plus aria-hidden />
                  Add a primary
                </Button>
              </fieldset>
            )}
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
