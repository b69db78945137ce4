import { z } from 'zod';
import { text } from '../../schemas/text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { regionStatuses } from '@kaja/catalog';
import { principalOf } from '../../plugins/app/authentication';
import * as regionsService from '../../services/ops/regions';
import { commonErrors, idParams, listEnvelope, message, pagination, successEnvelope, timestamp } from '../../schemas/common';

const tags = ['regions'];
const region = z
  .object({
    id: z.uuid(),
    name: z.string(),
    status: z
      .enum([...regionStatuses, 'degraded'])
      .describe(
        'What the status page shows: staff’s N/A, else the DNS nodes’ heartbeats when the region has nodes (degraded: an online node’s journal lag is above REGION_DEGRADED_LAG), else staff_status',
      ),
    status_source: z.enum(['staff', 'nodes']).describe('Whether status comes from staff or from the DNS nodes’ heartbeats'),
    staff_status: z.enum(regionStatuses).describe('The status staff set (N/A overrides the nodes)'),
    summary: z.string(),
    nodes: z
      .object({
        total: z.number().int().describe('DNS nodes that name this region'),
        online: z.number().int().describe('Those that heartbeated within REGION_OFFLINE_AFTER'),
        last_heartbeat_at: timestamp.nullable(),
        journal_lag_seconds: z
          .number()
          .nullable()
          .describe(
            'The largest journal lag (seconds a committed zone change had waited to be served) among the online nodes at their last heartbeat; null when none is online',
          ),
        degraded_after_seconds: z.number().int().describe('REGION_DEGRADED_LAG: above this lag the region shows degraded'),
      })
      .describe('The region’s DNS nodes'),
    updated_at: timestamp,
  })
  .meta({ id: 'Region' });
const fields = {
  name: text().trim().min(1).max(100),
  status: z.enum(regionStatuses),
  summary: text().trim().max(500),
};

export const regionRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;

  app.get(
    '/regions',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Status of each region (for the status page), following its DNS nodes’ heartbeats',
        querystring: pagination,
        response: { 200: listEnvelope(region), ...commonErrors },
      },
    },
    async (request) => {
      const { items, total } = await regionsService.listRegions(ctx, request.query);
      return { status: 'success' as const, data: items, meta: { total, ...request.query } };
    },
  );

  app.get(
    '/regions/:id',
    { config: { auth: 'public' }, schema: { tags, summary: 'One region', params: idParams, response: { 200: successEnvelope(region), ...commonErrors } } },
    async (request) => ({ status: 'success' as const, data: await regionsService.getRegion(ctx, request.params.id) }),
  );

  app.post(
    '/regions',
    {
      config: { scope: 'customers:write' },
      schema: { tags, summary: 'Add a region (platform staff)', body: z.object(fields), response: { 201: successEnvelope(region), ...commonErrors } },
    },
    async (request, reply) => reply.status(201).send({ status: 'success', data: await regionsService.createRegion(ctx, principalOf(request), request.body) }),
  );

  app.put(
    '/regions/:id',
    {
      config: { scope: 'customers:write' },
      schema: {
        tags,
        summary: 'Change a region’s name, status or summary (platform staff; N/A wins over the nodes, other statuses show while the region has none)',
        params: idParams,
        body: z.object({ name: fields.name.optional(), status: fields.status.optional(), summary: fields.summary.optional() }),
        response: { 200: successEnvelope(region), ...commonErrors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await regionsService.updateRegion(ctx, principalOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/regions/:id',
    {
      config: { scope: 'customers:write' },
      schema: { tags, summary: 'Remove a region (platform staff)', params: idParams, response: { 200: message, ...commonErrors } },
    },
    async (request) => {
      await regionsService.deleteRegion(ctx, principalOf(request), request.params.id);
      return { status: 'success' as const, data: { message: 'Region deleted.' } };
    },
  );
};
