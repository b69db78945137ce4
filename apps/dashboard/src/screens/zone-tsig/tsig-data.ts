import type { components } from '@kaja/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, inForm } from '../../api/client';
import { zoneKey } from '../zone/zone-data';

export type TsigKey = components['schemas']['TsigKey'];
export type RecordPolicy = NonNullable<TsigKey['record_policies']>[number];
export type Secondary = components['schemas']['Secondary'];
export type TsigAlgorithm = TsigKey['algorithm'];
export const tsigAlgorithms: TsigAlgorithm[] = ['hmac-sha256', 'hmac-sha384', 'hmac-sha512'];

const tsigKeysKey = (zoneId: string) => [...zoneKey(zoneId), 'tsig-keys'] as const;
const secondariesKey = (zoneId: string) => [...zoneKey(zoneId), 'secondaries'] as const;
// A zone has at most 20 keys and 10 secondaries: one page holds them all.
const allOfThem = { limit: 100, offset: 0 };

export function useTsigKeys(zoneId: string) {
  return useQuery({
    queryKey: tsigKeysKey(zoneId),
    queryFn: async () => (await call(api.GET('/v1/zones/{id}/tsig-keys', { params: { path: { id: zoneId }, query: allOfThem } }))).data,
  });
}

export type NewTsigKey = { name?: string; algorithm: TsigAlgorithm; can_update: boolean; can_transfer: boolean; record_policies: RecordPolicy[] | null };

/** Creates a key; the answer is the only place its secret is ever shown. */
export function useCreateTsigKey(zoneId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: NewTsigKey) => (await call(api.POST('/v1/zones/{id}/tsig-keys', { params: { path: { id: zoneId } }, body, ...inForm }))).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tsigKeysKey(zoneId) }),
  });
}

/** Changes what a key may do and which records (the secret stays). */
export function useUpdateTsigKey(zoneId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ keyId, ...body }: { keyId: string } & Pick<NewTsigKey, 'can_update' | 'can_transfer' | 'record_policies'>) =>
      (await call(api.PUT('/v1/zones/{id}/tsig-keys/{keyId}', { params: { path: { id: zoneId, keyId } }, body, ...inForm }))).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tsigKeysKey(zoneId) }),
  });
}

export function useDeleteTsigKey(zoneId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (keyId: string) => (await call(api.DELETE('/v1/zones/{id}/tsig-keys/{keyId}', { params: { path: { id: zoneId, keyId } } }))).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tsigKeysKey(zoneId) }),
  });
}

export function useSecondaries(zoneId: string) {
  return useQuery({
    queryKey: secondariesKey(zoneId),
    queryFn: async () => (await call(api.GET('/v1/zones/{id}/secondaries', { params: { path: { id: zoneId }, query: allOfThem } }))).data,
  });
}

export function useCreateSecondary(zoneId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { address: string; port: number; tsig_key_id: string }) =>
      (await call(api.POST('/v1/zones/{id}/secondaries', { params: { path: { id: zoneId } }, body, ...inForm }))).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: secondariesKey(zoneId) }),
  });
}

export function useDeleteSecondary(zoneId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (secondaryId: string) =>
      (await call(api.DELETE('/v1/zones/{id}/secondaries/{secondaryId}', { params: { path: { id: zoneId, secondaryId } } }))).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: secondariesKey(zoneId) }),
  });
}
