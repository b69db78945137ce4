import type { paths } from '@kaja/api-client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, inForm } from '../../api/client';
import { credentials } from '../../api/credentials';

type KeysPath = paths['/v1/users/{userId}/apikeys'];
export type ApiKey = KeysPath['get']['responses'][200]['content']['application/json']['data'][number];
export type NewApiKey = KeysPath['post']['requestBody']['content']['application/json'];
export type ApiKeyWithSecret = KeysPath['post']['responses'][201]['content']['application/json']['data'];

export type TeamApiKey = paths['/v1/apikeys']['get']['responses'][200]['content']['application/json']['data'][number];

/** Every list of keys: a change to anyone's key refreshes them all. */
const allKeysKey = ['api-keys'] as const;

/** One page of the team's active keys the signed-in user manages (a member's own only), newest first. */
export function useTeamApiKeys(page: { limit: number; offset: number }) {
  return useQuery({
    queryKey: [...allKeysKey, 'team', page],
    queryFn: () => call(api.GET('/v1/apikeys', { params: { query: page } })),
    placeholderData: keepPreviousData,
  });
}

/** True when this browser calls the API with `key` (its stored key starts with the key's prefix). */
const isThisBrowsersKey = (key: Pick<ApiKey, 'prefix'>) => credentials.apiKey()?.startsWith(key.prefix) ?? false;

export function useCreateApiKey(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: NewApiKey) => (await call(api.POST('/v1/users/{userId}/apikeys', { params: { path: { userId } }, body, ...inForm }))).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allKeysKey }),
  });
}

/** A new secret; when the dashboard itself was calling with the old one, it keeps working with the new one. */
export function useRotateApiKey(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (key: ApiKey) => {
      const ownKey = isThisBrowsersKey(key);
      const { data } = await call(api.POST('/v1/users/{userId}/apikeys/{keyId}/rotate', { params: { path: { userId, keyId: key.id } } }));
      if (ownKey) credentials.saveApiKey(data.key);
      return data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allKeysKey }),
  });
}

/** Revokes anyone's key at once (its user's path); when it was the dashboard's own key, the dashboard goes on with the session's token. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (key: Pick<ApiKey, 'id' | 'user_id' | 'prefix'>) => {
      const ownKey = isThisBrowsersKey(key);
      const { data } = await call(api.DELETE('/v1/users/{userId}/apikeys/{keyId}', { params: { path: { userId: key.user_id, keyId: key.id } } }));
      if (ownKey) credentials.forgetApiKey();
      return data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allKeysKey }),
  });
}
