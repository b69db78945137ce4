import { zodResolver } from '@hookform/resolvers/zod';
import { apiScopes } from '@kaja/catalog';
import { Alert, Button, Checkbox, Input, Select, Textarea } from '@kaja/ui';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Field } from '../../forms/field';
import { showServerErrors } from '../../forms/server-errors';
import { useZones } from '../zones/zones-data';
import { type ApiKeyWithSecret, type NewApiKey, useCreateApiKey } from './api-keys-data';

const day = 24 * 3600;
/** Durations offered for the maximum age and the maximum unused time, in seconds ('' = no limit). */
const durations = [
  ['', 'No limit'],
  [String(day), '1 day'],
  [String(7 * day), '7 days'],
  [String(30 * day), '30 days'],
  [String(90 * day), '90 days'],
  [String(365 * day), '1 year'],
] as const;

const scopeHelp: Record<string, string> = {
  'customers:read': 'See the account, its users, keys and audit log',
  'customers:write': 'Change the account, users, invitations and keys',
  'zones:read': 'List and read zones',
  'zones:write': 'Create, change and delete zones',
  'records:read': 'Read records',
  'records:write': 'Add, change and delete records',
  'dnssec:write': 'Turn DNSSEC on or off and manage its keys',
  'webhooks:read': 'List webhook endpoints and their delivery logs',
  'webhooks:write': 'Add, change and delete webhook endpoints, send test events',
};

const schema = z.object({
  name: z.string().trim().min(1, 'Give the key a name').max(100, 'At most 100 characters'),
  scopes: z.array(z.string()).min(1, 'Choose at least one scope'),
  expires_on: z.string().refine((value) => value === '' || new Date(`${value}T00:00`).getTime() > Date.now(), 'Choose a day in the future'),
  restrictions: z.object({
    allowed_zones: z.array(z.string()),
    record_policies: z.array(
      z.object({
        zone: z.string(),
        name: z.string().trim().min(1, 'Enter @, *, *.name or a name'),
        type: z.string().trim().min(1, 'Enter a type or *'),
        allow: z.enum(['allow', 'deny']),
      }),
    ),
    allowed_cidrs: z.string(),
    max_age_seconds: z.string(),
    max_unused_seconds: z.string(),
  }),
});
type Values = z.infer<typeof schema>;

const defaults: Values = {
  name: '',
  scopes: [],
  expires_on: '',
  restrictions: { allowed_zones: [], record_policies: [], allowed_cidrs: '', max_age_seconds: '', max_unused_seconds: '' },
};

/** The form's values as the API takes them: an empty restriction is no restriction. */
function toRequest(values: Values): NewApiKey {
  const { restrictions } = values;
  const cidrs = restrictions.allowed_cidrs.split(/[\s,]+/).filter(Boolean);
  const seconds = (value: string) => (value === '' ? null : Number(value));
  return {
    name: values.name,
    scopes: values.scopes,
    expires_at: values.expires_on ? new Date(`${values.expires_on}T00:00`).toISOString() : null,
    restrictions: {
      allowed_zones: restrictions.allowed_zones.length > 0 ? restrictions.allowed_zones : null,
      record_policies:
        restrictions.record_policies.length > 0
          ? restrictions.record_policies.map((policy) => ({ zone: policy.zone || null, name: policy.name, type: policy.type, allow: policy.allow === 'allow' }))
          : null,
      allowed_cidrs: cidrs.length > 0 ? cidrs : null,
      max_age_seconds: seconds(restrictions.max_age_seconds),
      max_unused_seconds: seconds(restrictions.max_unused_seconds),
    },
  };
}

function Fieldset({ legend, hint, children }: { legend: string; hint?: string; children: React.ReactNode }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium">{legend}</legend>
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      {children}
    </fieldset>
  );
}

