import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../../plugins/app/authentication';
import type { RateLimits } from '../../../plugins/app/rateLimit';
import { commonErrors, successEnvelope } from '../../../schemas/common';
import { delegation } from '../../../schemas/delegationSchemas';
import { zoneParams } from '../../../schemas/zones';
import * as delegationService from '../../../services/zones/delegationCheck';
import { RateLimiter } from '../../../services/ops/rateLimiter';
import type { ZoneContext } from '../../../services/context';

const tags = ['zones'];

/** /zones/{id}/delegation: what the parent zone says about the zone, and checks on demand. */
export const delegationRoutes: FastifyPluginAsyncZod<{ ctx: ZoneContext; limits: RateLimits['delegationCheck'] }> = async (app, { ctx, limits }) => {
  const limiter = new RateLimiter();
  const checkLimiter = { hit: (zoneId: string) => limiter.hit(`delegation:${zoneId}`, limits.limit, limits.windowSeconds * 1000) };

  app.get(
    '/zones/:id/delegation',
    {
      config: { scope: 'zones:read' },
      schema: {
        tags,
        summary: 'What the parent zone says about the zone (NS and DS) against what it should say',
        description:
          'The parent is asked on a schedule (and on demand with POST). `ns.expected` and `ds.expected` are what to set at your registrar. A `pending` zone becomes `active` at the first check that sees the parent delegate it to our name servers.',
        params: zoneParams,
        response: { 200: successEnvelope(delegation), ...commonErrors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await delegationService.getDelegation(ctx, principalOf(request), request.params.id) }),
  );

  app.post(
    '/zones/:id/delegation',
    {
      config: { scope: 'zones:read' },
      schema: {
        tags,
        summary: 'Check the delegation now',
        description: `Answers 202 at once with \`check_pending: true\`; poll GET until it is false. A check already queued is not queued twice. At most ${limits.limit} checks of a zone per ${limits.windowSeconds / 60} minutes (429 with \`Retry-After\` beyond). 503 when the platform does not check delegations.`,
        params: zoneParams,
        response: { 202: successEnvelope(delegation), ...commonErrors },
      },
    },
    async (request, reply) => {
      const data = await delegationService.requestDelegationCheck(ctx, principalOf(request), request.params.id, checkLimiter);
      app.jobs.wake();
      return reply.status(202).send({ status: 'success', data });
    },
  );
};
