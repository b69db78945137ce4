import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, CopyButton, Dialog, DialogContent, DialogDescription, DialogTitle, Input, Select } from '@kaja/ui';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Field } from '../../forms/field';
import { showServerErrors } from '../../forms/server-errors';
import type { Zone } from '../zone-tools/zone-data';
import { KeySnippets } from './key-snippets';
import { type TsigKey, tsigAlgorithms, useCreateTsigKey } from './tsig-data';

const schema = z
  .object({
    name: z.string().trim().max(255),
    algorithm: z.enum(tsigAlgorithms as [TsigKey['algorithm'], ...TsigKey['algorithm'][]]),
    can_update: z.boolean(),
    can_transfer: z.boolean(),
    record_policies: z.array(z.object({ name: z.string().trim().min(1, 'Enter a name, @ or *').max(255), type: z.string().trim().min(1, 'Enter a type or *').max(16), allow: z.enum(['allow', 'refuse']) })).max(100),
  })
  .refine((values) => values.can_update || values.can_transfer, { message: 'The key must be allowed to update or to transfer', path: ['can_update'] });

type Values = z.infer<typeof schema>;
const acmePolicy = { name: '_acme-challenge', type: 'TXT', allow: 'allow' as const };

/** Creating a TSIG key: name, algorithm, what it may do and which records; then its secret, once, with the snippets. */
export function CreateKeyDialog({ zone }: { zone: Zone }) {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<(TsigKey & { secret: string }) | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateTsigKey(zone.id);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', algorithm: 'hmac-sha256', can_update: true, can_transfer: false, record_policies: [] },
  });
  const policies = useFieldArray({ control: form.control, name: 'record_policies' });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      setCreated(
        await create.mutateAsync({
          ...(values.name ? { name: values.name } : {}),
          algorithm: values.algorithm,
          can_update: values.can_update,
          can_transfer: values.can_transfer,
          record_policies: values.record_policies.length === 0 ? null : values.record_policies.map((policy) => ({ ...policy, allow: policy.allow === 'allow' })),
        }),
      );
    } catch (error) {
      setFailure(showServerErrors(error, form.setError, ['name', 'algorithm', 'record_policies']));
    }
  });

  const close = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setCreated(null);
      setFailure(null);
      form.reset();
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <Button onClick={() => setOpen(true)}>Create a TSIG key</Button>
      <DialogContent className="max-w-2xl">
        {created ? (
          <>
            <DialogTitle>TSIG key {created.name} created</DialogTitle>
            <DialogDescription>Copy the secret now: it is shown only this once. Anyone with it can change what the key allows.</DialogDescription>
            <div className="grid gap-2">
              <p className="text-sm font-medium">Secret ({created.algorithm})</p>
              <div className="flex flex-wrap items-center gap-2">
                <code data-testid="tsig-secret" className="min-w-0 break-all rounded-md bg-muted px-2 py-1 text-sm">
                  {created.secret}
                </code>
                <CopyButton text={created.secret} label="Copy the secret" />
              </div>
            </div>
            <KeySnippets zone={zone} tsigKey={created} secret={created.secret} />
            <div className="flex justify-end">
              <Button onClick={() => close(false)}>I have saved the secret</Button>
            </div>
          </>
        ) : (
          <>
            <DialogTitle>Create a TSIG key</DialogTitle>
            <DialogDescription>A shared secret for dynamic updates (nsupdate, certbot, lego, routers) or zone transfers to your own secondary.</DialogDescription>
            <form onSubmit={submit} noValidate className="grid gap-4">
              {failure && <Alert variant="destructive">{failure}</Alert>}
              <Field label="Key name" error={errors.name?.message} hint={`A domain name, unique on Kaja DNS; left empty, a random name below ${zone.name}.`}>
                <Input placeholder={`acme-web1.${zone.name}`} {...form.register('name')} />
              </Field>
              <Field label="Algorithm">
                <Select {...form.register('algorithm')}>
                  {tsigAlgorithms.map((algorithm) => (
                    <option key={algorithm}>{algorithm}</option>
                  ))}
                </Select>
              </Field>
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm font-medium">The key may</legend>
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" className="size-4" {...form.register('can_update')} />
                  Change records (dynamic updates)
                </label>
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" className="size-4" {...form.register('can_transfer')} />
                  Transfer the zone (for a secondary)
                </label>
                {errors.can_update && <p className="text-sm text-destructive">{errors.can_update.message}</p>}
              </fieldset>
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm font-medium">Record policies</legend>
                <p className="text-xs text-muted-foreground">
                  Which records updates may change: a name relative to the zone (@ for the apex, * for any, *.shop below shop) and a type (or *). The most specific match
                  decides; no match refuses. Without policies the key may change every record.
                </p>
                {policies.fields.map((policy, index) => (
                  <div key={policy.id} className="grid grid-cols-[1fr_6rem] gap-2 sm:grid-cols-[1fr_6rem_7rem_auto] sm:items-end">
                    <Field label={`Policy ${index + 1} name`} error={errors.record_policies?.[index]?.name?.message}>
                      <Input {...form.register(`record_policies.${index}.name`)} />
                    </Field>
                    <Field label="Type" error={errors.record_policies?.[index]?.type?.message}>
                      <Input {...form.register(`record_policies.${index}.type`)} />
                    </Field>
                    <Field label="Effect">
                      <Select {...form.register(`record_policies.${index}.allow`)}>
                        <option value="allow">Allow</option>
                        <option value="refuse">Refuse</option>
                      </Select>
                    </Field>
                    <Button type="button" variant="ghost" size="icon" aria-label={`Remove policy ${index + 1}`} onClick={() => policies.remove(index)}>
                      <Trash2 aria-hidden />
                    </Button>
                  </div>
                ))}
                <div className="flex flex-wrap gap-2">
                  <Button type="button" variant="outline" size="sm" onClick={() => policies.append({ name: '', type: '', allow: 'allow' })}>
                    <Plus aria-hidden />
                    Add a policy
                  </Button>
                  <Button type="button" variant="outline" size="sm" onClick={() => policies.append(acmePolicy)}>
                    <Plus aria-hidden />
                    ACME challenge only (_acme-challenge TXT)
                  </Button>
                </div>
              </fieldset>
              <div className="flex justify-end">
                <Button type="submit" disabled={create.isPending}>
                  {create.isPending ? 'Creating…' : 'Create key'}
                </Button>
              </div>
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
