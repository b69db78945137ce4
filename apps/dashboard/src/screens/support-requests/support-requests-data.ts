import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@kaja/api-client';
import { api, call } from '../../api/client';

export type SupportRequest = components['schemas']['SupportRequest'];

const supportKey = ['support-requests'] as const;

/** One page of the support requests, newest first, open or answered or both (platform staff). */
export function useSupportRequests(query: { limit: number; offset: number; state?: 'open' | 'handled' }) {
  return useQuery({
    queryKey: [...supportKey, 'list', query],
    queryFn: () => call(api.GET('/v1/support', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

export function useSupportRequest(id: string) {
  return useQuery({ queryKey: [...supportKey, id], queryFn: () => call(api.GET('/v1/support/{id}', { params: { path: { id } } })) });
}

/** Marks the request answered, or open again. */
export function useMarkSupportRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (handled: boolean) => call(api.PATCH('/v1/support/{id}', { params: { path: { id } }, body: { handled } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKey }),
  });
}
