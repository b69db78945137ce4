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
} from '@kaja/ui';
import { useState } from 'react';
import { StatusLine } from '../zone-tools/status-line';
import type { Zone } from '../zones/zones-data';
import { CreateKeyDialog } from './create-key-dialog';
import { EditKeyDialog } from './edit-key-dialog';
import { KeySnippets } from './key-snippets';
import { type TsigKey, useDeleteTsigKey, useTsigKeys } from './tsig-data';

const policyText = (key: TsigKey) =>
  key.record_policies === null
    ? 'Every record'
    : key.record_policies.map((policy) => `${policy.allow ? 'allow' : 'refuse'} ${policy.name} ${policy.type}`).join(', ');

function KeyItem({ zone, tsigKey }: { zone: Zone; tsigKey: TsigKey }) {
  const [showing, setShowing] = useState<'snippets' | 'edit' | 'delete' | null>(null);
  const remove = useDeleteTsigKey(zone.id);
  return (
    <li className="grid min-w-0 gap-2 rounded-md border border-border p-3">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="break-all font-mono text-sm font-medium">{tsigKey.name}</h3>
        <Badge variant="outline">{tsigKey.algorithm}</Badge>
        {tsigKey.can_update && <Badge variant="secondary">Updates</Badge>}
        {tsigKey.can_transfer && <Badge variant="secondary">Transfers</Badge>}
      </div>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Records</dt>
        <dd className="min-w-0 break-words">{policyText(tsigKey)}</dd>
        <dt className="text-muted-foreground">Last used</dt>
        <dd>{tsigKey.last_used_at ? new Date(tsigKey.last_used_at).toLocaleString() : 'Never'}</dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={() => setShowing('snippets')} aria-label={`Configuration snippets for ${tsigKey.name}`}>
          Snippets
        </Button>
        <Button size="sm" variant="outline" onClick={() => setShowing('edit')} aria-label={`Edit ${tsigKey.name}`}>
          Edit
        </Button>
        <Button size="sm" variant="outline" onClick={() => setShowing('delete')} aria-label={`Delete ${tsigKey.name}`}>
          Delete
        </Button>
      </div>
      <Dialog open={showing === 'snippets'} onOpenChange={(open) => setShowing(open ? 'snippets' : null)}>
        <DialogContent className="max-w-2xl">
          <DialogTitle>Snippets for {tsigKey.name}</DialogTitle>
          <DialogDescription>Filled in for {zone.name} and this key.</DialogDescription>
          <KeySnippets zone={zone} tsigKey={tsigKey} secret={null} />
        </DialogContent>
      </Dialog>
      <EditKeyDialog zoneId={zone.id} tsigKey={tsigKey} open={showing === 'edit'} onOpenChange={(open) => setShowing(open ? 'edit' : null)} />
      <Dialog open={showing === 'delete'} onOpenChange={(open) => setShowing(open ? 'delete' : null)}>
        <DialogContent>
          <DialogTitle>Delete {tsigKey.name}?</DialogTitle>
          <DialogDescription>It stops working at once: updates and transfers signed with it are refused.</DialogDescription>
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Keep it</Button>
            </DialogClose>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() =>
                void remove.mutateAsync(tsigKey.id).then(
                  () => setShowing(null),
                  () => setShowing(null),
                )
              }
            >
              Delete key
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </li>
  );
}

/** The zone's TSIG keys: what each may do, when it was last used, its snippets; create and delete. */
export function TsigKeysCard({ zone }: { zone: Zone }) {
  const keys = useTsigKeys(zone.id);
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>TSIG keys</h2>
        </CardTitle>
        <CardDescription>
          Shared secrets that sign dynamic updates (RFC 2136) and zone transfers. Give each tool its own key with the narrowest policy that works.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 [&>*]:min-w-0">
        {keys.isPending && <StatusLine>Loading the TSIG keys…</StatusLine>}
        {keys.isError && <StatusLine error>{keys.error.message}</StatusLine>}
        {keys.data?.length === 0 && <StatusLine>No TSIG keys yet.</StatusLine>}
        {keys.data && keys.data.length > 0 && (
          <ul aria-label="TSIG keys" className="grid gap-3">
            {keys.data.map((key) => (
              <KeyItem key={key.id} zone={zone} tsigKey={key} />
            ))}
          </ul>
        )}
        <div>
          <CreateKeyDialog zone={zone} />
        </div>
      </CardContent>
    </Card>
  );
}
