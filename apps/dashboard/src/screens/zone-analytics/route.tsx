import { Alert, Card, CardContent, CardDescription, CardHeader, CardTitle, cn } from '@kaja/ui';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { StatusLine } from '../zone-tools/status-line';
import { ZoneToolsPage } from '../zone-tools/zone-tools-page';
import { type RangeId, ranges, useZoneMetrics, type ZoneMetrics } from './analytics-data';
import { breakdownHeight, queriesOverTimeHeight } from './chart-sizes';

// The charts (recharts) are most of the screen's code: loaded beside the zone's numbers, not before
// them, and the numbers shown while they come (their tables, the total).
const loadCharts = () => import('./charts');
void loadCharts();
const QueriesOverTimeChart = lazy(() => loadCharts().then((charts) => ({ default: charts.QueriesOverTimeChart })));
const BreakdownChart = lazy(() => loadCharts().then((charts) => ({ default: charts.BreakdownChart })));

const numbers = new Intl.NumberFormat();
const hourly = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
const daily = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });

function RangeChoice({ value, onChange }: { value: RangeId; onChange: (range: RangeId) => void }) {
  return (
    <div role="group" aria-label="Time range" className="inline-flex w-fit rounded-md border border-border p-0.5">
      {ranges.map((range) => (
        <button
          key={range.id}
          type="button"
          aria-pressed={value === range.id}
          onClick={() => onChange(range.id)}
          className={cn(
            'h-8 rounded px-3 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            value === range.id ? 'bg-primary text-primary-foreground' : 'hover:bg-muted',
          )}
        >
          {range.label}
        </button>
      ))}
    </div>
  );
}

/**
 * The chart's numbers as a table for screen readers. A plain table: the kit's scrolls sideways,
 * which a table out of sight must not.
 */
function CountsTable({ label, head, rows }: { label: string; head: string; rows: { name: string; queries: number }[] }) {
  return (
    <table aria-label={label} className="sr-only">
      <thead>
        <tr>
          <th scope="col">{head}</th>
          <th scope="col">Queries</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <td>{row.name}</td>
            <td>{numbers.format(row.queries)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const entriesOf = (counts: Record<string, number>) => Object.entries(counts).map(([name, queries]) => ({ name, queries }));

function Breakdown({ title, head, counts }: { title: string; head: string; counts: Record<string, number> }) {
  const entries = entriesOf(counts);
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="text-base">{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">No queries in this window.</p>
        ) : (
          <>
            <div aria-hidden>
              <Suspense fallback={<div style={{ height: breakdownHeight(entries.length) }} />}>
                <BreakdownChart entries={entries} />
              </Suspense>
            </div>
            <CountsTable label={title} head={head} rows={entries} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function Metrics({ metrics, rangeId }: { metrics: ZoneMetrics; rangeId: RangeId }) {
  const format = rangeId === '30d' ? daily : hourly;
  const points = metrics.series.map((point) => ({ label: format.format(new Date(point.time)), queries: point.queries }));
  return (
    <div className="grid gap-6 [&>*]:min-w-0">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 className="text-base">Queries over time</h2>
          </CardTitle>
          <CardDescription>
            <span className="text-2xl font-semibold text-foreground">{numbers.format(metrics.total)}</span> queries answered in the last{' '}
            {ranges.find((range) => range.id === rangeId)!.label}
            {metrics.nxdomain_share !== null && <>, {(metrics.nxdomain_share * 100).toFixed(1)}% of them NXDOMAIN (names that do not exist)</>}.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {metrics.total === 0 && (
            <p className="mb-2 text-sm text-muted-foreground">No queries in this window yet. Queries appear about a minute after they are answered.</p>
          )}
          <div aria-hidden>
            <Suspense fallback={<div style={{ height: queriesOverTimeHeight }} />}>
              <QueriesOverTimeChart points={points} />
            </Suspense>
          </div>
          <CountsTable label="Queries over time" head="From" rows={points.map((point) => ({ name: point.label, queries: point.queries }))} />
        </CardContent>
      </Card>
      {metrics.advanced && metrics.by_type && metrics.by_rcode ? (
        <div className="grid gap-6 md:grid-cols-2 [&>*]:min-w-0">
          <Breakdown title="By query type" head="Query type" counts={metrics.by_type} />
          <Breakdown title="By response code" head="Response code" counts={metrics.by_rcode} />
        </div>
      ) : (
        <Alert>
          The breakdown by query type and response code, and the share of NXDOMAIN answers, come with advanced metrics in the Pro plan.{' '}
          <Link to="/billing" className="font-medium text-primary underline underline-offset-4">
            See the plans
          </Link>
        </Alert>
      )}
    </div>
  );
}

function ZoneAnalytics({ zoneId }: { zoneId: string }) {
  const [rangeId, setRangeId] = useState<RangeId>('24h');
  const metrics = useZoneMetrics(zoneId, rangeId);
  return (
    <div className="grid gap-4 [&>*]:min-w-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <RangeChoice value={rangeId} onChange={setRangeId} />
        {metrics.isFetching && !metrics.isPending && <StatusLine>Updating…</StatusLine>}
      </div>
      {metrics.isPending && <StatusLine>Loading the zone’s queries…</StatusLine>}
      {metrics.isError && <StatusLine error>Could not load the zone’s queries: {metrics.error.message}</StatusLine>}
      {metrics.data && <Metrics metrics={metrics.data} rangeId={rangeId} />}
    </div>
  );
}

/** /zones/:zoneId/analytics: the zone's queries over time, and by type and response code on plans with advanced metrics. */
export default function ZoneAnalyticsScreen() {
  return <ZoneToolsPage title="Analytics">{(zone) => <ZoneAnalytics zoneId={zone.id} />}</ZoneToolsPage>;
}
