import type { components } from '@kaja/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, call, inForm } from '../../api/client';
import { zoneKey } from './zone-data';

export type SecondaryState = components['schemas']['SecondaryZoneState'];
export type PrimaryInput = { address: string; port: number; tsig_key_id: string | null };

/** The API's limit of primaries per zone. */
export const maxPrimaries = 10;

/** One primary as the forms take it: where the zone is transferred from. */
export const primaryRow = z.object({
  address: z.string().trim().min(1, 'Enter the IPv4 or IPv6 address of your primary'),
  port: z.coerce.number<string | number>().int().min(1, 'A port from 1 to 65535').max(65535, 'A port from 1 to 65535'),
});

/** A secondary zone's primaries as the forms take them: tried in order, one at least. */
export const primaryRows = <Row extends z.ZodType>(row: Row) =>
  z.array(row).min(1, 'A secondary zone needs at least one primary').max(maxPrimaries, `At most ${maxPrimaries} primaries`);

/** How often a secondary zone's page reads the zone again: transfers happen without the visitor doing anything. */
export const transferStatePollMs = 3000;

/** Asks for a check of the primaries now; the transfer runs in the background and the zone shows its outcome. */
export function useTransferNow(zoneId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await call(api.POST('/v1/zones/{id}/transfer', { params: { path: { id: zoneId } } }))).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: zoneKey(zoneId) }),
  });
}

/** Replaces the primaries (the API transfers from them at once). */
export function useSetPrimaries(zoneId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (primaries: PrimaryInput[]) =>
      (await call(api.PUT('/v1/zones/{id}/primaries', { params: { path: { id: zoneId } }, body: { primaries }, ...inForm }))).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: zoneKey(zoneId) }),
  });
}
