import type { components } from '@kaja/api-client';
import { useQuery } from '@tanstack/react-query';
import { api, call } from '../../api/client';

export type Zone = components['schemas']['Zone'];

export const zoneKey = (zoneId: string) => ['zones', zoneId] as const;

/** One zone of the customer (a zone of another customer is a 404 like a missing one). */
export function useZone(zoneId: string) {
  return useQuery({
    queryKey: zoneKey(zoneId),
    queryFn: async () => (await call(api.GET('/v1/zones/{id}', { params: { path: { id: zoneId } } }))).data,
  });
}
