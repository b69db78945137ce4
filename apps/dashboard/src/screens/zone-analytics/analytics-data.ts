import type { components } from '@kaja/api-client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, call } from '../../api/client';

export type ZoneMetrics = components['schemas']['ZoneMetrics'];

/** The windows offered, each with a step that keeps the chart readable. */
export const ranges = [
  { id: '24h', label: '24 hours', hours: 24, step: '1h' },
  { id: '7d', label: '7 days', hours: 7 * 24, step: '6h' },
  { id: '30d', label: '30 days', hours: 30 * 24, step: '1d' },
] as const;
export type RangeId = (typeof ranges)[number]['id'];

/** The zone's queries in the window up to now; DNS nodes write their counts about once a minute, so it is fetched again as often. */
export function useZoneMetrics(zoneId: string, rangeId: RangeId) {
  const range = ranges.find((entry) => entry.id === rangeId)!;
  return useQuery({
    queryKey: ['zones', zoneId, 'metrics', rangeId],
    queryFn: async () => {
      const to = new Date();
      const from = new Date(to.getTime() - range.hours * 3_600_000);
      return (
        await call(
          api.GET('/v1/zones/{id}/metrics', { params: { path: { id: zoneId }, query: { from: from.toISOString(), to: to.toISOString(), step: range.step } } }),
        )
      ).data;
    },
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}
