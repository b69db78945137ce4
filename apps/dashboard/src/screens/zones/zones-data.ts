import type { paths } from '@kaja/api-client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, call } from '../../api/client';

export type Zone = paths['/v1/zones']['get']['responses'][200]['content']['application/json']['data'][number];

export const zonesKey = ['zones'] as const;

/** One page of the customer's zones, optionally only those whose name contains `name`. */
export function useZones({ name, limit, offset }: { name: string; limit: number; offset: number }) {
  return useQuery({
    queryKey: [...zonesKey, { name, limit, offset }],
    queryFn: () => call(api.GET('/v1/zones', { params: { query: { limit, offset, ...(name ? { name } : {}) } } })),
    placeholderData: keepPreviousData,
  });
}

/** How many zones the customer has. */
export function useZoneCount() {
  return useQuery({
    queryKey: [...zonesKey, 'count'],
    queryFn: async () => (await call(api.GET('/v1/zones', { params: { query: { limit: 1, offset: 0 } } }))).meta.total,
  });
}
