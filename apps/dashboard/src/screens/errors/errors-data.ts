import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@kaja/api-client';
import { api, call } from '../../api/client';

export type ErrorIssue = components['schemas']['ErrorIssue'];
export type ErrorIssueState = ErrorIssue['state'];

/** One page of the error issues, the most recently seen first (platform staff): those in `state`, or all but the muted. */
export function useErrorIssues(page: { limit: number; offset: number; state?: ErrorIssueState }) {
  return useQuery({
    queryKey: ['error-issues', page],
    queryFn: () => call(api.GET('/v1/errors', { params: { query: page } })),
    placeholderData: keepPreviousData,
  });
}

/** One issue with its latest events and their stacks. */
export function useErrorIssue(id: string) {
  return useQuery({ queryKey: ['error-issues', id], queryFn: () => call(api.GET('/v1/errors/{id}', { params: { path: { id } } })) });
}

/** Resolves, mutes or reopens an issue. */
export function useSetErrorIssueState(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (state: ErrorIssueState) => (await call(api.PUT('/v1/errors/{id}/state', { params: { path: { id } }, body: { state } }))).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['error-issues'] }),
  });
}
