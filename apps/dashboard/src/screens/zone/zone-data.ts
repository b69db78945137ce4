import type { paths } from '@kaja/api-client';
import { useMutation, useQueries, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { api, call } from '../../api/client';
import { zonesKey } from '../zones/zones-data';

export type RecordSet = paths['/v1/zones/{id}/records']['get']['responses'][200]['content']['application/json']['data'][number];
export type BulkChange = paths['/v1/zones/{id}/records']['patch']['requestBody']['content']['application/json']['changes'][number];

/** How many record sets the records table fetches at once (the API allows up to 1,000 per page). */
export const recordPageSize = 500;

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

/** The records screen's search: parts of the name and of a value, and a type; empty is no filter. */
export type RecordSearch = { name: string; type: string; content: string };

type RecordPage = { data: RecordSet[]; meta: { total: number; offset: number } };

const fetchPage = (zoneId: string, search: RecordSearch, page: number): Promise<RecordPage> =>
  call(
    api.GET('/v1/zones/{id}/records', {
      params: {
        path: { id: zoneId },
        query: {
          limit: recordPageSize,
          offset: page * recordPageSize,
          ...(search.name ? { name_contains: search.name } : {}),
          ...(search.type ? { type: search.type } : {}),
          ...(search.content ? { content_contains: search.content } : {}),
        },
      },
    }),
  );

// Module-level, so TanStack Query keeps the combined result while no page changes.
const combinePages = (results: UseQueryResult<RecordPage>[]) => ({
  pages: results.map((result) => result.data),
  pending: results[0]?.isPending ?? true,
  error: results.find((result) => result.error)?.error ?? null,
});

/**
 * The sets matching the search, in the API's order (DNS canonical, then type), as a list of `total`
 * places of which only the pages asked for with `need` are fetched: the table scrolls over the whole
 * zone, and a jump to its end fetches the last page, not every page before it.
 */
export function useRecordSetPages(zoneId: string, search: RecordSearch) {
  const searchKey = JSON.stringify(search);
  const [wanted, setWanted] = useState({ searchKey, pages: [0] });
  const pageNumbers = useMemo(() => (wanted.searchKey === searchKey ? wanted.pages : [0]), [wanted, searchKey]);
  const { pages, pending, error } = useQueries({
    queries: pageNumbers.map((page) => ({
      queryKey: [...recordSetsKey(zoneId), search, page],
      queryFn: () => fetchPage(zoneId, search, page),
    })),
    combine: combinePages,
  });
  const total = pages.find((page) => page)?.meta.total ?? 0;
  const byPage = useMemo(() => new Map(pageNumbers.map((number, i) => [number, pages[i]])), [pageNumbers, pages]);
  const loaded = useMemo(() => [...byPage.values()].flatMap((page) => page?.data ?? []), [byPage]);
  const setAt = useCallback((index: number) => byPage.get(Math.floor(index / recordPageSize))?.data[index % recordPageSize], [byPage]);
  /** The table shows places `first` to `last`: their pages are fetched if they are not yet. */
  const need = useCallback(
    (first: number, last: number) => {
      const missing: number[] = [];
      for (let page = Math.max(0, Math.floor(first / recordPageSize)); page <= Math.floor(last / recordPageSize); page++)
        if (!pageNumbers.includes(page)) missing.push(page);
      if (missing.length > 0) setWanted({ searchKey, pages: [...pageNumbers, ...missing] });
    },
    [pageNumbers, searchKey],
  );
  return { total, loaded, setAt, need, pending, error };
}

export type RecordSetPages = ReturnType<typeof useRecordSetPages>;

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
