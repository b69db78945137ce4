// recharts is imported only by the charts' modules and their ChartFrame: this module is loaded lazily,
// so the rest of the Status screen shows before the chart library arrives.
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '../../components/chart-frame';

const axis = { fontSize: 12, fill: 'var(--color-muted-foreground)' };
const count = new Intl.NumberFormat(undefined, { notation: 'compact' });

/**
 * Queries per day, one bar per network side by side. Drawn for sighted readers only (aria-hidden by
 * the caller, without recharts' keyboard layer): the numbers are in the table beside it.
 */
export default function QueryTotalsChart({ points }: { points: { day: string; EU: number; GLOBAL: number }[] }) {
  return (
    <ChartFrame height={240}>
      <BarChart accessibilityLayer={false} data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="day" tick={axis} minTickGap={24} />
        <YAxis tick={axis} width={44} allowDecimals={false} tickFormatter={(value: number) => count.format(value)} />
        <Tooltip />
        <Legend />
        <Bar dataKey="EU" name="EU network" fill="var(--color-primary)" isAnimationActive={false} />
        <Bar dataKey="GLOBAL" name="Global network" fill="var(--color-muted-foreground)" isAnimationActive={false} />
      </BarChart>
    </ChartFrame>
  );
}
