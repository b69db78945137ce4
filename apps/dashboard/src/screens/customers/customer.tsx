import { Badge, Table, TableBody, TableCell, TableHead, TableHeader, TableRow, toast } from '@kaja/ui';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { formatDate, formatDateTime } from '../../format/date-time';
import { PageStatus } from '../../shell/page-status';
import { StaffOnly } from '../../shell/staff-only';
import { useSignedInSession } from '../../shell/use-session-context';
import { describeEvent } from '../audit-log/audit-actions';
import { formatCents } from '../billing/money';
import { stateText, usageText } from './customer-state';
import {
  type CustomerOverview,
  useCustomerAudit,
  useCustomerOverview,
  useExtendTrial,
  useMarkInvoicePaid,
  useSuspendCustomer,
  useUnsuspendCustomer,
} from './customers-data';
import { StaffActionDialog } from './staff-action-dialog';

const dnssecNames: Record<string, string> = { off: 'Off', signing: 'Signing', active: 'Signed', disabling: 'Turning off' };

/** /customers/:customerId: one customer read-only (members, zones, invoices, audit) with the staff actions. */
export default function CustomerScreen() {
  const session = useSignedInSession();
  if (!session.user.is_staff) return <StaffOnly title="Customer" what="the customers" />;
  return <Customer />;
}

function Customer() {
  const { customerId = '' } = useParams();
  const overview = useCustomerOverview(customerId);
  if (overview.isPending) return <PageStatus>Loading the customer…</PageStatus>;
  if (overview.isError) return <PageStatus error>{overview.error.message}</PageStatus>;
  const { data } = overview.data;
  const { customer, usage } = data;
  const subscription = customer.subscription;
  return (
    <div className="grid grid-cols-1 gap-8">
      <Link to="/customers" className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden className="size-4" /> All customers
      </Link>
      <div className="grid gap-3">
        <h1 className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere]">{customer.name}</h1>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">State</dt>
          <dd>{stateText(subscription)}</dd>
          <dt className="text-muted-foreground">Plan</dt>
          <dd>{customer.plan_id ?? '—'}</dd>
          {subscription?.trial_ends_at && subscription.status !== 'active' && (
            <>
              <dt className="text-muted-foreground">Trial ends</dt>
              <dd>{formatDate(subscription.trial_ends_at)}</dd>
            </>
          )}
          <dt className="text-muted-foreground">Zones</dt>
          <dd className="tabular-nums">{usageText(usage.zones)}</dd>
          <dt className="text-muted-foreground">Records</dt>
          <dd className="tabular-nums">{usageText(usage.records)}</dd>
          <dt className="text-muted-foreground">Queries this month</dt>
          <dd className="tabular-nums">{usageText(usage.queries_this_month)}</dd>
          <dt className="text-muted-foreground">Customer since</dt>
          <dd>{formatDate(customer.created_at)}</dd>
          <dt className="text-muted-foreground">Id</dt>
          <dd className="font-mono text-xs">{customer.id}</dd>
        </dl>
        <CustomerActions customerId={customer.id} subscription={subscription} />
      </div>
      <Members members={data.members} />
      <Zones zones={data.zones} total={data.zone_count} />
      <Invoices invoices={data.invoices} total={data.invoice_count} />
      <Audit customerId={customer.id} />
    </div>
  );
}

function CustomerActions({ customerId, subscription }: { customerId: string; subscription: CustomerOverview['customer']['subscription'] }) {
  const suspend = useSuspendCustomer(customerId);
  const unsuspend = useUnsuspendCustomer(customerId);
  const extend = useExtendTrial(customerId);
  if (!subscription) return null;
  const suspendedByStaff = subscription.status === 'suspended' && subscription.suspension_reason === 'staff';
  const trial = subscription.status === 'trialing' || (subscription.status === 'suspended' && subscription.suspension_reason === 'trial_ended');
  return (
    <div className="flex flex-wrap gap-2">
      {subscription.status !== 'suspended' && (
        <StaffActionDialog
          trigger="Suspend"
          title="Suspend this account?"
          description="The account becomes read-only at once; DNS keeps answering for 30 days, then its zones are disabled. The owners and admins are told by mail, and the reason is kept in their audit log."
          label="Reason"
          input={{ maxLength: 500 }}
          confirm="Suspend"
          destructive
          action={(reason) => suspend.mutateAsync(reason).then(() => toast.success('Account suspended'))}
        />
      )}
      {suspendedByStaff && (
        <StaffActionDialog
          trigger="Unsuspend"
          title="Lift the suspension?"
          description="The subscription is back as it was before, and zones the suspension disabled are served again."
          label="Reason"
          input={{ maxLength: 500 }}
          confirm="Unsuspend"
          action={(reason) => unsuspend.mutateAsync(reason).then(() => toast.success('Suspension lifted'))}
        />
      )}
      {trial && (
        <StaffActionDialog
          trigger="Extend trial"
          title="Extend the trial"
          description="The days are added to the trial’s end, or to today when it has ended (the account is then a trial again)."
          label="Days (1 to 30)"
          input={{ type: 'number', min: 1, max: 30, step: 1, inputMode: 'numeric' }}
          confirm="Extend"
          action={(days) => extend.mutateAsync(Number(days)).then(() => toast.success('Trial extended'))}
        />
      )}
    </div>
  );
}

