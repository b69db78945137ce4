import { Alert, Badge, Button, ConfirmButton, PagedTable, TableCell, TableHead, TableRow, toast } from '@kaja/ui';
import { ArrowLeft, Power, RefreshCw, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../format/date-time';
import { StatusLine } from '../zone-tools/status-line';
import { EndpointState, eventsText } from './endpoint-state';
import { SecretDialog } from './secret-dialog';
import {
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  useDeleteWebhookEndpoint,
  useRedeliver,
  useRotateWebhookSecret,
  useSendTestEvent,
  useUpdateWebhookEndpoint,
  useWebhookDeliveries,
  useWebhookEndpoint,
} from './webhooks-data';

const pageSize = 20;

const deliveryStates: Record<WebhookDelivery['status'], string> = { pending: 'Retrying', succeeded: 'Delivered', failed: 'Failed' };

function DeliveryState({ delivery }: { delivery: WebhookDelivery }) {
  const variant = delivery.status === 'succeeded' ? 'default' : delivery.status === 'pending' ? 'secondary' : 'outline';
  const text = delivery.status === 'pending' && delivery.attempt_count === 0 ? 'Queued' : deliveryStates[delivery.status];
  return <Badge variant={variant}>{text}</Badge>;
}

/** The last answer's status code and error. */
function Response({ delivery }: { delivery: WebhookDelivery }) {
  return (
    <span>
      {delivery.last_status_code ?? (delivery.attempt_count > 0 ? 'No answer' : '—')}
      {delivery.last_error && <span className="block max-w-64 break-words text-muted-foreground">{delivery.last_error}</span>}
    </span>
  );
}

/** Every attempt of a delivery: when, what came back, how long it took. */
function Attempts({ delivery }: { delivery: WebhookDelivery }) {
  if (delivery.attempts.length === 0) return <span className="text-xs text-muted-foreground">Not tried yet</span>;
  return (
    <details className="text-xs">
      <summary className="cursor-pointer">
        {delivery.attempts.length} {delivery.attempts.length === 1 ? 'attempt' : 'attempts'}
        <span className="sr-only">
          {' '}
          of {delivery.event_type} at {formatDateTime(delivery.created_at)}
        </span>
      </summary>
      <ol className="mt-2 grid gap-2">
        {delivery.attempts.map((attempt) => (
          <li key={attempt.attempted_at} className="grid gap-0.5">
            <span>
              {formatDateTime(attempt.attempted_at)} · {attempt.status_code ?? 'no answer'} · {attempt.duration_ms} ms
            </span>
            {attempt.error && <span className="text-muted-foreground">{attempt.error}</span>}
            {attempt.response_excerpt && <code className="block max-w-96 truncate font-mono text-muted-foreground">{attempt.response_excerpt}</code>}
          </li>
        ))}
      </ol>
      {delivery.next_attempt_at && <p className="mt-2 text-muted-foreground">Next attempt {formatDateTime(delivery.next_attempt_at)}</p>}
    </details>
  );
}

function Actions({ endpoint, onSecret }: { endpoint: WebhookEndpoint; onSecret: (endpoint: WebhookEndpointWithSecret) => void }) {
  const navigate = useNavigate();
  const test = useSendTestEvent(endpoint.id);
  const update = useUpdateWebhookEndpoint(endpoint.id);
  const rotate = useRotateWebhookSecret(endpoint.id);
  const remove = useDeleteWebhookEndpoint(endpoint.id);
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        variant="outline"
        disabled={test.isPending}
        onClick={() =>
          void test.mutateAsync().then(
            () => toast.success('Test event queued'),
            () => undefined,
          )
        }
      >
        <Send aria-hidden />
        {test.isPending ? 'Sending…' : 'Send test event'}
      </Button>
      {endpoint.enabled ? (
        <ConfirmButton
          title="Disable this endpoint?"
          description="Nothing is sent to it until it is enabled again, and deliveries still being retried end. Events meanwhile are not kept for it."
          confirm="Disable endpoint"
          action={async () => {
            await update.mutateAsync({ enabled: false });
            toast.success('Endpoint disabled');
          }}
        >
          {(pending) => (
            <>
              <Power aria-hidden />
              {pending ? 'Disabling…' : 'Disable'}
            </>
          )}
        </ConfirmButton>
      ) : (
        <Button
          size="sm"
          variant="outline"
          disabled={update.isPending}
          onClick={() =>
            void update.mutateAsync({ enabled: true }).then(
              () => toast.success('Endpoint enabled'),
              () => undefined,
            )
          }
        >
          <Power aria-hidden />
          {update.isPending ? 'Enabling…' : 'Enable'}
        </Button>
      )}
      <ConfirmButton
        title="Replace the signing secret?"
        description="A new secret is made and shown once. The current one stops at once: update your receiver right after."
        confirm="Replace secret"
        action={async () => onSecret(await rotate.mutateAsync())}
      >
        {(pending) => (
          <>
            <RefreshCw aria-hidden className={pending ? 'animate-spin' : undefined} />
            {pending ? 'Replacing…' : 'Replace secret'}
          </>
        )}
      </ConfirmButton>
      <ConfirmButton
        title="Delete this endpoint?"
        description="Nothing more is sent to it, and its delivery log is deleted. This cannot be undone."
        confirm="Delete endpoint"
        action={async () => {
          await remove.mutateAsync();
          toast.success('Endpoint deleted');
          await navigate('/webhooks');
        }}
      >
        {(pending) => (
          <>
            <Trash2 aria-hidden />
            {pending ? 'Deleting…' : 'Delete'}
          </>
        )}
      </ConfirmButton>
    </div>
  );
}

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [offset, setOffset] = useState(0);
  const deliveries = useWebhookDeliveries(endpoint.id, { limit: pageSize, offset });
  const redeliver = useRedeliver(endpoint.id);
  return (
    <section className="grid gap-3" aria-labelledby="delivery-log">
      <h2 id="delivery-log" className="text-lg font-semibold">
        Delivery log
      </h2>
      <PagedTable
        query={deliveries}
        what="the delivery log"
        empty={
          <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">No deliveries in the last 30 days.</p>
        }
        label="Deliveries"
        pagerLabel="Delivery pages"
        limit={pageSize}
        onPageChange={setOffset}
        header={
          <TableRow>
            <TableHead>Event</TableHead>
            <TableHead className="hidden sm:table-cell">State</TableHead>
            <TableHead className="hidden sm:table-cell">Response</TableHead>
            <TableHead className="hidden md:table-cell">Attempts</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        }
        row={(delivery) => (
          <TableRow key={delivery.id}>
            <TableCell>
              <span className="font-mono text-xs">{delivery.event_type}</span>
              <span className="block text-xs text-muted-foreground">{formatDateTime(delivery.created_at)}</span>
              {/* On narrow screens the state and the response follow the event. */}
              <span className="mt-1 flex flex-wrap items-center gap-2 text-xs sm:hidden">
                <DeliveryState delivery={delivery} />
                <Response delivery={delivery} />
              </span>
            </TableCell>
            <TableCell className="hidden sm:table-cell">
              <DeliveryState delivery={delivery} />
            </TableCell>
            <TableCell className="hidden text-xs sm:table-cell">
              <Response delivery={delivery} />
            </TableCell>
            <TableCell className="hidden md:table-cell">
              <Attempts delivery={delivery} />
            </TableCell>
            <TableCell className="text-right">
              <Button
                size="sm"
                variant="outline"
                disabled={!endpoint.enabled || redeliver.isPending}
                onClick={() =>
                  void redeliver.mutateAsync(delivery.id).then(
                    () => toast.success('Event sent again'),
                    () => undefined,
                  )
                }
              >
                Redeliver
                <span className="sr-only">
                  {' '}
                  {delivery.event_type} of {formatDateTime(delivery.created_at)}
                </span>
              </Button>
            </TableCell>
          </TableRow>
        )}
      />
    </section>
  );
}

