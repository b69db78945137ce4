import { Badge, EmptyState, Label, PagedTable, Select, TableCell, TableHead, TableRow } from '@kaja/ui';
import { Inbox } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../format/date-time';
import { StaffOnly } from '../../shell/staff-only';
import { useSignedInSession } from '../../shell/use-session-context';
import { useSupportRequests } from './support-requests-data';

const pageSize = 25;

/** /support-requests: what visitors and customers sent through the support form, newest first (platform staff). */
export default function SupportRequestsScreen() {
  const session = useSignedInSession();
  if (!session.user.is_staff) return <StaffOnly title="Support requests" what="the support requests" />;
  return <SupportRequests />;
}

function SupportRequests() {
  const [search, setSearch] = useSearchParams();
  const offset = Math.max(0, Number(search.get('offset')) || 0);
  const state = search.get('state') === 'open' || search.get('state') === 'handled' ? (search.get('state') as 'open' | 'handled') : undefined;
  const requests = useSupportRequests({ limit: pageSize, offset, ...(state ? { state } : {}) });
  const show = (next: { state?: string; offset?: number }) => {
    const params: Record<string, string> = {};
    const nextState = next.state ?? state ?? '';
    if (nextState) params.state = nextState;
    if (next.offset) params.offset = String(next.offset);
    setSearch(params);
  };
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Support requests</h1>
        <p className="text-muted-foreground">Messages sent through the support form, newest first. Replies go by mail from your own mailbox.</p>
      </div>
      <div className="grid max-w-xs gap-2">
        <Label htmlFor="support-state">Show</Label>
        <Select id="support-state" value={state ?? ''} onChange={(event) => show({ state: event.target.value })}>
          <option value="">All</option>
          <option value="open">Open</option>
          <option value="handled">Answered</option>
        </Select>
      </div>
      <PagedTable
        query={requests}
        what="the support requests"
        empty={<EmptyState icon={Inbox} title="No support requests" />}
        label="Support requests"
        pagerLabel="Support request pages"
        limit={pageSize}
        onPageChange={(next) => show({ offset: next })}
        busy={requests.isFetching}
        header={
          <TableRow>
            <TableHead>Subject</TableHead>
            <TableHead className="hidden sm:table-cell">From</TableHead>
            <TableHead className="hidden md:table-cell">Received</TableHead>
            <TableHead>State</TableHead>
          </TableRow>
        }
        row={(request) => (
          <TableRow key={request.id}>
            <TableCell className="[overflow-wrap:anywhere]">
              <Link to={`/support-requests/${request.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                {request.subject}
              </Link>
            </TableCell>
            <TableCell className="hidden [overflow-wrap:anywhere] sm:table-cell">
              {request.name} <span className="text-muted-foreground">({request.email})</span>
            </TableCell>
            <TableCell className="hidden whitespace-nowrap md:table-cell">
              <time dateTime={request.created_at}>{formatDateTime(request.created_at)}</time>
            </TableCell>
            <TableCell>
              <Badge variant={request.handled_at ? 'secondary' : 'outline'}>{request.handled_at ? 'Answered' : 'Open'}</Badge>
            </TableCell>
          </TableRow>
        )}
      />
    </div>
  );
}
