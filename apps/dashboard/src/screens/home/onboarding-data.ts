import type { paths } from '@kaja/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../api/client';
import { zonesKey } from '../zones/zones-data';

export type OnboardingStep = paths['/v1/subscriptions/onboarding-step']['post']['requestBody']['content']['application/json']['step'];

/** The customer's first zone, where the steps after creating one are done. */
export function useFirstZone() {
  return useQuery({
    queryKey: [...zonesKey, 'first'],
    queryFn: async () => (await call(api.GET('/v1/zones', { params: { query: { limit: 1, offset: 0 } } }))).data[0] ?? null,
  });
}

/** Marks a step the platform cannot see done (the name servers at the registrar). */
export function useMarkOnboardingStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (step: OnboardingStep) => (await call(api.POST('/v1/subscriptions/onboarding-step', { body: { step } }))).data,
    onSuccess: (subscription) => queryClient.setQueryData(['subscription', 'current'], subscription),
  });
}
