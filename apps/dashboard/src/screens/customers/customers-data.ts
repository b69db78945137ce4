import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components, paths } from '@kaja/api-client';
import { api, call } from '../../api/client';

export type CustomerWithUsage = components['schemas']['CustomerWithUsage'];
export type CustomerOverview = components['schemas']['CustomerOverview'];
export type CustomerState = NonNullable<paths['/v1/customers']['get']['parameters']['query']>['state'];

/** Every customer query: an action on one refreshes the list and the overview alike. */
const customersKey = ['console-customers'] as const;

/** One page of the customers, found by `q` and filtered by state (platform staff). */
export function useCustomers(query: { limit: number; offset: number; q?: string; state?: CustomerState }) {
  return useQuery({
    queryKey: [...customersKey, 'list', query],
    queryFn: () => call(api.GET('/v1/customers', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

export function useCustomerOverview(id: string) {
  return useQuery({
    queryKey: [...customersKey, id],
    queryFn: () => call(api.GET('/v1/customers/{id}/overview', { params: { path: { id } } })),
  });
}

/** The customer's latest audit events (staff read any customer's log). */
export function useCustomerAudit(id: string) {
  return useQuery({
    queryKey: [...customersKey, id, 'audit'],
    queryFn: () => call(api.GET('/v1/audit-events', { params: { query: { customer_id: id, limit: 20, offset: 0 } } })),
  });
}

function useCustomerAction<Input>(run: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: customersKey }) });
}

export const useSuspendCustomer = (id: string) =>
  useCustomerAction((reason: string) => call(api.POST('/v1/customers/{id}/suspend', { params: { path: { id } }, body: { reason } })));

export const useUnsuspendCustomer = (id: string) =>
  useCustomerAction((reason: string) => call(api.POST('/v1/customers/{id}/unsuspend', { params: { path: { id } }, body: { reason } })));

export const useExtendTrial = (id: string) =>
  useCustomerAction((days: number) => call(api.POST('/v1/customers/{id}/trial-extension', { params: { path: { id } }, body: { days } })));

/** Records a payment received outside the platform, e.g. a reconciled bank transfer. */
export const useMarkInvoicePaid = () =>
  useCustomerAction(({ id, reference }: { id: string; reference: string }) =>
    call(api.POST('/v1/invoices/{id}/pay', { params: { path: { id } }, body: { reference } })),
  );
