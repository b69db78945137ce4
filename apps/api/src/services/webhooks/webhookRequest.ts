import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { specialPurposeOf, type Cidr } from '@kaja/config';

/** How long one attempt may take, connecting and answering together. */
export const webhookTimeoutMs = 5000;
/** How much of a response body is kept to show in the delivery log. */
export const responseExcerptBytes = 1024;

export interface WebhookResponse {
  /** The status of the answer; null when none came. */
  statusCode: number | null;
  durationMs: number;
  /** Why the attempt failed; null on a 2xx. */
  error: string | null;
  responseExcerpt: string | null;
}

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** The operator's special-purpose networks endpoints may resolve to all the same (WEBHOOK_ALLOWED_CIDRS). */
  allowed: readonly Cidr[];
  timeoutMs?: number;
}

/**
 * The addresses a host name stands for now, each checked against the address rule (decision 016,
 * shared by decision 057): one special-purpose address refuses them all, so a name that resolves to
 * a public and a loopback address cannot be used to reach loopback on a second try.
 */
export async function resolveEndpointHost(host: string, allowed: readonly Cidr[]): Promise<{ address: string; family: 4 | 6 }> {
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  const addresses = isIP(bare) ? [{ address: bare, family: isIP(bare) as 4 | 6 }] : await lookup(bare, { all: true, verbatim: true });
  if (addresses.length === 0) throw new Error(`${host} has no address`);
  for (const { address } of addresses) {
    const purpose = specialPurposeOf(address, allowed);
    if (purpose !== null) throw new Error(`${host} resolves to ${address}, a special-purpose address (${purpose}): webhooks go to public addresses only`);
  }
  return addresses[0] as { address: string; family: 4 | 6 };
}

/**
 * POSTs one signed delivery. The host is resolved and checked here, at each attempt, and the
 * connection goes to the very address checked (no second lookup a rebinding name could answer
 * differently); TLS still verifies the certificate against the host name. Redirects are not
 * followed (a 3xx is a failure), the whole exchange has `timeoutMs`, and only the first
 * `responseExcerptBytes` of the answer are read.
 */
export async function sendWebhookRequest(input: WebhookRequest): Promise<WebhookResponse> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(input.url);
  const timeoutMs = input.timeoutMs ?? webhookTimeoutMs;
  const tooLate = () => `No answer within ${timeoutMs / 1000} s`;
  let pinned: { address: string; family: 4 | 6 };
  let lookupTimer: NodeJS.Timeout | undefined;
  try {
    // The name's resolution counts in the attempt's time: a resolver that hangs cannot hold a job.
    pinned = await Promise.race([
      resolveEndpointHost(url.hostname, input.allowed),
      new Promise<never>((_resolve, reject) => {
        lookupTimer = setTimeout(() => reject(new Error(tooLate())), timeoutMs);
      }),
    ]);
  } catch (error) {
    return { statusCode: null, durationMs: elapsed(), error: (error as Error).message, responseExcerpt: null };
  } finally {
    clearTimeout(lookupTimer);
  }
  const pinnedLookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<WebhookResponse>((resolve) => {
    let settled = false;
    const finish = (result: Omit<WebhookResponse, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve({ ...result, durationMs: elapsed() });
    };
    const request = send(
      url,
      {
        method: 'POST',
        lookup: pinnedLookup,
        headers: {
          ...input.headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(input.body)),
          'user-agent': 'KajaDNS-Webhooks/1',
        },
        agent: false,
      },
      (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const status = response.statusCode ?? 0;
          const excerpt = Buffer.concat(chunks).subarray(0, responseExcerptBytes).toString('utf8');
          const error =
            status >= 200 && status < 300
              ? null
              : status >= 300 && status < 400
                ? `Answered ${status} (redirects are not followed${response.headers.location ? `: ${response.headers.location.slice(0, 200)}` : ''})`
                : `Answered ${status}`;
          finish({ statusCode: status, error, responseExcerpt: excerpt || null });
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= responseExcerptBytes) done();
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => finish({ statusCode: null, error: tooLate(), responseExcerpt: null }), Math.max(0, timeoutMs - elapsed()));
    request.on('error', (error) => finish({ statusCode: null, error: error.message, responseExcerpt: null }));
    request.end(input.body);
  });
}
