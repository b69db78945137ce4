import type { paths } from '@kaja/api-client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, inForm } from '../../api/client';
import { sessionKey } from '../../api/session';

export type Member = paths['/v1/users']['get']['responses'][200]['content']['application/json']['data'][number];
export type Invitation = paths['/v1/invitations-admin']['get']['responses'][200]['content']['application/json']['data'][number];
export type Role = Member['role'];

export const roles: { value: Role; label: string }[] = [
  { value: 'owner', label: 'Owner' },
  { value: 'admin', label: 'Admin' },
  { value: 'member', label: 'Member' },
];

const membersKey = ['team', 'members'] as const;
const invitationsKey = ['team', 'invitations'] as const;

export function useMembers(page: { limit: number; offset: number }) {
  return useQuery({
    queryKey: [...membersKey, page],
    queryFn: () => call(api.GET('/v1/users', { params: { query: page } })),
    placeholderData: keepPreviousData,
  });
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, role }: { id: string; role: Role }) => (await call(api.PUT('/v1/users/{id}', { params: { path: { id } }, body: { role } }))).data,
    // Refetched also on failure, so the role shown is the one the API kept.
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersKey }),
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => call(api.DELETE('/v1/users/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey }),
  });
}

/** The customer's invitations in every state, oldest first (owners and admins only). */
export function useInvitations(page: { limit: number; offset: number }) {
  return useQuery({
    queryKey: [...invitationsKey, page],
    queryFn: () => call(api.GET('/v1/invitations-admin', { params: { query: page } })),
    placeholderData: keepPreviousData,
  });
}

export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { email: string; role: Role }) => (await call(api.POST('/v1/invitations-admin', { body, ...inForm }))).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsKey }),
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await call(api.DELETE('/v1/invitations-admin/{id}', { params: { path: { id } } }))).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsKey }),
  });
}

/** The owner's setting that every member signs in with two factors; the session carries it, so it is read again. */
export function useRequireTwoFactor(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (required: boolean) =>
      call(api.PUT('/v1/customers/{id}', { params: { path: { id: customerId } }, body: { require_two_factor: required } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKey }),
  });
}
