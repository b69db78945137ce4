import { Card, CardDescription, CardHeader, CardTitle } from '@kaja/ui';
import { api } from '../api';
import { useRead } from '../remote-data';
import { StatusIncidents } from './status-incidents';
import { utcTime } from './utc-time';

export type Region = {
  name: string;
  status: string;
  summary?: string;
  /** From the API at run time: whether the status follows the region's DNS nodes, and what they last told. */
  status_source?: 'staff' | 'nodes';
  nodes?: { total: number; online: number; last_heartbeat_at: string | null; journal_lag_seconds?: number | null; degraded_after_seconds?: number };
};

/** Region status display: online green, degraded amber, offline red, NA dark, anything else grey. */
export const statusDisplay = (status: string) =>
  ({
    online: { label: 'Online', dot: 'bg-[#16a34a]' },
    degraded: { label: 'Degraded', dot: 'bg-[#d97706]' },
    offline: { label: 'Offline', dot: 'bg-[#dc2626]' },
    NA: { label: 'N/A', dot: 'bg-[#111827]' },
  })[status] ?? { label: 'Unknown', dot: 'bg-[#9ca3af]' };

const legend = ['online', 'degraded', 'offline', 'NA', 'unknown'];

/** A lag in whole seconds, or minutes past two of them. */
export const lagText = (seconds: number) => (seconds < 120 ? `${Math.round(seconds)} s` : `${Math.round(seconds / 60)} min`);

const loadRegions = () => api<Region[]>('/regions');

/** The regions' status and the incidents, read again every minute: an island of the pre-rendered status page (decision 054). */
export function StatusBoard({ regions: prerendered }: { regions: Region[] }) {
  const { data: regions = prerendered, updatedAt } = useRead(loadRegions, { initial: prerendered, refreshEvery: 60_000 });
  return (
    <div className="mx-auto max-w-5xl px-4 py-16">
      <h1 className="text-4xl font-bold tracking-tight">System Status</h1>
      <p className="mt-4 text-lg text-muted-foreground">The state of our DNS networks by region, from the heartbeats of our DNS nodes.</p>
      <p className="mt-2 text-sm text-muted-foreground" data-testid="checked-at">
        {updatedAt > 0 ? `Last checked ${utcTime(updatedAt)}` : 'Checking…'}
      </p>
      <ul aria-label="Legend" className="mt-8 flex flex-wrap gap-6 text-sm" data-testid="legend">
        {legend.map((status) => {
          const display = statusDisplay(status);
          return (
            <li key={status} className="flex items-center gap-2">
              <span className={`size-3 rounded-full ${display.dot}`} aria-hidden />
              {display.label}
            </li>
          );
        })}
      </ul>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="regions">
        {regions.map((region) => {
          const display = statusDisplay(region.status);
          return (
            <li key={region.name}>
              <Card className="h-full" data-testid="region">
                <CardHeader>
                  <div className="flex items-center justify-between gap-2">
                    <CardTitle className="text-lg">{region.name}</CardTitle>
                    <span className="flex items-center gap-2 text-sm font-medium">
                      <span className={`size-3 rounded-full ${display.dot}`} aria-hidden />
                      {display.label}
                    </span>
                  </div>
                  {region.summary && <CardDescription>{region.summary}</CardDescription>}
                  {region.status_source === 'nodes' && region.nodes && (
                    <CardDescription data-testid="region-nodes">
                      {region.nodes.online} of {region.nodes.total} DNS {region.nodes.total === 1 ? 'node' : 'nodes'} reporting
                      {region.nodes.online === 0 && region.nodes.last_heartbeat_at && `; last heard ${utcTime(region.nodes.last_heartbeat_at)}`}
                    </CardDescription>
                  )}
                  {region.status === 'degraded' && region.nodes?.journal_lag_seconds != null && (
                    <CardDescription data-testid="region-lag">
                      Zone changes reach some answers here {lagText(region.nodes.journal_lag_seconds)} late (more than{' '}
                      {lagText(region.nodes.degraded_after_seconds ?? 60)})
                    </CardDescription>
                  )}
                </CardHeader>
              </Card>
            </li>
          );
        })}
      </ul>
      <StatusIncidents />
    </div>
  );
}
