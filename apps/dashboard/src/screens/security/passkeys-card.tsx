import { Alert, Button, ConfirmButton, Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger, Input } from '@kaja/ui';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Field } from '../../forms/field';
import { formatDateTime } from '../../format/date-time';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from './security-data';

type Passkey = NonNullable<ReturnType<typeof usePasskeys>['data']>[number];

function RenameDialog({ passkey }: { passkey: Passkey }) {
  const rename = useRenamePasskey();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(passkey.name);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Rename ${passkey.name}`}>
          Rename
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Rename the passkey</DialogTitle>
        <DialogDescription>A name that tells you which device or password manager holds it.</DialogDescription>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            rename.mutate({ id: passkey.id, name }, { onSuccess: () => setOpen(false) });
          }}
        >
          <Field label="Passkey name" error={rename.error?.message}>
            <Input value={name} onChange={(event) => setName(event.target.value)} />
          </Field>
          <Button type="submit" className="justify-self-end" disabled={rename.isPending}>
            Save name
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function RemoveButton({ passkey }: { passkey: Passkey }) {
  const remove = useRemovePasskey();
  return (
    <>
      <ConfirmButton
        title={`Remove “${passkey.name}”?`}
        description="It no longer signs you in. Remove it from the device or password manager too."
        confirm="Remove passkey"
        action={() => remove.mutateAsync(passkey.id)}
        aria-label={`Remove ${passkey.name}`}
      >
        {() => 'Remove'}
      </ConfirmButton>
      {remove.isError && <Alert variant="destructive">{remove.error.message}</Alert>}
    </>
  );
}

/** The person's passkeys: add one (named), rename or remove each. */
export function PasskeysCard({ onRecoveryCodes }: { onRecoveryCodes: (codes: string[]) => void }) {
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const [name, setName] = useState('');
  return (
    <div className="grid gap-4">
      {passkeys.data && passkeys.data.length > 0 ? (
        <ul aria-label="Passkeys" className="grid gap-2">
          {passkeys.data.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center gap-3 rounded-md border border-border p-3">
              <KeyRound aria-hidden className="size-4" />
              <div className="min-w-0 flex-1">
                <p className="font-medium">{passkey.name}</p>
                <p className="text-xs text-muted-foreground">
                  Added {formatDateTime(passkey.created_at)} · {passkey.last_used_at ? `last used ${formatDateTime(passkey.last_used_at)}` : 'not used yet'}
                </p>
              </div>
              <RenameDialog passkey={passkey} />
              <RemoveButton passkey={passkey} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No passkeys yet.</p>
      )}
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void add.mutateAsync(name || 'Passkey').then(
            (data) => {
              setName('');
              if (data.recovery_codes) onRecoveryCodes(data.recovery_codes);
            },
            () => undefined,
          );
        }}
      >
        <Field label="Name of the new passkey" hint="For example: Work laptop">
          <Input value={name} onChange={(event) => setName(event.target.value)} className="max-w-60" />
        </Field>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Waiting for your device…' : 'Add a passkey'}
        </Button>
      </form>
      {add.isError && <Alert variant="destructive">{add.error.message}</Alert>}
    </div>
  );
}
