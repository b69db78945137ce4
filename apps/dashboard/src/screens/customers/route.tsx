import { Badge, Button, EmptyState, Input, Label, PagedTable, Select, TableCell, TableHead, TableRow } from '@kaja/ui';
import { Building2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { StaffOnly } from '../../shell/staff-only';
import { useSignedInSession } from '../../shell/use-session-context';
import { stateNames, stateText, usageText } from './customer-state';
import { type CustomerState, useCustomers } from './customers-data';

const pageSize = 25;

/** /customers: every customer, found by name, a member's e-mail address or id, with plan, state and usage (platform staff). */
export default function CustomersScreen() {
  const session = useSignedInSession();
  if (!session.user.is_staff) return <StaffOnly title="Customers" what="the customers" />;
  return <Customers />;
}

function Customers() {
  const [search, setSearch] = useSearchParams();
  const offset = Math.max(0, Number(search.get('offset')) || 0);
  const q = search.get('q') ?? '';
  const state = (search.get('state') || undefined) as CustomerState;
  const [typed, setTyped] = useState(q);
  const customers = useCustomers({ limit: pageSize, offset, ...(q ? { q } : {}), ...(state ? { state } : {}) });
  const show = (next: { q?: string; state?: string; offset?: number }) => {
    const params: Record<string, string> = {};
    const nextQ = next.q ?? q;
    const nextState = next.state ?? state ?? '';
    if (nextQ) params.q = nextQ;
    if (nextState) params.state = nextState;
    if (next.offset) params.offset = String(next.offset);
    setSearch(params);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    show({ q: typed.trim() });
  };
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Customers</h1>
        <p className="text-muted-foreground">Every customer with its plan, state and usage this month.</p>
      </div>
      <form role="search" aria-label="Customers" onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-64 flex-1 gap-2">
          <Label htmlFor="customer-search">Name, member’s e-mail or id</Label>
          <Input id="customer-search" type="search" value={typed} onChange={(event) => setTyped(event.target.value)} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="customer-state">State</Label>
          <Select id="customer-state" value={state ?? ''} onChange={(event) => show({ state: event.target.value })}>
            <option value="">Any</option>
            {Object.entries(stateNames).map(([value, name]) => (
              <option key={value} value={value}>
                {name}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit">Search</Button>
      </form>
      <PagedTable
        query={customers}
        what="the customers"
        empty={<EmptyState icon={Building2} title="No customer matches" />}
        label="Customers"
        pagerLabel="Customer pages"
        limit={pageSize}
        onPageChange={(next) => show({ offset: next })}
        busy={customers.isFetching}
        header={
          <TableRow>
            <TableHead>Customer</TableHead>
            <TableHead>State</TableHead>
            <TableHead className="hidden sm:table-cell">Plan</TableHead>
            <TableHead className="hidden text-right md:table-cell">Zones</TableHead>
            <TableHead className="hidden text-right md:table-cell">Records</TableHead>
            <TableHead className="hidden text-right lg:table-cell">Queries this month</TableHead>
          </TableRow>
        }
        row={(customer) => (
          <TableRow key={customer.id}>
            <TableCell className="[overflow-wrap:anywhere]">
              <Link to={`/customers/${customer.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                {customer.name}
              </Link>
            </TableCell>
            <TableCell>
              <Badge variant={customer.subscription?.status === 'suspended' || customer.subscription?.status === 'past_due' ? 'outline' : 'secondary'}>
                {stateText(customer.subscription)}
              </Badge>
            </TableCell>
            <TableCell className="hidden sm:table-cell">{customer.plan_id ?? '—'}</TableCell>
            <TableCell className="hidden text-right tabular-nums md:table-cell">{usageText(customer.usage.zones)}</TableCell>
            <TableCell className="hidden text-right tabular-nums md:table-cell">{usageText(customer.usage.records)}</TableCell>
            <TableCell className="hidden text-right tabular-nums lg:table-cell">{usageText(customer.usage.queries_this_month)}</TableCell>
          </TableRow>
        )}
      />
    </div>
  );
}
