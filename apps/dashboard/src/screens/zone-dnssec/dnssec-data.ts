import type { components } from '@kaja/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../api/client';
import { zoneKey } from '../zone/zone-data';

export type DnssecStatus = components['schemas']['DnssecStatus'];
export type Cryptokey = components['schemas']['Cryptokey'];
export type DsRecord = components['schemas']['DsRecord'];

const dnssecKey = (zoneId: string) => [...zoneKey(zoneId), 'dnssec'] as const;
const path = (zoneId: string) => ({ params: { path: { id: zoneId } } });

/** The signing status; polled while the first keys are being generated. */
export function useDnssecStatus(zoneId: string) {
  return useQuery({
    queryKey: [...dnssecKey(zoneId), 'status'],
    queryFn: async () => (await call(api.GET('/v1/zones/{id}/dnssec/status', path(zoneId)))).data,
    refetchInterval: (query) => (query.state.data?.state === 'signing' ? 1000 : false),
  });
}

/** The zone's keys, oldest first (a zone has a handful: one page of 100 holds them). */
export function useCryptokeys(zoneId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...dnssecKey(zoneId), 'cryptokeys'],
    queryFn: async () => (await call(api.GET('/v1/zones/{id}/dnssec/cryptokeys', { params: { path: { id: zoneId }, query: { limit: 100, offset: 0 } } }))).data,
    enabled,
  });
}

/** DS and DNSKEY records of the active KSKs, for the registrar. */
export function useDs(zoneId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...dnssecKey(zoneId), 'ds'],
    queryFn: async () => (await call(api.GET('/v1/zones/{id}/dnssec/ds', path(zoneId)))).data,
    enabled,
  });
}

/** Every DNSSEC write changes the status, the keys and the DS together: all are read again. */
function useDnssecMutation<Input, Output>(zoneId: string, write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => queryClient.invalidateQueries({ queryKey: zoneKey(zoneId) }),
  });
}

export function useUpdateDnssecStatus(zoneId: string) {
  return useDnssecMutation(
    zoneId,
    async (body: { enabled?: boolean; nsec3?: boolean; algorithm?: string }) =>
      (await call(api.PATCH('/v1/zones/{id}/dnssec/status', { ...path(zoneId), body }))).data,
  );
}

export function useCreateCryptokey(zoneId: string) {
  return useDnssecMutation(
    zoneId,
    async (body: { keytype: 'ksk' | 'zsk'; algorithm: string; active: boolean }) =>
      (await call(api.POST('/v1/zones/{id}/dnssec/cryptokeys', { ...path(zoneId), body }))).data,
  );
}

const keyPath = (zoneId: string, keyId: string, force: boolean) => ({
  params: { path: { id: zoneId, keyId }, query: { force: force ? ('true' as const) : ('false' as const) } },
});

export function useSetCryptokeyActive(zoneId: string) {
  return useDnssecMutation(
    zoneId,
    async ({ keyId, active, force }: { keyId: string; active: boolean; force: boolean }) =>
      (await call(api.PUT('/v1/zones/{id}/dnssec/cryptokeys/{keyId}', { ...keyPath(zoneId, keyId, force), body: { active } }))).data,
  );
}

export function useDeleteCryptokey(zoneId: string) {
  return useDnssecMutation(
    zoneId,
    async ({ keyId, force }: { keyId: string; force: boolean }) =>
      (await call(api.DELETE('/v1/zones/{id}/dnssec/cryptokeys/{keyId}', keyPath(zoneId, keyId, force)))).data,
  );
}

/** DNSSEC algorithm numbers (RFC 8624) to their mnemonics, for DS records. */
export const algorithmNames: Record<number, string> = { 8: 'RSASHA256', 13: 'ECDSAP256SHA256', 15: 'ED25519' };
export const digestTypeNames: Record<number, string> = { 2: 'SHA-256', 4: 'SHA-384' };
export const algorithms = ['ECDSAP256SHA256', 'ED25519', 'RSASHA256'] as const;
