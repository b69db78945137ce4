import type { paths } from '@kaja/api-client';
import createClient, { type Client } from 'openapi-fetch';
import { errorOfResponse, KajaError } from './errors';
import { paginate, type PageCall } from './paging';
import { retryingFetch } from './retry';

export interface KajaOptions {
  /** An API key (`kaja_...`), sent as a bearer token. */
  apiKey: string;
  /** The API's address with its version, e.g. `https://api.kaja.dns/v1` (the default). */
  baseUrl?: string;
  /** Retries of a rate-limited (429) call after its Retry-After (default 3). */
  maxRetries?: number;
  /** The longest Retry-After waited for, in milliseconds (default 60,000). */
  maxRetryWaitMs?: number;
  /** A fetch of your own (tests, proxies); `globalThis.fetch` by default. */
  fetch?: (request: Request) => Promise<Response>;
  /** Sent as User-Agent, e.g. `my-deploy-tool/1.2` (default `kaja-sdk`). */
  userAgent?: string;
}

export const defaultBaseUrl = 'https://api.kaja.dns/v1';

/** The typed client: every path and body of the API's OpenAPI document. */
export type KajaApi = Client<paths>;

/**
 * A client of the Kaja DNS API. `api` is typed from the OpenAPI document (openapi-fetch); a call
 * that is not answered 2xx rejects with a `KajaError` carrying the envelope's `code` and `details`,
 * so a resolved call always has its `data`.
 */
export class Kaja {
  readonly api: KajaApi;

  constructor(options: KajaOptions) {
    if (!options.apiKey) throw new TypeError('Kaja: an apiKey is required');
    // Paths in the document start with /v1: the client's base is the origin (and any path prefix) before it.
    const baseUrl = (options.baseUrl ?? defaultBaseUrl).replace(/\/+$/, '').replace(/\/v1$/, '');
    const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
    this.api = createClient<paths>({
      baseUrl,
      fetch: retryingFetch({ maxRetries: options.maxRetries ?? 3, maxWaitMs: options.maxRetryWaitMs ?? 60_000, fetch: send }),
      headers: { Authorization: `Bearer ${options.apiKey}`, 'User-Agent': options.userAgent ?? 'kaja-sdk' },
    });
    this.api.use({
      async onResponse({ response }) {
        if (!response.ok) throw await errorOfResponse(response);
        return response;
      },
      onError({ error }) {
        if (error instanceof KajaError) return error;
        return new KajaError(0, 'network_error', error instanceof Error ? error.message : String(error));
      },
    });
  }

  /** The envelope's `data` of a call: `await kaja.data(kaja.api.GET('/v1/zones/{id}', ...))`. */
  async data<T>(call: Promise<{ data?: { data: T } | undefined }>): Promise<T> {
    const { data } = await call;
    // A 2xx without a body (none of the API's JSON calls) would be a broken answer.
    if (!data) throw new KajaError(0, 'internal_error', 'The API answered without a body');
    return data.data;
  }

  /** Every item of a list call, page after page: `for await (const zone of kaja.paginate((page) => kaja.api.GET('/v1/zones', { params: { query: page } })))`. */
  paginate<T>(call: PageCall<T>): AsyncGenerator<T> {
    return paginate(call);
  }

  /** Every item of a list call in one array. */
  async all<T>(call: PageCall<T>): Promise<T[]> {
    const items: T[] = [];
    for await (const item of paginate(call)) items.push(item);
    return items;
  }
}
