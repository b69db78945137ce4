import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Dialog, DialogContent, DialogDescription, DialogTitle } from '@kaja/ui';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { showServerErrors } from '../../forms/server-errors';
import { PermissionFields, eitherPermission, mustDoSomething, permissionsSchema, policiesForApi, policiesForForm } from './policy-fields';
import { type TsigKey, useUpdateTsigKey } from './tsig-data';

const schema = permissionsSchema.refine(eitherPermission, mustDoSomething);

/** Changing what a key may do and which records it may change; the secret stays. */
export function EditKeyDialog({
  zoneId,
  tsigKey,
  open,
  onOpenChange,
}: {
  zoneId: string;
  tsigKey: TsigKey;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useUpdateTsigKey(zoneId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(schema),
    values: { can_update: tsigKey.can_update, can_transfer: tsigKey.can_transfer, record_policies: policiesForForm(tsigKey.record_policies) },
  });
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await update.mutateAsync({
        keyId: tsigKey.id,
        can_update: values.can_update,
        can_transfer: values.can_transfer,
        record_policies: policiesForApi(values.record_policies),
      });
      onOpenChange(false);
    } catch (error) {
      setFailure(showServerErrors(error, form.setError, ['can_update', 'can_transfer', 'record_policies']));
    }
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogTitle>Edit {tsigKey.name}</DialogTitle>
        <DialogDescription>Takes effect at once for the next update or transfer. The secret stays the same.</DialogDescription>
        <FormProvider {...form}>
          <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
            {failure && <Alert variant="destructive">{failure}</Alert>}
            <PermissionFields />
            <div className="flex justify-end">
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? 'Saving…' : 'Save'}
              </Button>
            </div>
          </form>
        </FormProvider>
      </DialogContent>
    </Dialog>
  );
}
