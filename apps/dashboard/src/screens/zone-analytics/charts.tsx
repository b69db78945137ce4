// recharts is imported only by the charts' modules and their ChartFrame, and this module only lazily by the
// Analytics screen: its own chunk.
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '../../components/chart-frame';
import { breakdownHeight, queriesOverTimeHeight } from './chart-sizes';

const primary = 'var(--color-primary)';
const axis = { fontSize: 12, fill: 'var(--color-muted-foreground)' };
const count = new Intl.NumberFormat(undefined, { notation: 'compact' });

/**
 * The queries per step as an area. Drawn for sighted readers only (aria-hidden by the caller, and
 * without recharts' keyboard layer, so nothing hidden takes focus): the numbers are in a table beside it.
 */
export function QueriesOverTimeChart({ points }: { points: { label: string; queries: number }[] }) {
  return (
    <ChartFrame height={queriesOverTimeHeight}>
      <AreaChart accessibilityLayer={false} data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={axis} minTickGap={24} />
        <YAxis tick={axis} width={44} allowDecimals={false} tickFormatter={(value: number) => count.format(value)} />
        <Tooltip />
        <Area type="monotone" dataKey="queries" name="Queries" stroke={primary} fill={primary} fillOpacity={0.15} isAnimationActive={false} />
      </AreaChart>
    </ChartFrame>
  );
}

/** Queries by one name (query type, response code) as horizontal bars, most first. */
export function BreakdownChart({ entries }: { entries: { name: string; queries: number }[] }) {
  return (
    <ChartFrame height={breakdownHeight(entries.length)}>
      <BarChart accessibilityLayer={false} data={entries} layout="vertical" margin={{ top: 0, right: 8, bottom: 0, left: 0 }}>
        <XAxis type="number" tick={axis} allowDecimals={false} tickFormatter={(value: number) => count.format(value)} />
        <YAxis type="category" dataKey="name" tick={axis} width={80} />
        <Tooltip />
        <Bar dataKey="queries" name="Queries" fill={primary} isAnimationActive={false} />
      </BarChart>
    </ChartFrame>
  );
}
