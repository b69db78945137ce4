import { Badge, Button } from '@kaja/ui';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../format/date-time';
import { PageStatus } from '../../shell/page-status';
import { useSignedInSession } from '../../shell/use-session-context';
import { type ErrorIssueState, useErrorIssue, useSetErrorIssueState } from './errors-data';
import { sourceNames, stateNames } from './route';
import { StaffOnly } from '../../shell/staff-only';

/** /errors/:issueId: one issue, its counts and releases, and its latest events with their stacks in the sources. */
export default function ErrorIssueScreen() {
  const session = useSignedInSession();
  if (!session.user.is_staff) return <StaffOnly title="Errors" what="the errors" />;
  return <ErrorIssue />;
}

function ErrorIssue() {
  const { issueId = '' } = useParams();
  const issue = useErrorIssue(issueId);
  if (issue.isPending) return <PageStatus>Loading the error…</PageStatus>;
  if (issue.isError) return <PageStatus error>{issue.error.message}</PageStatus>;
  const { data } = issue.data;
  return (
    <div className="grid grid-cols-1 gap-6">
      <Link to="/errors" className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden className="size-4" /> All errors
      </Link>
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere]">
          {data.type}: {data.message || '(no message)'}
        </h1>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">State</dt>
          <dd>
            {stateNames[data.state]}
            {data.state_changed_at && <> since {formatDateTime(data.state_changed_at)}</>}
          </dd>
          <dt className="text-muted-foreground">Where</dt>
          <dd>{sourceNames[data.source] ?? data.source}</dd>
          <dt className="text-muted-foreground">Events</dt>
          <dd className="tabular-nums">{data.event_count}</dd>
          <dt className="text-muted-foreground">First seen</dt>
          <dd>
            {formatDateTime(data.first_seen_at)} in <span className="font-mono">{data.first_release}</span>
          </dd>
          <dt className="text-muted-foreground">Last seen</dt>
          <dd>
            {formatDateTime(data.last_seen_at)} in <span className="font-mono">{data.last_release}</span>
          </dd>
        </dl>
        <IssueActions id={data.id} state={data.state} />
      </div>
      <section aria-labelledby="latest-events" className="grid gap-4">
        <h2 id="latest-events" className="text-lg font-semibold">
          Latest events
        </h2>
        {data.events.length === 0 && <p className="text-muted-foreground">The events of this error are past their retention period.</p>}
        {data.events.map((event) => (
          <article key={event.id} aria-label={`Event of ${formatDateTime(event.received_at)}`} className="grid gap-2 rounded-lg border border-border p-4">
            <p className="text-sm">
              <time dateTime={event.received_at}>{formatDateTime(event.received_at)}</time> · release <span className="font-mono">{event.release}</span>
              {event.route && (
                <>
                  {' '}
                  · <span className="font-mono [overflow-wrap:anywhere]">{event.route}</span>
                </>
              )}
              {event.browser && <> · {event.browser}</>}
            </p>
            <p className="[overflow-wrap:anywhere]">
              {event.type}: {event.message}
            </p>
            {event.frames.length > 0 && (
              <ol aria-label="Stack, innermost first" className="grid gap-1 overflow-x-auto rounded bg-muted p-3 font-mono text-xs">
                {event.frames.map((frame, index) => (
                  <li key={index} className="flex flex-wrap items-center gap-2">
                    <span className="[overflow-wrap:anywhere]">
                      {frame.function ?? '(anonymous)'} — {frame.file}
                      {frame.line !== null && `:${frame.line}`}
                      {frame.column !== null && `:${frame.column}`}
                    </span>
                    {!frame.mapped && <Badge variant="outline">built</Badge>}
                  </li>
                ))}
              </ol>
            )}
          </article>
        ))}
      </section>
    </div>
  );
}

/** Resolve (it reopens when it happens again), mute (hidden from the list, still counted) or reopen. */
function IssueActions({ id, state }: { id: string; state: ErrorIssueState }) {
  const change = useSetErrorIssueState(id);
  const actions: { to: ErrorIssueState; label: string }[] =
    state === 'open'
      ? [
          { to: 'resolved', label: 'Resolve' },
          { to: 'muted', label: 'Mute' },
        ]
      : [{ to: 'open', label: 'Reopen' }, ...(state === 'resolved' ? [{ to: 'muted' as const, label: 'Mute' }] : [])];
  return (
    <div className="flex flex-wrap gap-2">
      {actions.map((action) => (
        <Button
          key={action.to}
          size="sm"
          variant={action.to === 'resolved' ? 'default' : 'outline'}
          disabled={change.isPending}
          onClick={() => change.mutate(action.to)}
        >
          {action.label}
        </Button>
      ))}
    </div>
  );
}
