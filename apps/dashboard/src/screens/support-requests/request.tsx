import { Button, buttonVariants } from '@kaja/ui';
import { ArrowLeft, Mail } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../format/date-time';
import { PageStatus } from '../../shell/page-status';
import { StaffOnly } from '../../shell/staff-only';
import { useSignedInSession } from '../../shell/use-session-context';
import { type SupportRequest, useMarkSupportRequest, useSupportRequest } from './support-requests-data';

/** A reply in the staff member's own mail program, to the sender, on the same subject. */
export function replyLink(request: Pick<SupportRequest, 'email' | 'subject'>): string {
  const subject = /^re:/i.test(request.subject) ? request.subject : `Re: ${request.subject}`;
  return `mailto:${encodeURIComponent(request.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}`;
}

/** /support-requests/:requestId: one message, with a reply-by-mail link and its answered state. */
export default function SupportRequestScreen() {
  const session = useSignedInSession();
  if (!session.user.is_staff) return <StaffOnly title="Support request" what="the support requests" />;
  return <SupportRequestView />;
}

function SupportRequestView() {
  const { requestId = '' } = useParams();
  const request = useSupportRequest(requestId);
  const mark = useMarkSupportRequest(requestId);
  if (request.isPending) return <PageStatus>Loading the support request…</PageStatus>;
  if (request.isError) return <PageStatus error>{request.error.message}</PageStatus>;
  const { data } = request.data;
  return (
    <div className="grid grid-cols-1 gap-6">
      <Link to="/support-requests" className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden className="size-4" /> All support requests
      </Link>
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere]">{data.subject}</h1>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">From</dt>
          <dd className="[overflow-wrap:anywhere]">
            {data.name} ({data.email})
          </dd>
          <dt className="text-muted-foreground">Received</dt>
          <dd>{formatDateTime(data.created_at)}</dd>
          <dt className="text-muted-foreground">Sent from</dt>
          <dd className="font-mono text-xs [overflow-wrap:anywhere]">{data.source}</dd>
          <dt className="text-muted-foreground">State</dt>
          <dd>{data.handled_at ? `Answered ${formatDateTime(data.handled_at)}` : 'Open'}</dd>
        </dl>
      </div>
      <p className="whitespace-pre-wrap rounded-lg border border-border p-4 [overflow-wrap:anywhere]">{data.message}</p>
      <div className="flex flex-wrap gap-2">
        <a href={replyLink(data)} className={buttonVariants({ variant: 'default', size: 'sm' })}>
          <Mail aria-hidden className="size-4" /> Reply by mail
        </a>
        <Button variant="outline" size="sm" disabled={mark.isPending} onClick={() => mark.mutate(!data.handled_at)}>
          {data.handled_at ? 'Mark open again' : 'Mark answered'}
        </Button>
      </div>
    </div>
  );
}
