import { Badge, Card, CardContent, CardHeader, CardTitle } from '@kaja/ui';
import { api } from '../api';
import { useRead } from '../remote-data';
import { utcTime } from './utc-time';

type Incident = {
  id: string;
  title: string;
  impact: string;
  status: string;
  regions: { id: string; name: string }[];
  updates: { id: string; status: string; message: string; created_at: string }[];
  created_at: string;
  resolved_at: string | null;
};

/** How far back the status page's history reaches (the API's limit too). */
export const historyDays = 90;

const impactLabel: Record<string, string> = { none: 'No impact', minor: 'Minor', major: 'Major', critical: 'Critical' };
const statusLabel: Record<string, string> = { investigating: 'Investigating', identified: 'Identified', monitoring: 'Monitoring', resolved: 'Resolved' };

function IncidentCard({ incident }: { incident: Incident }) {
  return (
    <Card data-testid="incident">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle className="text-lg">{incident.title}</CardTitle>
          <span className="flex gap-2">
            <Badge variant="outline">{impactLabel[incident.impact] ?? incident.impact}</Badge>
            <Badge variant={incident.status === 'resolved' ? 'secondary' : 'default'}>{statusLabel[incident.status] ?? incident.status}</Badge>
          </span>
        </div>
        <p className="text-sm text-muted-foreground">
          {incident.regions.length > 0 ? incident.regions.map((region) => region.name).join(', ') : 'All regions'} · began {utcTime(incident.created_at)}
          {incident.resolved_at && ` · resolved ${utcTime(incident.resolved_at)}`}
        </p>
      </CardHeader>
      <CardContent>
        <ol className="space-y-3 border-l pl-4" aria-label="Updates">
          {incident.updates.map((update) => (
            <li key={update.id} data-testid="incident-update">
              <p className="text-sm">
                <strong>{statusLabel[update.status] ?? update.status}</strong> — {update.message}
              </p>
              <p className="text-xs text-muted-foreground">{utcTime(update.created_at)}</p>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

const loadIncidents = () => api<Incident[]>(`/incidents?days=${historyDays}&limit=100`);

/** The incidents staff posted, ongoing first, then the last 90 days; read at run time (the page is pre-rendered). */
export function StatusIncidents() {
  const { data, error } = useRead(loadIncidents, { refreshEvery: 60_000 });
  const ongoing = data?.filter((incident) => incident.status !== 'resolved') ?? [];
  const past = data?.filter((incident) => incident.status === 'resolved') ?? [];
  return (
    <section className="mt-16" aria-labelledby="incidents-heading" data-testid="incidents">
      <h2 id="incidents-heading" className="text-2xl font-semibold tracking-tight">
        Incidents
      </h2>
      {!data && !error && <p className="mt-4 text-muted-foreground">Loading incidents…</p>}
      {error && <p className="mt-4 text-muted-foreground">The incidents could not be loaded; the regions above are current.</p>}
      {data && (
        <>
          {ongoing.length > 0 && (
            <div className="mt-6 space-y-4" data-testid="ongoing-incidents">
              <h3 className="text-lg font-medium">Ongoing</h3>
              {ongoing.map((incident) => (
                <IncidentCard key={incident.id} incident={incident} />
              ))}
            </div>
          )}
          <div className="mt-6 space-y-4" data-testid="incident-history">
            <h3 className="text-lg font-medium">The last {historyDays} days</h3>
            {past.length === 0 ? (
              <p className="text-muted-foreground">No incidents in the last {historyDays} days.</p>
            ) : (
              past.map((incident) => <IncidentCard key={incident.id} incident={incident} />)
            )}
          </div>
        </>
      )}
    </section>
  );
}
