import { Alert, Button, Input, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@kaja/ui';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { DnssecBadge, NetworkBadges, ZoneStatusBadge } from '../../components/zone-badges';
import { CatalogCard } from './catalog-card';
import { CreateZoneDialog } from './create-zone-dialog';
import { useZones } from './zones-data';

const pageSize = 10;

/** /zones: the customer's zones, searchable by name, a page at a time. */
export default function ZonesScreen() {
  const [search, setSearch] = useState('');
  const name = useDeferredValue(search.trim());
  const [offset, setOffset] = useState(0);
  const zones = useZones({ name, limit: pageSize, offset });
  const total = zones.data?.meta.total ?? 0;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Zones</h1>
        <CreateZoneDialog />
      </div>
      <div className="max-w-sm">
        <Input
          type="search"
          aria-label="Search zones by name"
          placeholder="Search zones"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setOffset(0);
          }}
        />
      </div>
      {zones.isPending && <p role="status">Loading zones…</p>}
      {zones.isError && <Alert variant="destructive">Could not load your zones: {zones.error.message}</Alert>}
      {zones.data && zones.data.data.length === 0 && (
        <Alert>{name ? `No zone matches “${name}”.` : 'You have no zones yet. Add your first zone to start serving its records.'}</Alert>
      )}
      {zones.data && zones.data.data.length > 0 && (
        <>
          <Table aria-label="Zones">
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>DNSSEC</TableHead>
                <TableHead>Networks</TableHead>
                <TableHead className="text-right">Records</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {zones.data.data.map((zone) => (
                <TableRow key={zone.id}>
                  <TableCell className="font-medium">
                    <Link to={`/zones/${zone.id}`} className="text-primary underline-offset-4 hover:underline">
                      {zone.name}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <ZoneStatusBadge zone={zone} />
                  </TableCell>
                  <TableCell>
                    <DnssecBadge zone={zone} />
                  </TableCell>
                  <TableCell>
                    <NetworkBadges region={zone.region} />
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{zone.record_count}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <nav aria-label="Zone pages" className="flex items-center justify-between gap-2 text-sm">
            <span aria-live="polite">
              {offset + 1}–{Math.min(offset + pageSize, total)} of {total}
            </span>
            <span className="flex gap-2">
              <Button variant="outline" size="sm" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - pageSize))}>
                <ChevronLeft aria-hidden />
                Previous
              </Button>
              <Button variant="outline" size="sm" disabled={offset + pageSize >= total} onClick={() => setOffset(offset + pageSize)}>
                Next
                <ChevronRight aria-hidden />
              </Button>
            </span>
          </nav>
        </>
      )}
      <CatalogCard />
    </div>
  );
}
