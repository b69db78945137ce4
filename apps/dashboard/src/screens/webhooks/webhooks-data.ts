import type { paths } from '@kaja/api-client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, inForm } from '../../api/client';

type EndpointsPath = paths['/v1/webhooks'];
export type WebhookEndpoint = EndpointsPath['get']['responses'][200]['content']['application/json']['data'][number];
export type NewWebhookEndpoint = EndpointsPath['post']['requestBody']['content']['application/json'];
export type WebhookEndpointWithSecret = EndpointsPath['post']['responses'][201]['content']['application/json']['data'];
export type WebhookDelivery = paths['/v1/webhooks/{id}/deliveries']['get']['responses'][200]['content']['application/json']['data'][number];

export const webhooksKey = ['webhooks'] as const;
const endpointKey = (id: string) => [...webhooksKey, id] as const;
const deliveriesKey = (id: string) => [...webhooksKey, id, 'deliveries'] as const;

/** One page of the account's endpoints, oldest first. */
export function useWebhookEndpoints(page: { limit: number; offset: number }) {
  return useQuery({
    queryKey: [...webhooksKey, 'list', page],
    queryFn: () => call(api.GET('/v1/webhooks', { params: { query: page } })),
    placeholderData: keepPreviousData,
  });
}

export function useWebhookEndpoint(id: string) {
  return useQuery({ queryKey: endpointKey(id), queryFn: async () => (await call(api.GET('/v1/webhooks/{id}', { params: { path: { id } } }))).data });
}

/** The endpoint's delivery log, newest first; looked at again every few seconds while a delivery is still being tried. */
export function useWebhookDeliveries(id: string, page: { limit: number; offset: number }) {
  return useQuery({
    queryKey: [...deliveriesKey(id), page],
    queryFn: () => call(api.GET('/v1/webhooks/{id}/deliveries', { params: { path: { id }, query: page } })),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some((delivery) => delivery.status === 'pending') ? 3000 : false),
  });
}

export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: NewWebhookEndpoint) => (await call(api.POST('/v1/webhooks', { body, ...inForm }))).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export function useUpdateWebhookEndpoint(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { enabled?: boolean }) => (await call(api.PATCH('/v1/webhooks/{id}', { params: { path: { id } }, body }))).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export function useDeleteWebhookEndpoint(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await call(api.DELETE('/v1/webhooks/{id}', { params: { path: { id } } }))).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export function useRotateWebhookSecret(id: string) {
  return useMutation({
    mutationFn: async () => (await call(api.POST('/v1/webhooks/{id}/secret', { params: { path: { id } } }))).data,
  });
}

export function useSendTestEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await call(api.POST('/v1/webhooks/{id}/test', { params: { path: { id } } }))).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(id) }),
  });
}

export function useRedeliver(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (deliveryId: string) =>
      (await call(api.POST('/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver', { params: { path: { id, deliveryId } } }))).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(id) }),
  });
}
