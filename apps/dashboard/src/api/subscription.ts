import { useQuery } from '@tanstack/react-query';
import { api, call } from './client';

/** The customer's current subscription and plan (a session-only call). */
export function useCurrentSubscription() {
  return useQuery({
    queryKey: ['subscription', 'current'],
    queryFn: async () => (await call(api.GET('/v1/subscriptions/current'))).data,
  });
}
