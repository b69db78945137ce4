// recharts is imported only by the charts' modules (this, the zone analytics' and the Status screen's) and
// their ChartFrame: it stays in the chunks of those screens.
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '../../components/chart-frame';

const primary = 'var(--color-primary)';
const muted = 'var(--color-muted-foreground)';
const axis = { fontSize: 12, fill: 'var(--color-muted-foreground)' };
const count = new Intl.NumberFormat(undefined, { notation: 'compact' });

export type Series = { key: string; name: string };

/**
 * Counts per day or week as bars, one colour per series (the funnel's steps from dark to light). Drawn
 * for sighted readers only (aria-hidden by the caller, without recharts' keyboard layer): the numbers
 * are in a table beside it.
 */
export function PeriodBarsChart({ points, series }: { points: Record<string, string | number>[]; series: Series[] }) {
  return (
    <ChartFrame height={260}>
      <BarChart accessibilityLayer={false} data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={axis} minTickGap={16} />
        <YAxis tick={axis} width={40} allowDecimals={false} tickFormatter={(value: number) => count.format(value)} />
        <Tooltip />
        {series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
        {series.map((item, index) => (
          <Bar
            key={item.key}
            dataKey={item.key}
            name={item.name}
            fill={series.length === 2 && index === 1 ? muted : primary}
            fillOpacity={series.length === 2 ? 1 : 1 - index * 0.18}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ChartFrame>
  );
}

/** Named counts (pages, referring sites, the funnel's steps) as horizontal bars, most first. */
export function RankingChart({ entries }: { entries: { name: string; value: number }[] }) {
  return (
    <ChartFrame height={Math.max(80, entries.length * 28 + 24)}>
      <BarChart accessibilityLayer={false} data={entries} layout="vertical" margin={{ top: 0, right: 8, bottom: 0, left: 0 }}>
        <XAxis type="number" tick={axis} allowDecimals={false} tickFormatter={(value: number) => count.format(value)} />
        <YAxis type="category" dataKey="name" tick={axis} width={120} />
        <Tooltip />
        <Bar dataKey="value" name="Count" fill={primary} isAnimationActive={false} />
      </BarChart>
    </ChartFrame>
  );
}
