import { Button, Dialog, DialogContent, DialogDescription, DialogTitle, EmptyState, PagedTable, TableCell, TableHead, TableRow } from '@kaja/ui';
import { Plus, Webhook } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../format/date-time';
import { CreateEndpointForm } from './create-endpoint-form';
import { EndpointState, eventsText } from './endpoint-state';
import { SecretDialog } from './secret-dialog';
import { type WebhookEndpointWithSecret, useWebhookEndpoints } from './webhooks-data';

const pageSize = 20;

/** /webhooks: the account's webhook endpoints; add one (its secret shown once) and open one for its delivery log. */
export default function WebhooksScreen() {
  const [offset, setOffset] = useState(0);
  const endpoints = useWebhookEndpoints({ limit: pageSize, offset });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<WebhookEndpointWithSecret | null>(null);

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Webhooks</h1>
          <p className="text-muted-foreground">Addresses of yours that are sent your account’s events, signed, as they happen.</p>
        </div>
        <Dialog open={creating} onOpenChange={setCreating}>
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden />
            Add endpoint
          </Button>
          <DialogContent className="max-w-3xl">
            <DialogTitle>Add a webhook endpoint</DialogTitle>
            <DialogDescription>Each event is sent as an HTTP POST, signed with the endpoint’s secret (Standard Webhooks).</DialogDescription>
            <CreateEndpointForm
              onCreated={(endpoint) => {
                setCreating(false);
                setCreated(endpoint);
              }}
            />
          </DialogContent>
        </Dialog>
      </div>

      <PagedTable
        query={endpoints}
        what="your webhook endpoints"
        empty={
          <EmptyState icon={Webhook} title="No webhook endpoints yet">
            Add one to be told of record changes, DNSSEC, delegations, invoices and more.
          </EmptyState>
        }
        label="Webhook endpoints"
        pagerLabel="Webhook endpoint pages"
        limit={pageSize}
        onPageChange={setOffset}
        header={
          <TableRow>
            <TableHead>Endpoint</TableHead>
            <TableHead className="hidden md:table-cell">Events</TableHead>
            <TableHead>State</TableHead>
            <TableHead className="hidden lg:table-cell">Added</TableHead>
          </TableRow>
        }
        row={(endpoint) => (
          <TableRow key={endpoint.id}>
            <TableCell className="max-w-96">
              <Link to={`/webhooks/${endpoint.id}`} className="break-all font-medium underline-offset-4 hover:underline">
                {endpoint.url}
              </Link>
              {endpoint.description && <span className="block text-xs text-muted-foreground">{endpoint.description}</span>}
              <span className="block text-xs text-muted-foreground md:hidden">{eventsText(endpoint)}</span>
            </TableCell>
            <TableCell className="hidden max-w-80 font-mono text-xs md:table-cell">{eventsText(endpoint)}</TableCell>
            <TableCell>
              <EndpointState endpoint={endpoint} />
            </TableCell>
            <TableCell className="hidden whitespace-nowrap lg:table-cell">{formatDate(endpoint.created_at)}</TableCell>
          </TableRow>
        )}
      />

      <SecretDialog endpoint={created} title="Webhook endpoint added" onClose={() => setCreated(null)} />
    </div>
  );
}
