import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import { RateLimiter } from '../services/rateLimiter';
import type { RateClass } from './authentication';

export interface RateLimits {
  /** Requests per minute without a credential, per client address. */
  anonymous: { read: number; write: number };
  /** Account mail (sign-up, verification, password reset, invitations) per client address and window. */
  mail: { limit: number; windowSeconds: number };
  /** Support requests per client address and window: apart from account mail, so onboarding never blocks support. */
  support: { limit: number; windowSeconds: number };
  /** Multiplies the plans' read and write rates (tests raise it to write many records quickly). */
  planScale: number;
}

export const defaultRateLimits: RateLimits = {
  anonymous: { read: 120, write: 30 },
  mail: { limit: 10, windowSeconds: 15 * 60 },
  support: { limit: 5, windowSeconds: 60 * 60 },
  planScale: 1,
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
    if (rateClass === 'mail' || rateClass === 'support') {
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
