// The two credentials the browser keeps (spec section 6): the session's access token and an API key.
// Both live in localStorage, readable by any script of this origin: docs/decisions/017 says why that is
// acceptable and what keeps foreign scripts out.
const AUTH_TOKEN = 'auth_token';
const API_KEY = 'api_key';

export const credentials = {
  authToken: (): string | null => localStorage.getItem(AUTH_TOKEN),
  apiKey: (): string | null => localStorage.getItem(API_KEY),
  saveAuthToken: (token: string) => localStorage.setItem(AUTH_TOKEN, token),
  saveApiKey: (key: string) => localStorage.setItem(API_KEY, key),
  /** The stored key was revoked: calls go on with the session's token. */
  forgetApiKey: () => localStorage.removeItem(API_KEY),
  /** Signed out, or the session is gone: neither credential may outlive it in this browser. */
  clear: () => {
    localStorage.removeItem(AUTH_TOKEN);
    localStorage.removeItem(API_KEY);
  },
};
