import type { paths } from '@kaja/api-client';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

// The changes below settle once the zone has been read again, so what follows them sees the new sets.

/** Deletes a whole set. */
export function useDeleteRecordSet(zoneId: string) {
  const refresh = useRefreshZone(zoneId);
  return useMutation({
    mutationFn: (set: RecordSet) => call(api.DELETE('/v1/zones/{id}/records/{recordId}', { params: { path: { id: zoneId, recordId: set.id } } })),
    onSuccess: () => refresh(),
  });
}

/** Deletes one value of a set; the rest of the set stays. */
export function useDeleteRecordValue(zoneId: string) {
  const refresh = useRefreshZone(zoneId);
  return useMutation({
    mutationFn: ({ set, content }: { set: RecordSet; content: string }) =>
      call(
        api.DELETE('/v1/zones/{id}/records/by-name/{name}/{type}', {
          params: { path: { id: zoneId, name: set.name, type: set.type }, query: { content } },
        }),
      ),
    onSuccess: () => refresh(),
  });
}

/** Changes many sets in one request (the API's bulk PATCH): all of them or, when one change is refused, none. */
export function useChangeRecordSets(zoneId: string) {
  const refresh = useRefreshZone(zoneId);
  return useMutation({
    mutationFn: (changes: BulkChange[]) => call(api.PATCH('/v1/zones/{id}/records', { params: { path: { id: zoneId } }, body: { changes } })),
    onSuccess: () => refresh(),
  });
}
