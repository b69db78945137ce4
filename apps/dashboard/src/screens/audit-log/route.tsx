import { Button, EmptyState, Label, PagedTable, Select, TableCell, TableHead, TableRow } from '@kaja/ui';
import { ScrollText } from 'lucide-react';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { actorText } from '../../format/actor';
import { formatDateTime } from '../../format/date-time';
import { useZones } from '../zones/zones-data';
import { type AuditEvent, auditFamilies, describeEvent } from './audit-actions';
import { useAuditEvents } from './audit-data';

const pageSize = 25;

/** The who of an event; a TSIG key (a dynamic update) is named in the event's summary. */
const whoOf = (event: AuditEvent) => actorText(event.actor, typeof event.summary.tsig_key === 'string' ? event.summary.tsig_key : undefined);

/** /audit-log: who did what and when, newest first; the filters and the page live in the address, so a view can be shared. */
export default function AuditLogScreen() {
  const [search, setSearch] = useSearchParams();
  const zoneId = search.get('zone') ?? '';
  const action = search.get('action') ?? '';
  const offset = Math.max(0, Number(search.get('offset')) || 0);
  const events = useAuditEvents({ zoneId, action }, { limit: pageSize, offset });
  const zones = useZones({ name: '', limit: 100, offset: 0 });
  const [zoneFilterId, actionFilterId] = [useId(), useId()];

  // A changed filter starts again at the first page.
  const update = (changes: Record<string, string>) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value && !(key === 'offset' && value === '0')) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });
  const filtered = zoneId !== '' || action !== '';

  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Audit log</h1>
        <p className="text-muted-foreground">Every change to your account, zones and keys: who made it and when.</p>
      </div>

      <div role="search" aria-label="Filter the audit log" className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor={zoneFilterId}>Zone</Label>
          <Select id={zoneFilterId} value={zoneId} onChange={(event) => update({ zone: event.target.value, offset: '' })}>
            <option value="">Every zone and the account</option>
            {zones.data?.data.map((zone) => (
              <option key={zone.id} value={zone.id}>
                {zone.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={actionFilterId}>Action</Label>
          <Select id={actionFilterId} value={action} onChange={(event) => update({ action: event.target.value, offset: '' })}>
            <option value="">Every action</option>
            {auditFamilies.map((family) => (
              <optgroup key={family.family} label={family.label}>
                <option value={`${family.family}.*`}>All: {family.label.toLowerCase()}</option>
                {Object.keys(family.actions).map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </optgroup>
            ))}
          </Select>
        </div>
        <Button variant="outline" disabled={!filtered} onClick={() => update({ zone: '', action: '', offset: '' })}>
          Clear filters
        </Button>
      </div>

      <PagedTable
        query={events}
        what="the audit log"
        empty={<EmptyState icon={ScrollText} title={filtered ? 'No events match these filters' : 'No events yet'} />}
        label="Audit events"
        pagerLabel="Audit log pages"
        limit={pageSize}
        onPageChange={(next) => update({ offset: String(next) })}
        busy={events.isFetching}
        header={
          <TableRow>
            <TableHead className="hidden sm:table-cell">Time</TableHead>
            <TableHead className="hidden sm:table-cell">Who</TableHead>
            <TableHead>What</TableHead>
            <TableHead className="hidden md:table-cell">Action</TableHead>
            <TableHead className="hidden md:table-cell">From</TableHead>
          </TableRow>
        }
        row={(event) => (
          <TableRow key={event.id}>
            <TableCell className="hidden whitespace-nowrap sm:table-cell">
              <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time>
            </TableCell>
            <TableCell className="hidden min-w-32 sm:table-cell">{whoOf(event)}</TableCell>
            <TableCell className="[overflow-wrap:anywhere] sm:min-w-56">
              {describeEvent(event)}
              {/* On narrow screens the hidden columns' facts follow the description. */}
              <span className="block text-xs text-muted-foreground sm:hidden">
                {formatDateTime(event.created_at)} · {whoOf(event)}
              </span>
            </TableCell>
            <TableCell className="hidden font-mono text-xs md:table-cell">{event.action}</TableCell>
            <TableCell className="hidden font-mono text-xs md:table-cell">{event.ip ?? '—'}</TableCell>
          </TableRow>
        )}
      />
    </div>
  );
}
