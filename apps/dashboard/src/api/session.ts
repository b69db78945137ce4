import type { paths } from '@kaja/api-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from './client';
import { credentials } from './credentials';
import { ApiError } from './errors';

export type Session = paths['/v1/auth/session']['get']['responses'][200]['content']['application/json']['data'];

export const sessionKey = ['session'] as const;

/** The signed-in user and customer, or null when there is no session (the API answers 401). */
export function useSession() {
  return useQuery({
    queryKey: sessionKey,
    queryFn: async (): Promise<Session | null> => {
      try {
        return (await call(api.GET('/v1/auth/session'))).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          credentials.clear();
          return null;
        }
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
}

/** Signs this browser in: the access token is kept and the session asked for again. */
export function useStartSession() {
  const queryClient = useQueryClient();
  return async (accessToken: string) => {
    credentials.saveAuthToken(accessToken);
    await queryClient.invalidateQueries({ queryKey: sessionKey });
  };
}

/** Signs out on the server, then forgets both credentials and everything fetched with them. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return async () => {
    await call(api.POST('/v1/auth/signout')).catch(() => undefined);
    credentials.clear();
    queryClient.clear();
    queryClient.setQueryData(sessionKey, null);
  };
}

/** Where to go after signing in: a path of this app given in `next`, else the home screen. */
export function nextPath(search: URLSearchParams): string {
  const next = search.get('next');
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/dashboard';
}
