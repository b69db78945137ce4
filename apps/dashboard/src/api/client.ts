import { type paths, sessionOnlyCalls } from '@kaja/api-client';
import { toast } from '@kaja/ui';
import createClient from 'openapi-fetch';
import { config } from '../config';
import { credentials } from './credentials';
import { ApiError, errorText, networkErrorText } from './errors';

/** Calls on these paths report their own failures in their forms, never as a global notice (spec section 8). */
const isAuthPath = (schemaPath: string) => schemaPath.startsWith('/v1/auth/');

const unauthorizedListeners = new Set<() => void>();
/** Called on a 401 outside /auth/, so the session can be checked (and the visitor sent to /auth when it is gone). */
export function onUnauthorized(listener: () => void): () => void {
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
  async onResponse({ response, schemaPath }) {
    if (response.ok) return response;
    // 401 reaches the caller silently; outside /auth/ it may mean the session is gone.
    if (response.status === 401) {
      if (!isAuthPath(schemaPath)) for (const listener of unauthorizedListeners) listener();
      return response;
    }
    if (!isAuthPath(schemaPath)) {
      const body: unknown = await response
        .clone()
        .json()
        .catch(() => null);
      toast.error('API Error', { description: errorText(body) });
    }
    return response;
  },
  onError({ error, schemaPath }) {
    if (error instanceof DOMException && error.name === 'TimeoutError') return new ApiError('The request timed out. Please try again.', 0, 'timeout');
    if (!isAuthPath(schemaPath)) toast.error(networkErrorText);
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
