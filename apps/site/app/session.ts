import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from './api';

type SessionData = { user: { email: string } };

/** The signed-in user's email, or null when signed out (the API answers 401). */
export function useSession() {
  return useQuery({
    queryKey: ['session'],
    queryFn: async () => {
      try {
        const { user } = await api<SessionData>('/auth/session');
        return { email: user.email };
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
