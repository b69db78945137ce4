import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors';
import { RateLimiter } from '../../services/ops/rateLimiter';
import { presentsCredential, type RateClass } from './authentication';

export interface RateLimits {
  /** Requests per minute without a credential, per client address. */
  anonymous: { read: number; write: number };
  /** Account mail (sign-up, verification, password reset, invitations) per client address and window. */
  mail: { limit: number; windowSeconds: number };
  /** Support requests per client address and window: apart from account mail, so onboarding never blocks support. */
  support: { limit: number; windowSeconds: number };
  /** Error reports from browsers per client address and window (decision 063). */
  errors: { limit: number; windowSeconds: number };
  /** Analytics events from browsers per client address and window (decision 064). */
  analytics: { limit: number; windowSeconds: number };
  /** Multiplies the plans' read and write rates (tests raise it to write many records quickly). */
  planScale: number;
  /** Refused credentials per client address and window; above it, calls with a credential are refused unread. */
  failedAuthentication: { limit: number; windowSeconds: number };
  /** Delegation checks on demand per zone and window: each sends queries to the zone's parent servers. */
  delegationCheck: { limit: number; windowSeconds: number };
  /** Dynamic DNS updates (dyndns2, /nic/update) per API key and window, one per host name: each may write a new serial. */
  dyndns: { limit: number; windowSeconds: number };
}

export const defaultRateLimits: RateLimits = {
  anonymous: { read: 120, write: 30 },
  mail: { limit: 10, windowSeconds: 15 * 60 },
  support: { limit: 5, windowSeconds: 60 * 60 },
  errors: { limit: 30, windowSeconds: 60 },
  analytics: { limit: 60, windowSeconds: 60 },
  planScale: 1,
  failedAuthentication: { limit: 30, windowSeconds: 60 },
  delegationCheck: { limit: 5, windowSeconds: 10 * 60 },
  dyndns: { limit: 10, windowSeconds: 10 * 60 },
};

/**
 * Limits per endpoint class: `read` and `write` per customer at its plan's rate (per client address
 * without a credential), `mail` and `support` per client address, each its own bucket. Headers follow the IETF RateLimit fields draft
 * (`RateLimit-Policy`, `RateLimit`), plus `Retry-After` when refused.
 */
export async function rateLimitPlugin(app: FastifyInstance, { limits }: { limits: RateLimits }) {
  const limiter = new RateLimiter();
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url === undefined) return;
    const rateClass: RateClass = request.routeOptions.config.rateClass ?? (request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'write');
    const principal = request.principal;
    let limit: number;
    let windowSeconds = 60;
    let key: string;
    if (rateClass === 'mail' || rateClass === 'support' || rateClass === 'errors' || rateClass === 'analytics') {
      ({ limit, windowSeconds } = limits[rateClass]);
      key = `${rateClass}:${request.ip}`;
    } else if (principal) {
      limit = principal.rateLimits[rateClass] * limits.planScale;
      key = `${rateClass}:customer:${principal.customerId}`;
    } else {
      limit = limits.anonymous[rateClass];
      key = `${rateClass}:ip:${request.ip}`;
    }
    const result = limiter.hit(key, limit, windowSeconds * 1000);
    reply.header('RateLimit-Policy', `"${rateClass}";q=${limit};w=${windowSeconds}`);
    reply.header('RateLimit', `"${rateClass}";r=${result.remaining};t=${result.resetSeconds}`);
    if (!result.allowed) {
      throw new ApiError(
        'rate_limited',
        `Too many requests; try again in ${result.resetSeconds} seconds`,
        { retry_after: result.resetSeconds },
        { 'Retry-After': String(result.resetSeconds) },
      );
    }
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the credential of the call was refused (unknown, revoked, expired, not allowed from here). */
    authenticationFailed: boolean;
    /** The answer for a refused credential while the client address is over its refused-credential limit. */
    refusedCredentialsLimited: ApiError | null;
  }
}

/**
 * Refused credentials, per client address: guessing keys is made of them, yet the limits above only
 * count callers once known. Over the limit, a refused credential from that address is answered 429
 * instead of 401 (guessing learns nothing more), while one that verifies is served: many customers share
 * an address (an office NAT, a CI provider's egress), and one of them guessing must not lock out the rest.
 * The lookup stays cheap enough to make for everyone: one SHA-256 of the presented secret and one read
 * of a unique index, as for every accepted call.
 */
export async function failedAuthenticationLimitPlugin(
  app: FastifyInstance,
  // Shared by every part of the app that takes credentials: a guess counts wherever it is made.
  { limits, limiter = new RateLimiter() }: { limits: RateLimits; limiter?: RateLimiter },
) {
  const { limit, windowSeconds } = limits.failedAuthentication;
  const keyOf = (ip: string) => `failed-authentication:${ip}`;
  app.decorateRequest('authenticationFailed', false);
  app.decorateRequest('refusedCredentialsLimited', null);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url === undefined || !presentsCredential(request)) return;
    const resetSeconds = limiter.exhausted(keyOf(request.ip), limit);
    if (resetSeconds === null) return;
    request.refusedCredentialsLimited = new ApiError(
      'rate_limited',
      `Too many refused credentials from this address; try again in ${resetSeconds} seconds`,
      { retry_after: resetSeconds },
      {
        'Retry-After': String(resetSeconds),
        'RateLimit-Policy': `"failed-authentication";q=${limit};w=${windowSeconds}`,
        RateLimit: `"failed-authentication";r=0;t=${resetSeconds}`,
      },
    );
  });
  app.addHook('onResponse', async (request) => {
    if (request.authenticationFailed) limiter.hit(keyOf(request.ip), limit, windowSeconds * 1000);
  });
}
