import type { components } from '@kaja/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api, call, inForm } from '../../api/client';
import { zoneKey } from '../zone/zone-data';
import { isStale } from './delegation-refresh';

export type Delegation = components['schemas']['ZoneDelegation'];

const delegationKey = (zoneId: string) => [...zoneKey(zoneId), 'delegation'] as const;
const path = (zoneId: string) => ({ params: { path: { id: zoneId } } });

/**
 * What the parent says, as last stored: shown at once (the API reads it from the database, it
 * never asks the parent while answering). Polled while a check is queued or running. With
 * `refreshWhenStale`, an old result asks for a check in the background, once per opening.
 */
export function useDelegation(zoneId: string, options: { refreshWhenStale?: boolean } = {}) {
  const query = useQuery({
    queryKey: delegationKey(zoneId),
    queryFn: async () => (await call(api.GET('/v1/zones/{id}/delegation', path(zoneId)))).data,
    refetchInterval: (query) => (query.state.data?.check_pending ? 1000 : false),
  });
  const check = useCheckDelegation(zoneId, { quiet: true });
  const asked = useRef(false);
  const { data } = query;
  useEffect(() => {
    if (!options.refreshWhenStale || asked.current || !data || !isStale(data)) return;
    asked.current = true;
    check.mutate();
  }, [options.refreshWhenStale, data, check]);
  return query;
}

/**
 * Asks for a check now; the answer (a check pending) replaces the shown state. `quiet`: a refresh
 * nobody asked for, whose refusal (the per-zone limit) is not worth a message.
 */
export function useCheckDelegation(zoneId: string, options: { quiet?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await call(api.POST('/v1/zones/{id}/delegation', { ...path(zoneId), ...(options.quiet ? inForm : {}) }))).data,
    onSuccess: (data) => queryClient.setQueryData(delegationKey(zoneId), data),
  });
}
