import { z } from 'zod';
import { text } from '../../../schemas/text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../../plugins/app/authentication';
import { commonErrors, listEnvelope, pagination, successEnvelope, timestamp } from '../../../schemas/common';
import { zoneParams } from '../../../schemas/zones';
import * as secondariesService from '../../../services/zones/secondaries';
import type { ZoneContext } from '../../../services/context';

const tags = ['secondaries'];
const secondaryParams = z.object({ id: z.uuid(), secondaryId: z.uuid() });

const secondary = z
  .object({
    id: z.uuid(),
    zone_id: z.uuid(),
    address: z.string().describe('IPv4 or IPv6 address transfers come from and NOTIFY goes to'),
    port: z.number().int(),
    tsig_key_id: z.uuid().describe('The key (with can_transfer) the secondary signs its transfers with'),
    notified_serial: z.number().int().nullable().describe('The last serial the secondary acknowledged a NOTIFY for'),
    notified_at: timestamp.nullable(),
    created_at: timestamp,
  })
  .meta({ id: 'Secondary' });

/** /zones/{id}/secondaries: servers that transfer the zone (AXFR/IXFR) and are sent NOTIFY. */
export const secondaryRoutes: FastifyPluginAsyncZod<{ ctx: ZoneContext }> = async (app, { ctx }) => {
  app.post(
    '/zones/:id/secondaries',
    {
      config: { scope: 'zones:write' },
      schema: {
        tags,
        summary: 'Allow a secondary server to transfer the zone and send it NOTIFY after each change',
        description: 'The TSIG key must belong to this zone and have can_transfer. At most 10 secondaries per zone.',
        params: zoneParams,
        body: z.object({
          address: text().min(1).max(64),
          port: z.number().int().min(1).max(65535).optional().describe('Where NOTIFY is sent (default 53)'),
          tsig_key_id: z.uuid(),
        }),
        response: { 201: successEnvelope(secondary), ...commonErrors },
      },
    },
    async (request, reply) => {
      const created = await secondariesService.createSecondary(ctx, principalOf(request), request.params.id, request.body);
      return reply.status(201).send({ status: 'success', data: created });
    },
  );

  app.get(
    '/zones/:id/secondaries',
    {
      config: { scope: 'zones:read' },
      schema: {
        tags,
        summary: 'The zone’s secondaries and the serial each was last notified of',
        params: zoneParams,
        querystring: pagination,
        response: { 200: listEnvelope(secondary), ...commonErrors },
      },
    },
    async (request) => {
      const { items, total } = await secondariesService.listSecondaries(ctx, principalOf(request), request.params.id, request.query);
      return { status: 'success' as const, data: items, meta: { total, ...request.query } };
    },
  );

  app.get(
    '/zones/:id/secondaries/:secondaryId',
    {
      config: { scope: 'zones:read' },
      schema: { tags, summary: 'One secondary', params: secondaryParams, response: { 200: successEnvelope(secondary), ...commonErrors } },
    },
    async (request) => ({
      status: 'success' as const,
      data: await secondariesService.getSecondary(ctx, principalOf(request), request.params.id, request.params.secondaryId),
    }),
  );

  app.delete(
    '/zones/:id/secondaries/:secondaryId',
    {
      config: { scope: 'zones:write' },
      schema: {
        tags,
        summary: 'Stop transfers to and NOTIFY of a secondary',
        params: secondaryParams,
        response: { 200: successEnvelope(secondary), ...commonErrors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await secondariesService.deleteSecondary(ctx, principalOf(request), request.params.id, request.params.secondaryId),
    }),
  );
};
