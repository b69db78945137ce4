import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, CopyButton, Dialog, DialogContent, DialogDescription, DialogTitle, Input, Select } from '@kaja/ui';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Field } from '../../forms/field';
import { showServerErrors } from '../../forms/server-errors';
import type { Zone } from '../zones/zones-data';
import { KeySnippets } from './key-snippets';
import { PermissionFields, eitherPermission, mustDoSomething, permissionsSchema, policiesForApi } from './policy-fields';
import { type TsigKey, tsigAlgorithms, useCreateTsigKey } from './tsig-data';

const schema = permissionsSchema
  .extend({ name: z.string().trim().max(255), algorithm: z.enum(tsigAlgorithms as [TsigKey['algorithm'], ...TsigKey['algorithm'][]]) })
  .refine(eitherPermission, mustDoSomething);

type Values = z.infer<typeof schema>;

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
          record_policies: policiesForApi(values.record_policies),
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
                <CopyButton text={created.secret} details="the secret" />
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
            <DialogDescription>
              A shared secret for dynamic updates (nsupdate, certbot, lego, routers) or zone transfers to your own secondary.
            </DialogDescription>
            <FormProvider {...form}>
              <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
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
                <PermissionFields />
                <div className="flex justify-end">
                  <Button type="submit" disabled={create.isPending}>
                    {create.isPending ? 'Creating…' : 'Create key'}
                  </Button>
                </div>
              </form>
            </FormProvider>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
