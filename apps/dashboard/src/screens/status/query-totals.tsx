import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@kaja/ui';
import { lazy, Suspense } from 'react';
import { PageStatus } from '../../shell/page-status';
import { useQueryTotals } from './status-data';

const QueryTotalsChart = lazy(() => import('./query-totals-chart'));
const days = 30;
const number = new Intl.NumberFormat();
const networkNames = { EU: 'EU network', GLOBAL: 'Global network' } as const;

/** DNS queries per network: the last hours as figures, the last 30 days as a chart. */
export function QueryTotals() {
  const totals = useQueryTotals(days);
  if (totals.isPending) return <PageStatus>Loading the query totals…</PageStatus>;
  if (totals.isError) return <PageStatus error>{totals.error.message}</PageStatus>;
  const { networks } = totals.data.data;
  const points = (networks[0]?.days ?? []).map((point, index) => ({
    day: point.day.slice(5),
    EU: networks.find((item) => item.network === 'EU')?.days[index]?.queries ?? 0,
    GLOBAL: networks.find((item) => item.network === 'GLOBAL')?.days[index]?.queries ?? 0,
  }));
  return (
    <div className="grid gap-4">
      <Table aria-label="Queries per network">
        <TableHeader>
          <TableRow>
            <TableHead>Network</TableHead>
            <TableHead className="text-right">This hour so far</TableHead>
            <TableHead className="text-right">Last hour</TableHead>
            <TableHead className="text-right">Last {days} days</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {networks.map((item) => (
            <TableRow key={item.network}>
              <TableCell>{networkNames[item.network]}</TableCell>
              <TableCell className="text-right tabular-nums">{number.format(item.this_hour)}</TableCell>
              <TableCell className="text-right tabular-nums">{number.format(item.last_hour)}</TableCell>
              <TableCell className="text-right tabular-nums">{number.format(item.total)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <div aria-hidden className="min-h-60">
        <Suspense fallback={null}>
          <QueryTotalsChart points={points} />
        </Suspense>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-primary">Queries per day</summary>
        <Table aria-label="Queries per day and network">
          <TableHeader>
            <TableRow>
              <TableHead>Day (UTC)</TableHead>
              <TableHead className="text-right">EU network</TableHead>
              <TableHead className="text-right">Global network</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {(networks[0]?.days ?? []).map((point, index) => (
              <TableRow key={point.day}>
                <TableCell>{point.day}</TableCell>
                <TableCell className="text-right tabular-nums">{number.format(points[index]!.EU)}</TableCell>
                <TableCell className="text-right tabular-nums">{number.format(points[index]!.GLOBAL)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </details>
    </div>
  );
}
