import type { components, paths } from '@kaja/api-client';
import type { BillingInterval } from '@kaja/catalog';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, inForm } from '../../api/client';
import { sessionKey } from '../../api/session';

export type Plan = components['schemas']['Plan'];
export type Invoice = components['schemas']['Invoice'];
export type BillingAddress = components['schemas']['BillingAddress'];
export type CurrentSubscription = paths['/v1/subscriptions/current']['get']['responses'][200]['content']['application/json']['data'];
export type { BillingInterval };

const subscriptionKey = ['subscription', 'current'] as const;
const invoicesKey = ['invoices'] as const;

export function usePlans() {
  return useQuery({
    queryKey: ['plans'],
    queryFn: async () => (await call(api.GET('/v1/plans'))).data,
    staleTime: 60 * 60_000,
  });
}

export function useInvoices(page: { limit: number; offset: number }) {
  return useQuery({
    queryKey: [...invoicesKey, page],
    queryFn: () => call(api.GET('/v1/invoices', { params: { query: page } })),
    placeholderData: keepPreviousData,
  });
}

/** After any change of the subscription: its state, usage and invoices are fetched again. */
function useRefreshBilling() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: subscriptionKey }), queryClient.invalidateQueries({ queryKey: invoicesKey })]);
}

export function useCheckout() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: async (body: { plan_id: string; interval: BillingInterval; start?: 'trial_end' | 'now' }) =>
      (await call(api.POST('/v1/subscriptions/checkout', { body, ...inForm }))).data,
    onSuccess: refresh,
  });
}

export function useChangePlan() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: async ({ subscriptionId, planId }: { subscriptionId: string; planId: string }) =>
      (await call(api.PUT('/v1/subscriptions/{id}/change-plan', { params: { path: { id: subscriptionId } }, body: { new_plan_id: planId }, ...inForm }))).data,
    onSuccess: refresh,
  });
}

export function useCancelSubscription() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: async (subscriptionId: string) => (await call(api.DELETE('/v1/subscriptions/{id}', { params: { path: { id: subscriptionId } } }))).data,
    onSuccess: refresh,
  });
}

/** The billing address and VAT ID live on the customer, which the session carries. */
export function useSaveBillingDetails(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { billing_address: BillingAddress; vat_id: string | null }) =>
      (await call(api.PUT('/v1/customers/{id}', { params: { path: { id: customerId } }, body, ...inForm }))).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKey }),
  });
}

/** The invoice's PDF, fetched with the dashboard's credentials (a plain link would carry none). */
/** An invoice's PDF, fetched on demand with the credentials (a plain link would carry none). */
export function useInvoicePdf() {
  return useMutation({
    mutationFn: (invoice: Invoice) => call<Blob>(api.GET('/v1/invoices/{id}/pdf', { params: { path: { id: invoice.id } }, parseAs: 'blob' })),
  });
}

/** A trial that is still running with a plan ordered for its end (the paid period is recorded, not yet started). */
export const hasTrialOrder = (subscription: CurrentSubscription) =>
  subscription.status === 'trialing' && subscription.billing_interval !== null && !subscription.cancel_at_period_end;
