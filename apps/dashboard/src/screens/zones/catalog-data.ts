import type { components } from '@kaja/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, inForm } from '../../api/client';
import { ApiError } from '../../api/errors';
import { zonesKey } from './zones-data';

export type CatalogZone = components['schemas']['CatalogZone'];

// Under the zones' key: a zone added or deleted changes the catalog's members and serial.
const catalogKey = [...zonesKey, 'catalog'] as const;

/** The customer's catalog zone, or null while it is off (the API's 404, which is no failure here). */
export function useCatalogZone() {
  return useQuery({
    queryKey: catalogKey,
    queryFn: async (): Promise<CatalogZone | null> => {
      try {
        return (await call(api.GET('/v1/catalog-zone', inForm))).data;
      } catch (error) {
        if (error instanceof ApiError && error.code === 'not_found') return null;
        throw error;
      }
    },
  });
}

export function useCreateCatalogZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await call(api.POST('/v1/catalog-zone', { body: {} }))).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogKey }),
  });
}

export function useDeleteCatalogZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await call(api.DELETE('/v1/catalog-zone'))).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogKey }),
  });
}
