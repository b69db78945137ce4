import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from './api';

type SessionData = { user?: { email?: string } | null; email?: string } | null;

/** The signed-in user's email, or null when signed out (the API answers 401). */
export function useSession() {
  return useQuery({
    queryKey: ['session'],
    queryFn: async () => {
      try {
        const data = await api<SessionData>('/auth/session');
        const email = data?.user?.email ?? data?.email;
        return email ? { email } : null;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    retry: false,
    staleTime: 60_000,
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<unknown>('/auth/signout', { method: 'POST', body: {} }),
    onSettled: () => queryClient.setQueryData(['session'], null),
  });
}
