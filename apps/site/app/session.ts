import { api, ApiError } from './api';
import { sharedRead, useSharedRead } from './remote-data';

type SessionData = { user: { email: string } };

// One request for the header and every trial button of a page.
const session = sharedRead(async () => {
  try {
    const { user } = await api<SessionData>('/auth/session');
    return { email: user.email };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
});

/** The signed-in user's email, or null when signed out (the API answers 401); no data until the API answered. */
export function useSession() {
  return useSharedRead(session);
}

/** Signs out; every island of the page shows the visitor signed out afterwards, even when the call failed (the page is left for `/` next). */
export async function signOut() {
  await api<unknown>('/auth/signout', { method: 'POST', body: {} }).catch(() => undefined);
  session.set(null);
}
