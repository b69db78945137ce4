import { runtimeConfig, runtimeConfigReady } from './runtime-config';

/** A failed call: the envelope's error, or a network failure. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

type Envelope<T> = { status: 'success'; data: T } | { status: 'error'; error: { code: string; message: string; details?: unknown } };

/** Calls the /v1 API with the session cookie and unwraps its `{status, data | error}` envelope. */
export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  await runtimeConfigReady();
  let response: Response;
  try {
    response = await fetch(`${runtimeConfig().apiBaseUrl}${path}`, {
      method: init.method ?? 'GET',
      credentials: 'include',
      headers: init.body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new ApiError('Network Error', 0, 'network_error');
  }
  const envelope = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (response.ok && envelope?.status === 'success') return envelope.data;
  const error = envelope?.status === 'error' ? envelope.error : undefined;
  throw new ApiError(typeof error?.message === 'string' ? error.message : '', response.status, error?.code ?? 'unknown', error?.details);
}
