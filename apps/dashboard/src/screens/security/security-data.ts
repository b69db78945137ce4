import type { components } from '@kaja/api-client';
import { startRegistration } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../api/client';
import { credentials } from '../../api/credentials';
import { sessionKey } from '../../api/session';

const twoFactorKey = ['two-factor'] as const;
const passkeysKey = ['passkeys'] as const;
const sessionsKey = ['sessions'] as const;

/** A signed-in browser or program of the person. */
export type Session = components['schemas']['Session'];

/** A fresh second factor, asked again before turning the app off or replacing the recovery codes. */
export type FreshFactor = { code: string } | { recovery_code: string };

export const useTwoFactor = () => useQuery({ queryKey: twoFactorKey, queryFn: async () => (await call(api.GET('/v1/auth/two-factor'))).data });
export const usePasskeys = () => useQuery({ queryKey: passkeysKey, queryFn: async () => (await call(api.GET('/v1/auth/passkeys'))).data });
export const useSessions = () => useQuery({ queryKey: sessionsKey, queryFn: async () => (await call(api.GET('/v1/auth/sessions'))).data });

/** After a factor changes: the status, the passkeys and the session (whose enrolment flag may have cleared). */
function useFactorsChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: twoFactorKey }),
      queryClient.invalidateQueries({ queryKey: passkeysKey }),
      queryClient.invalidateQueries({ queryKey: sessionKey }),
    ]);
}

export const useBeginTotp = () => useMutation({ mutationFn: async () => (await call(api.POST('/v1/auth/totp'))).data });

export function useConfirmTotp() {
  const changed = useFactorsChanged();
  return useMutation({
    mutationFn: async (code: string) => (await call(api.POST('/v1/auth/totp/confirm', { body: { code } }))).data,
    onSuccess: changed,
  });
}

export function useDisableTotp() {
  const changed = useFactorsChanged();
  return useMutation({
    mutationFn: async (factor: FreshFactor) => call(api.POST('/v1/auth/totp/disable', { body: { factor } })),
    onSuccess: changed,
  });
}

export function useReplaceRecoveryCodes() {
  const changed = useFactorsChanged();
  return useMutation({
    mutationFn: async (factor: FreshFactor) => (await call(api.POST('/v1/auth/recovery-codes', { body: { factor } }))).data,
    onSuccess: changed,
  });
}

/** Creates a passkey in the browser (or the device's password manager) and keeps it under `name`. */
export function useAddPasskey() {
  const changed = useFactorsChanged();
  return useMutation({
    mutationFn: async (name: string) => {
      const { challenge_id, options } = (await call(api.POST('/v1/auth/passkeys/registration-options'))).data;
      const response = await startRegistration({ optionsJSON: options as never });
      return (await call(api.POST('/v1/auth/passkeys', { body: { challenge_id, name, response: response as never } }))).data;
    },
    onSuccess: changed,
  });
}

export function useRenamePasskey() {
  const changed = useFactorsChanged();
  return useMutation({
    mutationFn: async ({ id, name }: { id: string; name: string }) => call(api.PATCH('/v1/auth/passkeys/{id}', { params: { path: { id } }, body: { name } })),
    onSuccess: changed,
  });
}

export function useRemovePasskey() {
  const changed = useFactorsChanged();
  return useMutation({
    mutationFn: async (id: string) => call(api.DELETE('/v1/auth/passkeys/{id}', { params: { path: { id } } })),
    onSuccess: changed,
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => call(api.DELETE('/v1/auth/sessions/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** Ends every session of the user on the server, then forgets this browser's credentials and data. */
export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => call(api.POST('/v1/auth/signout-everywhere')),
    onSuccess: () => {
      credentials.clear();
      queryClient.clear();
      queryClient.setQueryData(sessionKey, null);
    },
  });
}
