/** How long a 429 or 503 asks to wait (`Retry-After`, seconds or an HTTP date), in milliseconds; undefined without one. */
export function retryAfterMs(response: Response, now = Date.now()): number | undefined {
  const value = response.headers.get('retry-after');
  if (value === null) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export interface RetryOptions {
  /** Retries after the first attempt (default 3; 0 turns retrying off). */
  maxRetries: number;
  /** The longest wait the SDK accepts (default 60 s): a longer Retry-After is answered with the error at once. */
  maxWaitMs: number;
  fetch: (request: Request) => Promise<Response>;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A fetch that sends the request again after a 429 (rate limited) once the `Retry-After` it names
 * has passed, up to `maxRetries` times. Only 429 is retried: the API refused the request before
 * doing anything, so sending it again cannot write twice.
 */
export function retryingFetch({ maxRetries, maxWaitMs, fetch, sleep = defaultSleep }: RetryOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    for (let attempt = 0; ; attempt++) {
      // The body can be read once: each attempt sends a copy.
      const response = await fetch(attempt < maxRetries ? request.clone() : request);
      if (response.status !== 429 || attempt >= maxRetries) return response;
      const wait = retryAfterMs(response) ?? 1000 * 2 ** attempt;
      if (wait > maxWaitMs) return response;
      await response.body?.cancel();
      await sleep(wait);
    }
  };
}
