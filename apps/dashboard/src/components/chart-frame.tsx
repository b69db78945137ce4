// Imported by the charts' modules only, which are loaded lazily: recharts stays in their chunks.
import type { ReactElement } from 'react';
import { ResponsiveContainer } from 'recharts';

/**
 * A chart as wide as its container and `height` pixels high. Clipped: when the container narrows
 * (a phone turned, a window made smaller) the chart keeps its old width until its resize observer's
 * news re-renders it, and unclipped it would widen the whole page meanwhile.
 */
export function ChartFrame({ height, children }: { height: number; children: ReactElement }) {
  return (
    <ResponsiveContainer width="100%" height={height} className="overflow-hidden">
      {children}
    </ResponsiveContainer>
  );
}
