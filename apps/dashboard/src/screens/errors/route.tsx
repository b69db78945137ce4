import { Badge, Button, EmptyState, Label, PagedTable, Select, TableCell, TableHead, TableRow } from '@kaja/ui';
import { Bug } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../format/date-time';
import { useSignedInSession } from '../../shell/use-session-context';
import { type ErrorIssueState, useErrorIssues } from './errors-data';
import { StaffOnly } from '../../shell/staff-only';

const pageSize = 25;

/** Where an issue happened, as staff say it. */
export const sourceNames: Record<string, string> = { site: 'Site', dashboard: 'Dashboard', api: 'API', job: 'Job', dns: 'DNS server' };

/** What staff made of an issue, as they say it. */
export const stateNames: Record<ErrorIssueState, string> = { open: 'Open', resolved: 'Resolved', muted: 'Muted' };
/** The list's filter: every issue but the muted ones (`''`), or one state. */
const shownStates = { '': 'Open and resolved', open: 'Open', resolved: 'Resolved', muted: 'Muted' } as const;

/**
 * Thrown outside React, as an uncaught error: it takes the whole way a real one does (the listener,
 * the reporter, the endpoint, the source maps), so staff can check reporting works in this environment.
 */
function throwTestError() {
  setTimeout(() => {
    throw new Error('Test error from the Errors screen');
  });
}

/** /errors: the unexpected errors of the site, the dashboard and the platform, grouped into issues (platform staff). */
export default function ErrorsScreen() {
  const session = useSignedInSession();
  if (!session.user.is_staff) return <StaffOnly title="Errors" what="the errors" />;
  return <ErrorIssues />;
}

function ErrorIssues() {
  const [search, setSearch] = useSearchParams();
  const offset = Math.max(0, Number(search.get('offset')) || 0);
  const shown = search.get('state') ?? '';
  const state = shown === 'open' || shown === 'resolved' || shown === 'muted' ? shown : undefined;
  const issues = useErrorIssues({ limit: pageSize, offset, ...(state ? { state } : {}) });
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Errors</h1>
          <p className="text-muted-foreground">
            Unexpected errors in visitors’ browsers and in the platform, grouped by cause; events are kept 30 days, counts for good.
          </p>
        </div>
        <Button variant="outline" onClick={throwTestError}>
          Send a test error
        </Button>
      </div>
      <div className="grid max-w-xs gap-1.5">
        <Label htmlFor="error-state-filter">Show</Label>
        <Select id="error-state-filter" value={state ?? ''} onChange={(event) => setSearch(event.target.value ? { state: event.target.value } : {})}>
          {Object.entries(shownStates).map(([value, name]) => (
            <option key={value} value={value}>
              {name}
            </option>
          ))}
        </Select>
      </div>
      <PagedTable
        query={issues}
        what="the errors"
        empty={<EmptyState icon={Bug} title="No errors reported" />}
        label="Error issues"
        pagerLabel="Error pages"
        limit={pageSize}
        onPageChange={(next) => setSearch({ ...(state ? { state } : {}), ...(next === 0 ? {} : { offset: String(next) }) })}
        busy={issues.isFetching}
        header={
          <TableRow>
            <TableHead>Error</TableHead>
            <TableHead className="hidden sm:table-cell">Where</TableHead>
            <TableHead className="text-right">Events</TableHead>
            <TableHead className="hidden md:table-cell">Last seen</TableHead>
            <TableHead className="hidden lg:table-cell">Release</TableHead>
          </TableRow>
        }
        row={(issue) => (
          <TableRow key={issue.id}>
            <TableCell className="[overflow-wrap:anywhere] sm:min-w-72">
              <Link to={`/errors/${issue.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                {issue.type}: {issue.message || '(no message)'}
              </Link>
              {issue.state !== 'open' && (
                <Badge variant="outline" className="ml-2">
                  {stateNames[issue.state]}
                </Badge>
              )}
              {issue.culprit && <span className="block font-mono text-xs text-muted-foreground">{issue.culprit}</span>}
            </TableCell>
            <TableCell className="hidden sm:table-cell">
              <Badge variant="secondary">{sourceNames[issue.source] ?? issue.source}</Badge>
            </TableCell>
            <TableCell className="text-right tabular-nums">{issue.event_count}</TableCell>
            <TableCell className="hidden whitespace-nowrap md:table-cell">
              <time dateTime={issue.last_seen_at}>{formatDateTime(issue.last_seen_at)}</time>
            </TableCell>
            <TableCell className="hidden font-mono text-xs lg:table-cell">{issue.last_release}</TableCell>
          </TableRow>
        )}
      />
    </div>
  );
}
