import { Alert, Button, Input, Select } from '@kaja/ui';
import type { RowSelectionState } from '@tanstack/react-table';
import { ArrowLeft, Plus } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { CopyButton } from '../../components/copy-button';
import { DelegationBadge, DnssecBadge, NetworkBadges, ZoneStatusBadge } from '../../components/zone-badges';
import { PageStatus } from '../../shell/page-status';
import type { Zone } from '../zones/zones-data';
import { ZoneTabs } from '../zone-tools/zone-tabs';
import { BulkActions } from './bulk-actions';
import { DeleteRecordDialog } from './delete-dialog';
import { RecordDialog } from './record-dialog';
import { recordTypes } from './record-forms';
import { RecordsTable } from './records-table';
import { SecondaryPanel } from './secondary-panel';
import { type RecordSet, recordSetsKey, useRecordSetPages, useZone } from './zone-data';
import { countOf } from '../../format/plural';

function Records({ zone }: { zone: Zone }) {
  // A secondary zone's records are its primary's, a catalog zone's the platform's list of your zones: shown, never edited here.
  const readOnly = zone.type !== 'primary';
  const [nameSearch, setNameSearch] = useState('');
  const [contentSearch, setContentSearch] = useState('');
  const [typeFilter, setTypeFilter] = useState('');
  const search = useDeferredValue(
    useMemo(() => ({ name: nameSearch.trim(), content: contentSearch.trim(), type: typeFilter }), [nameSearch, contentSearch, typeFilter]),
  );
  const sets = useRecordSetPages(zone.id, search);
  const { loaded, total } = sets;
  const [selection, setSelection] = useState<RowSelectionState>({});
  const selected = loaded.filter((set) => selection[set.id]);
  const [dialog, setDialog] = useState<{ editing: RecordSet | null; key: number } | null>(null);
  const [deleting, setDeleting] = useState<RecordSet | null>(null);
  const edit = useCallback((set: RecordSet) => setDialog({ editing: set, key: Date.now() }), []);
  // A transfer changes the records without this page doing anything: read them again at each new serial.
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: recordSetsKey(zone.id) });
  }, [queryClient, zone.id, zone.serial]);

  return (
    <section aria-labelledby="records-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="records-heading" className="text-lg font-semibold">
          Records
        </h2>
        {!readOnly && (
          <Button onClick={() => setDialog({ editing: null, key: Date.now() })}>
            <Plus aria-hidden />
            Add records
          </Button>
        )}
      </div>
      {zone.type === 'secondary' && (
        <Alert>
          Read-only: this is a secondary zone, so its records come from your primaries. Change them on your primary server; the zone follows by NOTIFY or at its
          next refresh.
        </Alert>
      )}
      {zone.type === 'catalog' && (
        <Alert>Read-only: this is your catalog zone, which lists your zones for your own secondaries. It follows your zones as you add and delete them.</Alert>
      )}
      <div className="flex flex-wrap gap-2" role="search" aria-label="Search the records">
        <Input
          type="search"
          aria-label="Search records by name"
          placeholder="Name contains (www, host12, @)"
          className="w-full sm:w-56"
          maxLength={255}
          value={nameSearch}
          onChange={(event) => setNameSearch(event.target.value)}
        />
        <Input
          type="search"
          aria-label="Search records by value"
          placeholder="Value contains (192.0.2.1, mail.)"
          className="w-full sm:w-56"
          maxLength={512}
          value={contentSearch}
          onChange={(event) => setContentSearch(event.target.value)}
        />
        <Select
          aria-label="Only the records of this type"
          className="w-full sm:w-36"
          value={typeFilter}
          onChange={(event) => setTypeFilter(event.target.value)}
        >
          <option value="">All types</option>
          {['SOA', ...recordTypes].map((type) => (
            <option key={type}>{type}</option>
          ))}
        </Select>
      </div>
      {!readOnly && <BulkActions zone={zone} selected={selected} onDone={() => setSelection({})} />}
      {sets.pending && <p role="status">Loading records…</p>}
      {sets.error && <Alert variant="destructive">Could not load the records: {sets.error.message}</Alert>}
      {!sets.pending && !sets.error && total === 0 && <Alert>No records match.</Alert>}
      {!sets.pending && total > 0 && (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {countOf(total, 'record set')}
          </p>
          <RecordsTable
            zoneName={zone.name}
            sets={sets}
            selection={selection}
            onSelectionChange={setSelection}
            onEdit={edit}
            onDelete={setDeleting}
            readOnly={readOnly}
          />
        </>
      )}
      {dialog && <RecordDialog key={dialog.key} zone={zone} editing={dialog.editing} open onOpenChange={(open) => !open && setDialog(null)} />}
      <DeleteRecordDialog zone={zone} set={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

/** /zones/:zoneId: one zone, its name servers and its records. */
export default function ZoneScreen() {
  const { zoneId = '' } = useParams();
  const zone = useZone(zoneId);
  if (zone.isPending) return <PageStatus>Loading the zone…</PageStatus>;
  if (zone.isError) return <Alert variant="destructive">Could not load this zone: {zone.error.message}</Alert>;
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <Link to="/zones" className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline">
          <ArrowLeft className="size-4" aria-hidden />
          All zones
        </Link>
        <h1 className="break-all text-2xl font-semibold tracking-tight">{zone.data.name}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <ZoneStatusBadge zone={zone.data} />
          <DelegationBadge zone={zone.data} />
          <DnssecBadge zone={zone.data} />
          <NetworkBadges region={zone.data.region} />
          <span className="text-sm text-muted-foreground">Serial {zone.data.serial}</span>
        </div>
      </div>
      <ZoneTabs zoneId={zone.data.id} />
      {zone.data.secondary && <SecondaryPanel zone={zone.data} state={zone.data.secondary} />}
      <section aria-labelledby="ns-heading" className="grid gap-2">
        <h2 id="ns-heading" className="text-lg font-semibold">
          Name servers
        </h2>
        <p className="text-sm text-muted-foreground">Set these at your domain's registrar.</p>
        <ul className="flex flex-wrap gap-2">
          {zone.data.name_servers.map((server) => (
            <li key={server} className="flex items-center gap-1 rounded-md border border-border pl-3 font-mono text-sm">
              {server}
              <CopyButton text={server} label={`Copy ${server}`} />
            </li>
          ))}
        </ul>
      </section>
      <Records zone={zone.data} />
    </div>
  );
}
