import type { ZoneRegion } from '@kaja/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call, inForm } from '../../api/client';
import { sessionKey } from '../../api/session';

export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { full_name: string }) => (await call(api.PUT('/v1/users/{id}', { params: { path: { id: userId } }, body, ...inForm }))).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKey }),
  });
}

export function useUpdateCompany(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { name: string; default_region: ZoneRegion }) =>
      (await call(api.PUT('/v1/customers/{id}', { params: { path: { id: customerId } }, body, ...inForm }))).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKey }),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: async (body: { current_password: string; new_password: string }) => call(api.POST('/v1/auth/change-password', { body })),
  });
}
