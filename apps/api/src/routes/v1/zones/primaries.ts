import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../../plugins/app/authentication';
import { commonErrors, successEnvelope } from '../../../schemas/common';
import { primaryInput, secondaryState, zoneParams } from '../../../schemas/zones';
import * as secondaryZones from '../../../services/zones/secondaryZones';
import type { ZoneContext } from '../../../services/context';

const tags = ['secondary zones'];

/**
 * A secondary zone's primaries and transfers: /zones/{id}/primaries and /zones/{id}/transfer. The
 * transfers themselves run as jobs (`secondary_zone.refresh`), never in a request.
 */
export const primaryRoutes: FastifyPluginAsyncZod<{ ctx: ZoneContext }> = async (app, { ctx }) => {
  app.put(
    '/zones/:id/primaries',
    {
      config: { scope: 'zones:write' },
      schema: {
        tags,
        summary: "Replace a secondary zone's primaries and transfer from them now",
        description:
          'Primaries are tried in order. Addresses must be public unicast (special-purpose networks are refused). A TSIG key named here must be a key of this zone (POST /zones/{id}/tsig-keys); transfers are then signed with it. 409 for a primary zone.',
        params: zoneParams,
        body: z.object({ primaries: z.array(primaryInput).min(1).max(secondaryZones.MAX_PRIMARIES) }),
        response: { 200: successEnvelope(secondaryState), ...commonErrors },
      },
    },
    async (request) => {
      const data = await secondaryZones.setPrimaries(ctx, principalOf(request), request.params.id, request.body.primaries);
      app.jobs.wake();
      return { status: 'success' as const, data: data! };
    },
  );

  app.post(
    '/zones/:id/transfer',
    {
      config: { scope: 'zones:write' },
      schema: {
        tags,
        summary: 'Check the primaries of a secondary zone now, and transfer what changed',
        description: 'Answers at once with the transfer state; the check runs in the background (as after a NOTIFY). 409 for a primary zone.',
        params: zoneParams,
        response: { 202: successEnvelope(secondaryState), ...commonErrors },
      },
    },
    async (request, reply) => {
      const data = await secondaryZones.refreshNow(ctx, principalOf(request), request.params.id);
      app.jobs.wake();
      return reply.status(202).send({ status: 'success', data: data! });
    },
  );
};
