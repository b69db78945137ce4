import type { components } from '@kaja/api-client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../api/client';
import { zoneKey } from '../zone/zone-data';

export type ZoneChange = components['schemas']['ZoneChange'];

/** One page of the zone's changes, newest first. */
export function useHistory(zoneId: string, { limit, offset }: { limit: number; offset: number }) {
  return useQuery({
    queryKey: [...zoneKey(zoneId), 'history', { limit, offset }],
    queryFn: () => call(api.GET('/v1/zones/{id}/history', { params: { path: { id: zoneId }, query: { limit, offset } } })),
    placeholderData: keepPreviousData,
  });
}

const restore = (zoneId: string, serial: number, dryRun: boolean) =>
  call(api.POST('/v1/zones/{id}/restore', { params: { path: { id: zoneId }, query: { dry_run: dryRun ? 'true' : 'false' } }, body: { serial } })).then(
    ({ data }) => data,
  );

/** What restoring the zone to `serial` would change, written nowhere. */
export function useRestorePreview(zoneId: string, serial: number | null) {
  return useQuery({
    queryKey: [...zoneKey(zoneId), 'restore-preview', serial],
    queryFn: () => restore(zoneId, serial!, true),
    enabled: serial !== null,
    // A preview is of the zone as it is now: never an old one from the cache.
    gcTime: 0,
    staleTime: 0,
  });
}

/** Restores the zone to `serial`, as one new change. */
export function useRestore(zoneId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (serial: number) => restore(zoneId, serial, false),
    onSettled: () => queryClient.invalidateQueries({ queryKey: zoneKey(zoneId) }),
  });
}
