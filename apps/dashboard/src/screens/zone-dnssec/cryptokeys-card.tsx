import { zodResolver } from '@hookform/resolvers/zod';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@kaja/ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../api/errors';
import { Field } from '../../forms/field';
import { StatusLine } from '../zone-tools/status-line';
import { algorithms, type Cryptokey, useCreateCryptokey, useCryptokeys, useDeleteCryptokey, useSetCryptokeyActive } from './dnssec-data';

const keySchema = z.object({ keytype: z.enum(['ksk', 'zsk']), algorithm: z.enum(algorithms), active: z.boolean() });

function AddKeyDialog({ zoneId, algorithm }: { zoneId: string; algorithm: string | null }) {
  const [open, setOpen] = useState(false);
  const create = useCreateCryptokey(zoneId);
  const form = useForm({
    resolver: zodResolver(keySchema),
    defaultValues: {
      keytype: 'zsk' as const,
      algorithm: algorithms.find((name) => name === algorithm) ?? 'ECDSAP256SHA256',
      active: false,
    },
  });
  const submit = form.handleSubmit((values) =>
    create.mutateAsync(values).then(
      () => {
        setOpen(false);
        form.reset();
      },
      () => undefined,
    ),
  );
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Add a key
      </Button>
      <DialogContent>
        <DialogTitle>Add a key</DialogTitle>
        <DialogDescription>
          For a rollover: add the new key inactive, wait for the DNSKEY TTL so resolvers know it, then activate it and deactivate the old one. A new KSK also
          needs its DS at the registrar.
        </DialogDescription>
        <form onSubmit={(event) => void submit(event)} className="grid gap-4">
          <Field label="Key type">
            <Select {...form.register('keytype')}>
              <option value="zsk">ZSK (signs the records)</option>
              <option value="ksk">KSK (signs the keys; its DS goes to the registrar)</option>
            </Select>
          </Field>
          <Field label="Algorithm">
            <Select {...form.register('algorithm')}>
              {algorithms.map((name) => (
                <option key={name}>{name}</option>
              ))}
            </Select>
          </Field>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4" {...form.register('active')} />
            Active at once (it signs immediately)
          </label>
          <div className="flex justify-end">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Generating…' : 'Generate key'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

type ForcedChange = { key: Cryptokey; change: 'deactivate' | 'delete'; warning: string };

/** The zone's keys: type, algorithm, tag and whether they sign, with activate, deactivate, add and delete. */
export function CryptokeysCard({ zoneId, algorithm }: { zoneId: string; algorithm: string | null }) {
  const keys = useCryptokeys(zoneId, true);
  const setActive = useSetCryptokeyActive(zoneId);
  const remove = useDeleteCryptokey(zoneId);
  const [forced, setForced] = useState<ForcedChange | null>(null);
  const [deleting, setDeleting] = useState<Cryptokey | null>(null);

  // A change the API says may break validation comes back as a 409 with the warning: ask, then force it.
  const attempt = async (key: Cryptokey, change: ForcedChange['change'], force: boolean) => {
    try {
      if (change === 'delete') await remove.mutateAsync({ keyId: key.id, force });
      else await setActive.mutateAsync({ keyId: key.id, active: false, force });
      setForced(null);
      setDeleting(null);
    } catch (error) {
      const warning = error instanceof ApiError ? error.fields.force : undefined;
      setDeleting(null);
      if (warning && !force) setForced({ key, change, warning });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Keys</h2>
        </CardTitle>
        <CardDescription>All keys are published in the DNSKEY set; the active ones sign.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 [&>*]:min-w-0">
        {keys.isPending && <StatusLine>Loading the keys…</StatusLine>}
        {keys.isError && <StatusLine error>{keys.error.message}</StatusLine>}
        {keys.data && keys.data.length === 0 && <StatusLine>The zone has no keys.</StatusLine>}
        {keys.data && keys.data.length > 0 && (
          <Table aria-label="Keys">
            <TableHeader>
              <TableRow>
                <TableHead>Type</TableHead>
                <TableHead>Algorithm</TableHead>
                <TableHead>Key tag</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {keys.data.map((key) => (
                <TableRow key={key.id}>
                  <TableCell>{key.keytype.toUpperCase()}</TableCell>
                  <TableCell>{key.algorithm}</TableCell>
                  <TableCell>{key.key_tag}</TableCell>
                  <TableCell>{key.active ? <Badge>Active</Badge> : <Badge variant="secondary">Inactive</Badge>}</TableCell>
                  <TableCell>
                    <div className="flex flex-wrap gap-2">
                      {key.active ? (
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={setActive.isPending}
                          onClick={() => void attempt(key, 'deactivate', false)}
                          aria-label={`Deactivate ${key.keytype.toUpperCase()} ${key.key_tag}`}
                        >
                          Deactivate
                        </Button>
                      ) : (
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={setActive.isPending}
                          onClick={() => setActive.mutate({ keyId: key.id, active: true, force: false })}
                          aria-label={`Activate ${key.keytype.toUpperCase()} ${key.key_tag}`}
                        >
                          Activate
                        </Button>
                      )}
                      <Button size="sm" variant="outline" onClick={() => setDeleting(key)} aria-label={`Delete ${key.keytype.toUpperCase()} ${key.key_tag}`}>
                        Delete
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <div>
          <AddKeyDialog zoneId={zoneId} algorithm={algorithm} />
        </div>
      </CardContent>

      <Dialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <DialogContent>
          <DialogTitle>Delete {deleting ? `${deleting.keytype.toUpperCase()} ${deleting.key_tag}` : 'the key'}?</DialogTitle>
          <DialogDescription>The key leaves the DNSKEY set and is gone for good.</DialogDescription>
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button variant="destructive" disabled={remove.isPending} onClick={() => deleting && void attempt(deleting, 'delete', false)}>
              Delete key
            </Button>
          </div>
        </DialogContent>
      </Dialog>

      <Dialog open={forced !== null} onOpenChange={(open) => !open && setForced(null)}>
        <DialogContent>
          <DialogTitle>This may break validation</DialogTitle>
          <DialogDescription>{forced?.warning}</DialogDescription>
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Keep the key</Button>
            </DialogClose>
            <Button
              variant="destructive"
              disabled={remove.isPending || setActive.isPending}
              onClick={() => forced && void attempt(forced.key, forced.change, true)}
            >
              {forced?.change === 'delete' ? 'Delete anyway' : 'Deactivate anyway'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