function Section({ id, title, note, children }: { id: string; title: string; note?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {note && <p className="text-sm text-muted-foreground">{note}</p>}
      {children}
    </section>
  );
}

function Members({ members }: { members: CustomerOverview['members'] }) {
  return (
    <Section id="members" title="Members">
      <Table aria-labelledby="members">
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>E-mail</TableHead>
            <TableHead>Role</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {members.map((member) => (
            <TableRow key={member.id}>
              <TableCell>{member.full_name}</TableCell>
              <TableCell className="[overflow-wrap:anywhere]">
                {member.email} {!member.email_verified && <Badge variant="outline">not verified</Badge>}
              </TableCell>
              <TableCell>{member.role}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Section>
  );
}

function Zones({ zones, total }: { zones: CustomerOverview['zones']; total: number }) {
  return (
    <Section id="zones" title="Zones" note={total > zones.length ? `The first ${zones.length} of ${total}, by name.` : undefined}>
      {zones.length === 0 ? (
        <p className="text-muted-foreground">No zones.</p>
      ) : (
        <Table aria-labelledby="zones">
          <TableHeader>
            <TableRow>
              <TableHead>Zone</TableHead>
              <TableHead>State</TableHead>
              <TableHead>DNSSEC</TableHead>
              <TableHead className="text-right">Records</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {zones.map((zone) => (
              <TableRow key={zone.id}>
                <TableCell className="font-mono [overflow-wrap:anywhere]">
                  {zone.name} {zone.type === 'secondary' && <Badge variant="outline">secondary</Badge>}
                </TableCell>
                <TableCell>{zone.status}</TableCell>
                <TableCell>{dnssecNames[zone.dnssec_state] ?? zone.dnssec_state}</TableCell>
                <TableCell className="text-right tabular-nums">{zone.record_count}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}

function Invoices({ invoices, total }: { invoices: CustomerOverview['invoices']; total: number }) {
  const markPaid = useMarkInvoicePaid();
  return (
    <Section id="invoices" title="Invoices" note={total > invoices.length ? `The latest ${invoices.length} of ${total}.` : undefined}>
      {invoices.length === 0 ? (
        <p className="text-muted-foreground">No invoices.</p>
      ) : (
        <Table aria-labelledby="invoices">
          <TableHeader>
            <TableRow>
              <TableHead>Invoice</TableHead>
              <TableHead>Issued</TableHead>
              <TableHead>Amount</TableHead>
              <TableHead>State</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {invoices.map((invoice) => (
              <TableRow key={invoice.id}>
                <TableCell className="font-mono">{invoice.number}</TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(invoice.issued_at)}</TableCell>
                <TableCell className="whitespace-nowrap">{formatCents(invoice.gross_cents)}</TableCell>
                <TableCell>{invoice.status === 'open' ? `Open, due ${formatDate(invoice.due_at)}` : invoice.status}</TableCell>
                <TableCell className="text-right">
                  {invoice.status === 'open' && (
                    <StaffActionDialog
                      trigger={
                        <>
                          Mark paid<span className="sr-only"> invoice {invoice.number}</span>
                        </>
                      }
                      title={`Record the payment of ${invoice.number}`}
                      description="For a payment received outside the platform, e.g. a bank transfer matched on the statement. With no overdue invoice left, a past-due or unpaid suspension ends."
                      label="Payment reference"
                      input={{ maxLength: 200 }}
                      confirm="Mark paid"
                      action={(reference) => markPaid.mutateAsync({ id: invoice.id, reference }).then(() => toast.success(`${invoice.number} marked paid`))}
                    />
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}

function Audit({ customerId }: { customerId: string }) {
  const audit = useCustomerAudit(customerId);
  return (
    <Section id="audit" title="Latest audit events">
      {audit.isPending && (
        <p role="status" className="text-sm text-muted-foreground">
          Loading the audit events…
        </p>
      )}
      {audit.isError && (
        <p role="alert" className="text-sm text-destructive">
          {audit.error.message}
        </p>
      )}
      {audit.data && (
        <ol className="grid gap-1 text-sm">
          {audit.data.data.map((event) => (
            <li key={event.id}>
              <time dateTime={event.created_at} className="text-muted-foreground">
                {formatDateTime(event.created_at)}
              </time>{' '}
              {describeEvent(event)}
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
