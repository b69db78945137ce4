import { useMutation } from '@tanstack/react-query';
import { api, call } from '../../api/client';

const verifyEmail = async (token: string) => (await call(api.POST('/v1/auth/verify-email', { body: { token } }))).data;
const signInWithLink = async (token: string) => (await call(api.POST('/v1/auth/sign-in-link', { body: { token } }))).data;

/** Redeems the verification link's token: the session's access token and, on a first sign-up, the default API key. */
export function useVerifyEmail(token: string, onVerified: (answer: Awaited<ReturnType<typeof verifyEmail>>) => Promise<void>) {
  return useMutation({ mutationFn: () => verifyEmail(token), onSuccess: onVerified });
}

/** Redeems the mailed sign-in link's token: an access token, or the second factor the account asks for. */
export function useSignInWithLink(token: string, onAnswer: (answer: Awaited<ReturnType<typeof signInWithLink>>) => Promise<void> | void) {
  return useMutation({ mutationFn: () => signInWithLink(token), onSuccess: onAnswer });
}
