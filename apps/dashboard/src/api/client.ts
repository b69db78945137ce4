import { type paths, sessionOnlyCalls } from '@kaja/api-client';
import createClient, { type Middleware } from 'openapi-fetch';
import { reportApiFailure } from '@kaja/error-reporter';
import { config } from '../config';
import { credentials } from './credentials';
import { ApiError, errorText, networkErrorText } from './errors';

/** Calls on these paths report their own failures in their forms, never as a global notice (spec section 8). */
const isAuthPath = (schemaPath: string) => schemaPath.startsWith('/v1/auth/');

// The toast system is not part of the first screen's JavaScript (see root.tsx): fetched with the first notice.
// A notice with an id replaces the one of that id still on screen instead of stacking under it.
const showErrorToast = (title: string, options: { description?: string; id?: string } = {}) =>
  void import('@kaja/ui/toaster').then(({ toast }) => toast.error(title, options));

/** The requests whose failures their form shows, by its fields or at its top. */
const shownInForm = new WeakSet<Request>();

/**
 * Spread into the options of a call whose form shows its failure (`api.POST(path, { body, ...inForm })`):
 * the error is said once, there, and not again as a toast. Calls without it keep the spec's toast.
 */
export const inForm: { middleware: Middleware[] } = {
  middleware: [
    {
      onRequest({ request }) {
        shownInForm.add(request);
      },
    },
  ],
};

const unauthorizedListeners = new Set<(apiKeyForgotten: boolean) => void>();
/**
 * Called on a 401 outside /auth/, so the session can be checked (and the visitor sent to /auth when it
 * is gone); `apiKeyForgotten` when the refused credential was the stored API key, now forgotten.
 */
export function onUnauthorized(listener: (apiKeyForgotten: boolean) => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/**
 * The one API client: typed from the API's OpenAPI document, cookies included, and the bearer token
 * chosen per call: session-only calls always take the session's token, every other call the API key
 * when one is stored, else the session's token (spec section 6).
 */
export const api = createClient<paths>({ baseUrl: config.apiBaseUrl.replace(/\/v1$/, ''), credentials: 'include' });

api.use({
  onRequest({ request, schemaPath }) {
    const sessionOnly = sessionOnlyCalls.has(`${request.method} ${schemaPath}`);
    const token = sessionOnly ? credentials.authToken() : (credentials.apiKey() ?? credentials.authToken());
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
  async onResponse({ request, response, schemaPath }) {
    if (response.ok) return response;
    // The API's own failures go to staff; the path's template, never the address (names, query strings).
    if (response.status >= 500) reportApiFailure(`${request.method} ${schemaPath}`, response.status);
    // 401 reaches the caller silently; outside /auth/ it may mean the session is gone. A refused API key
    // (revoked, expired) is forgotten, so the session's own token carries the dashboard on.
    if (response.status === 401) {
      if (isAuthPath(schemaPath)) return response;
      const apiKey = credentials.apiKey();
      const refusedApiKey = apiKey !== null && request.headers.get('Authorization') === `Bearer ${apiKey}`;
      if (refusedApiKey) credentials.forgetApiKey();
      for (const listener of unauthorizedListeners) listener(refusedApiKey);
      return response;
    }
    if (!isAuthPath(schemaPath) && !shownInForm.has(request)) {
      const body: unknown = await response
        .clone()
        .json()
        .catch(() => null);
      showErrorToast('API Error', { description: errorText(body) });
    }
    return response;
  },
  onError({ error, request, schemaPath }) {
    if (error instanceof DOMException && error.name === 'TimeoutError') return new ApiError('The request timed out. Please try again.', 0, 'timeout');
    // A call the dashboard itself cancelled (the visitor moved on) is no failure.
    if (!(error instanceof DOMException && error.name === 'AbortError')) reportApiFailure(`${request.method} ${schemaPath}`, 'network error');
    // One notice for a lost connection, however many calls (and their one retry, see main.tsx) it fails.
    if (!isAuthPath(schemaPath) && !shownInForm.has(request)) showErrorToast(networkErrorText, { id: networkErrorText });
    return new ApiError(networkErrorText, 0, 'network_error');
  },
});

type Result<T> = { data?: T; error?: unknown; response: Response };

/** The answer's envelope of a successful call, or an ApiError with the envelope's code, text and field errors. */
export async function call<T>(pending: Promise<Result<T>>): Promise<T> {
  const { data, error, response } = await pending;
  if (response.ok) return data as T;
  throw ApiError.fromBody(response.status, error);
}
