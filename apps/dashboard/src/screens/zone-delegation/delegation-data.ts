import type { components } from '@kaja/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../api/client';
import { zoneKey } from '../zone/zone-data';

export type Delegation = components['schemas']['ZoneDelegation'];

const delegationKey = (zoneId: string) => [...zoneKey(zoneId), 'delegation'] as const;
const path = (zoneId: string) => ({ params: { path: { id: zoneId } } });

/** What the parent says about the zone; polled while a check is queued or running. */
export function useDelegation(zoneId: string) {
  return useQuery({
    queryKey: delegationKey(zoneId),
    queryFn: async () => (await call(api.GET('/v1/zones/{id}/delegation', path(zoneId)))).data,
    refetchInterval: (query) => (query.state.data?.check_pending ? 1000 : false),
  });
}

/** Asks for a check now; the answer (a check pending) replaces the shown state, and the zone is read again once done. */
export function useCheckDelegation(zoneId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await call(api.POST('/v1/zones/{id}/delegation', path(zoneId)))).data,
    onSuccess: (data) => queryClient.setQueryData(delegationKey(zoneId), data),
  });
}
