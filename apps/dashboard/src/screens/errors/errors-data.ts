import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components } from '@kaja/api-client';
import { api, call } from '../../api/client';

export type ErrorIssue = components['schemas']['ErrorIssue'];

/** One page of the error issues, the most recently seen first (platform staff). */
export function useErrorIssues(page: { limit: number; offset: number }) {
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
