import { Badge, Select, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@kaja/ui';
import { formatDateTime } from '../../format/date-time';
import { PageStatus } from '../../shell/page-status';
import { type DnsNode, type Region, type StaffRegionStatus, useDnsNodes, useRegions, useSetRegionStatus } from './status-data';

const statusNames: Record<Region['status'], string> = { online: 'Online', offline: 'Offline', degraded: 'Degraded', NA: 'N/A' };
const staffStatusNames: Record<StaffRegionStatus, string> = { online: 'Online', offline: 'Offline', NA: 'N/A (not offered)' };

/** "42 s ago", "3 min ago", "2 h ago": how long since a node last beat, against the page's clock. */
export function ageOf(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 120) return `${seconds} s ago`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min ago`;
  if (seconds < 172_800) return `${Math.round(seconds / 3600)} h ago`;
  return `${Math.round(seconds / 86_400)} days ago`;
}

/** Each region with what the status page shows, what staff set, and its DNS nodes. */
export function RegionsAndNodes() {
  const regions = useRegions();
  const nodes = useDnsNodes();
  if (regions.isPending || nodes.isPending) return <PageStatus>Loading the regions and their nodes…</PageStatus>;
  if (regions.isError) return <PageStatus error>{regions.error.message}</PageStatus>;
  if (nodes.isError) return <PageStatus error>{nodes.error.message}</PageStatus>;
  const unplaced = nodes.data.data.filter((node) => node.region === null);
  return (
    <div className="grid gap-6">
      {regions.data.data.map((region) => (
        <RegionCard key={region.id} region={region} nodes={nodes.data.data.filter((node) => node.region?.id === region.id)} />
      ))}
      {unplaced.length > 0 && (
        <section aria-labelledby="nodes-without-region" className="grid gap-2 rounded-lg border border-border p-4">
          <h3 id="nodes-without-region" className="font-semibold">
            Nodes in no region
          </h3>
          <p className="text-sm text-muted-foreground">Their DNS_REGION is unset or names no region: they count for none.</p>
          <NodeTable nodes={unplaced} label="Nodes in no region" />
        </section>
      )}
    </div>
  );
}

function RegionCard({ region, nodes }: { region: Region; nodes: DnsNode[] }) {
  const setStatus = useSetRegionStatus();
  const headingId = `region-${region.id}`;
  const selectId = `region-status-${region.id}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h3 id={headingId} className="font-semibold">
            {region.name}{' '}
            <Badge variant={region.status === 'online' ? 'secondary' : region.status === 'NA' ? 'outline' : 'default'}>{statusNames[region.status]}</Badge>
          </h3>
          <p className="text-sm text-muted-foreground">
            {region.status_source === 'nodes'
              ? `From its nodes: ${region.nodes.online} of ${region.nodes.total} reporting.`
              : region.nodes.total === 0
                ? 'No nodes: the status staff set shows.'
                : 'Set to N/A by staff, whatever its nodes say.'}
          </p>
        </div>
        <div className="grid gap-1">
          <label htmlFor={selectId} className="text-sm font-medium">
            Status set by staff
          </label>
          <Select
            id={selectId}
            value={region.staff_status}
            disabled={setStatus.isPending}
            onChange={(event) => setStatus.mutate({ id: region.id, status: event.target.value as StaffRegionStatus })}
          >
            {Object.entries(staffStatusNames).map(([value, name]) => (
              <option key={value} value={value}>
                {name}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {nodes.length === 0 ? (
        <p className="text-sm text-muted-foreground">No DNS node names this region.</p>
      ) : (
        <NodeTable nodes={nodes} label={`Nodes of ${region.name}`} />
      )}
    </section>
  );
}

function NodeTable({ nodes, label }: { nodes: DnsNode[]; label: string }) {
  return (
    <div className="overflow-x-auto">
      <Table aria-label={label}>
        <TableHeader>
          <TableRow>
            <TableHead>Node</TableHead>
            <TableHead>Network</TableHead>
            <TableHead>Last heartbeat</TableHead>
            <TableHead>Version</TableHead>
            <TableHead className="text-right">Zones loaded</TableHead>
            <TableHead className="text-right">Journal lag</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {nodes.map((node) => (
            <TableRow key={node.id}>
              <TableCell>
                <span className="font-medium">{node.name}</span>{' '}
                <Badge variant={node.online ? 'secondary' : 'default'}>{node.online ? 'Online' : 'Offline'}</Badge>
                {node.notify_lease && (
                  <Badge variant="outline" className="ml-1">
                    Sends NOTIFY
                  </Badge>
                )}
                <span className="block font-mono text-xs text-muted-foreground">{node.id}</span>
              </TableCell>
              <TableCell>{node.network}</TableCell>
              <TableCell className="whitespace-nowrap">
                <time dateTime={node.last_heartbeat_at} title={formatDateTime(node.last_heartbeat_at)}>
                  {ageOf(node.last_heartbeat_at)}
                </time>
              </TableCell>
              <TableCell className="font-mono text-xs">{node.version}</TableCell>
              <TableCell className="text-right tabular-nums">{node.zones_loaded}</TableCell>
              <TableCell className="text-right tabular-nums">{node.journal_lag_seconds.toFixed(1)} s</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