/** The new key's name, scopes and every restriction the API checks on each call. */
export function CreateApiKeyForm({ userId, onCreated }: { userId: string; onCreated: (key: ApiKeyWithSecret) => void }) {
  const create = useCreateApiKey(userId);
  const zones = useZones({ name: '', limit: 100, offset: 0 });
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: defaults });
  const policies = useFieldArray({ control: form.control, name: 'restrictions.record_policies' });
  const { errors, isSubmitting } = form.formState;
  const policyFields = policies.fields.flatMap(
    (_, index) =>
      [`restrictions.record_policies.${index}.name`, `restrictions.record_policies.${index}.type`, `restrictions.record_policies.${index}.zone`] as const,
  );

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      onCreated(await create.mutateAsync(toRequest(values)));
    } catch (error) {
      setFailure(
        showServerErrors(error, form.setError, ['name', 'scopes', 'expires_on', 'restrictions.allowed_zones', 'restrictions.allowed_cidrs', ...policyFields]),
      );
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-5">
      {failure && <Alert variant="destructive">{failure}</Alert>}
      <Field label="Name" error={errors.name?.message} hint="What uses this key, e.g. “certbot on web-1”">
        <Input autoComplete="off" {...form.register('name')} />
      </Field>

      <Fieldset legend="Scopes" hint="Give the key only what it needs.">
        <div className="grid gap-2 sm:grid-cols-2">
          {apiScopes.map((scope) => (
            <label key={scope} className="flex items-start gap-2 text-sm">
              <Checkbox value={scope} className="mt-0.5" {...form.register('scopes')} />
              <span>
                <span className="font-mono">{scope}</span>
                <span className="block text-xs text-muted-foreground">{scopeHelp[scope]}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.scopes && <p className="text-sm text-destructive">{errors.scopes.message}</p>}
      </Fieldset>

      <Fieldset legend="Zones" hint="None chosen: every zone, also those created later.">
        {zones.isPending && (
          <p role="status" className="text-sm text-muted-foreground">
            Loading your zones…
          </p>
        )}
        {zones.isError && (
          <p role="alert" className="text-sm text-destructive">
            Could not load your zones.
          </p>
        )}
        {zones.data && zones.data.data.length === 0 && <p className="text-sm text-muted-foreground">You have no zones yet.</p>}
        {zones.data && zones.data.data.length > 0 && (
          <div className="grid max-h-40 gap-2 overflow-y-auto rounded-md border border-border p-2 sm:grid-cols-2">
            {zones.data.data.map((zone) => (
              <label key={zone.id} className="flex items-center gap-2 text-sm">
                <Checkbox value={zone.name} {...form.register('restrictions.allowed_zones')} />
                <span className="break-all font-mono">{zone.name}</span>
              </label>
            ))}
          </div>
        )}
        {zones.data && zones.data.meta.total > zones.data.data.length && (
          <p className="text-xs text-muted-foreground">
            The first {zones.data.data.length} of your {zones.data.meta.total} zones are offered here.
          </p>
        )}
        {errors.restrictions?.allowed_zones && <p className="text-sm text-destructive">{errors.restrictions.allowed_zones.message}</p>}
      </Fieldset>

      <Fieldset legend="Record policies" hint="Which records the key may change. The most specific rule wins; with rules, a record no rule matches is refused.">
        {policies.fields.map((policy, index) => {
          const policyErrors = errors.restrictions?.record_policies?.[index];
          return (
            <div key={policy.id} className="grid gap-2 rounded-md border border-border p-3 sm:grid-cols-[1fr_1fr_6rem_7rem_auto] sm:items-end">
              <Field label="Zone" error={policyErrors?.zone?.message}>
                <Select {...form.register(`restrictions.record_policies.${index}.zone`)}>
                  <option value="">Every allowed zone</option>
                  {zones.data?.data.map((zone) => (
                    <option key={zone.id} value={zone.name}>
                      {zone.name}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label="Name" error={policyErrors?.name?.message}>
                <Input placeholder="_acme-challenge" {...form.register(`restrictions.record_policies.${index}.name`)} />
              </Field>
              <Field label="Type" error={policyErrors?.type?.message}>
                <Input placeholder="TXT" {...form.register(`restrictions.record_policies.${index}.type`)} />
              </Field>
              <Field label="Rule">
                <Select {...form.register(`restrictions.record_policies.${index}.allow`)}>
                  <option value="allow">Allow</option>
                  <option value="deny">Deny</option>
                </Select>
              </Field>
              <Button type="button" variant="ghost" size="icon" onClick={() => policies.remove(index)} aria-label={`Remove record policy ${index + 1}`}>
                <Trash2 aria-hidden />
              </Button>
            </div>
          );
        })}
        <div>
          <Button type="button" variant="outline" size="sm" onClick={() => policies.append({ zone: '', name: '', type: '*', allow: 'allow' })}>
            <Plus aria-hidden />
            Add a record policy
          </Button>
        </div>
      </Fieldset>

      <Field
        label="IP ranges"
        error={errors.restrictions?.allowed_cidrs?.message}
        hint="Addresses or ranges (CIDR) the key may be used from, one per line. Empty: anywhere."
      >
        <Textarea rows={2} placeholder={'192.0.2.0/24\n2001:db8::/32'} className="font-mono" {...form.register('restrictions.allowed_cidrs')} />
      </Field>

      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Expires on" error={errors.expires_on?.message} hint="Stops working at the start of this day.">
          <Input type="date" {...form.register('expires_on')} />
        </Field>
        <Field label="Maximum age" hint="Stops working this long after creation.">
          <Select {...form.register('restrictions.max_age_seconds')}>
            {durations.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Maximum unused time" hint="Stops working when unused this long.">
          <Select {...form.register('restrictions.max_unused_seconds')}>
            {durations.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </Field>
      </div>

      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Creating the key…' : 'Create key'}
      </Button>
    </form>
  );
}