/** /webhooks/:endpointId: one endpoint, its actions and its delivery log. */
export default function WebhookEndpointScreen() {
  const { endpointId = '' } = useParams();
  const endpoint = useWebhookEndpoint(endpointId);
  const [secret, setSecret] = useState<WebhookEndpointWithSecret | null>(null);
  if (endpoint.isPending) return <StatusLine>Loading the endpoint…</StatusLine>;
  if (endpoint.isError) return <StatusLine error>{endpoint.error.message}</StatusLine>;
  const data = endpoint.data;
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div className="grid gap-2">
        <Link to="/webhooks" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:underline">
          <ArrowLeft aria-hidden className="size-4" /> Webhooks
        </Link>
        <h1 className="break-all text-2xl font-semibold tracking-tight">{data.url}</h1>
        {data.description && <p className="text-muted-foreground">{data.description}</p>}
        <dl className="grid gap-1 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4">
          <dt className="text-muted-foreground">State</dt>
          <dd>
            <EndpointState endpoint={data} />
          </dd>
          <dt className="text-muted-foreground">Events</dt>
          <dd className="font-mono text-xs">{eventsText(data)}</dd>
          {data.failing_since && (
            <>
              <dt className="text-muted-foreground">Failing since</dt>
              <dd>{formatDateTime(data.failing_since)}</dd>
            </>
          )}
        </dl>
        {!data.enabled && data.disabled_reason && <Alert>{`Disabled: ${data.disabled_reason}`}</Alert>}
      </div>
      <Actions endpoint={data} onSecret={setSecret} />
      <DeliveryLog endpoint={data} />
      <SecretDialog endpoint={secret} title="Signing secret replaced" onClose={() => setSecret(null)} />
    </div>
  );
}
