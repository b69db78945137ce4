import type { paths } from '@kaja/api-client';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../api/client';
import { zonesKey } from '../zones/zones-data';

export type RecordSet = paths['/v1/zones/{id}/records']['get']['responses'][200]['content']['application/json']['data'][number];
export type BulkChange = paths['/v1/zones/{id}/records']['patch']['requestBody']['content']['application/json']['changes'][number];

/** The API's largest page: the records table loads the sets in pages of this many as it scrolls. */
const pageSize = 100;

export const zoneKey = (zoneId: string) => [...zonesKey, zoneId] as const;
export const recordSetsKey = (zoneId: string) => [...zonesKey, zoneId, 'records'] as const;

/** The zone; `refetchInterval` (ms) keeps it current where it changes by itself (a secondary zone's transfers). */
export function useZone(zoneId: string, options: { refetchInterval?: number } = {}) {
  return useQuery({
    queryKey: zoneKey(zoneId),
    queryFn: async () => (await call(api.GET('/v1/zones/{id}', { params: { path: { id: zoneId } } }))).data,
    refetchInterval: options.refetchInterval ?? false,
  });
}

/** The zone's record sets in the API's order (DNS canonical, then type), optionally of one name and/or type. */
export function useRecordSets(zoneId: string, filter: { name: string; type: string }) {
  return useInfiniteQuery({
    queryKey: [...recordSetsKey(zoneId), filter],
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      call(
        api.GET('/v1/zones/{id}/records', {
          params: {
            path: { id: zoneId },
            query: { limit: pageSize, offset: pageParam, ...(filter.name ? { name: filter.name } : {}), ...(filter.type ? { type: filter.type } : {}) },
          },
        }),
      ),
    getNextPageParam: (last) => (last.meta.offset + last.data.length < last.meta.total ? last.meta.offset + last.data.length : undefined),
  });
}

/** After any change: the sets and the zone (serial, record count) are read again. */
export function useRefreshZone(zoneId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: zoneKey(zoneId) });
}
