import { z } from 'zod';
import { text } from '../../../schemas/text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZoneIdentities } from '@kaja/zone-writes';
import { principalOf } from '../../../plugins/app/authentication';
import { zoneRegion } from '../../../schemas/accounts';
import { commonErrors, listEnvelope, pagination, successEnvelope } from '../../../schemas/common';
import { primaryInput, zone, zoneParams } from '../../../schemas/zones';
import type { PlanningContext } from '../../../services/context';
import * as zonesService from '../../../services/zones/zones';
import type { RateLimits } from '../../../plugins/app/rateLimit';
import { catalogZoneRoutes } from './catalogZone';
import { delegationRoutes } from './delegationRoutes';
import { dnssecRoutes } from './dnssec';
import { historyRoutes } from './history';
import { metricsRoutes } from './metrics';
import { recordRoutes } from './records';
import { primaryRoutes } from './primaries';
import { secondaryRoutes } from './secondaries';
import { tsigKeyRoutes } from './tsigKeys';
import { zoneFileRoutes } from './zoneFiles';

const tags = ['zones'];

/** /zones and everything below a zone. */
export const zoneRoutes: FastifyPluginAsyncZod<{ limits: RateLimits }> = async (app, { limits }) => {
  const ctx: PlanningContext = { ...app.context, zoneChanges: app.zoneChanges, workers: app.workers };

  app.post(
    '/zones',
    {
      config: { scope: 'zones:write' },
      schema: {
        tags,
        summary: 'Create a zone with its SOA and the name servers of its region',
        description:
          'The name must be a domain below a public suffix, not hosted yet, and not above or inside a zone of another customer (409). `region` defaults to your customer’s default region.',
        body: z.object({
          name: text().max(300),
          type: z.enum(['primary', 'secondary']).optional().describe('`secondary`: transferred in from `primaries` (AXFR/IXFR, NOTIFY); records read-only'),
          primaries: z
            .array(primaryInput)
            .max(10)
            .optional()
            .describe("A secondary zone's primaries, tried in order. TSIG keys are named later (PUT /zones/{id}/primaries), once the zone has them"),
          region: zoneRegion.optional(),
          ttl: z.number().int().optional().describe('60 to 604800 seconds (default 3600)'),
        }),
        response: { 201: successEnvelope(zone), ...commonErrors },
      },
    },
    async (request, reply) => {
      const created = await zonesService.createZone(ctx, principalOf(request), request.body);
      if (created.type === 'secondary') app.jobs.wake();
      return reply.status(201).send({ status: 'success', data: await zonesService.presentZoneWithState(ctx, created) });
    },
  );

  app.get(
    '/zones',
    {
      config: { scope: 'zones:read' },
      schema: {
        tags,
        summary: 'List your zones, sorted by name',
        querystring: pagination.extend({ name: text().max(300).optional().describe('Part of the zone name') }),
        response: { 200: listEnvelope(zone), ...commonErrors },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { items, total } = await zonesService.listZones(ctx, principalOf(request), request.query);
      return { status: 'success' as const, data: items, meta: { total, limit, offset } };
    },
  );

  app.get(
    '/zones/:id',
    {
      config: { scope: 'zones:read' },
      schema: { tags, summary: 'One zone', params: zoneParams, response: { 200: successEnvelope(zone), ...commonErrors } },
    },
    async (request) => ({
      status: 'success' as const,
      data: await zonesService.presentZoneWithState(ctx, await zonesService.getZone(ctx, principalOf(request), request.params.id)),
    }),
  );

  app.put(
    '/zones/:id',
    {
      config: { scope: 'zones:write' },
      schema: {
        tags,
        summary: 'Change the zone’s TTL or status',
        description: 'A disabled zone is not served (the DNS server answers REFUSED). A new TTL also applies to the SOA and apex NS, so the serial changes.',
        params: zoneParams,
        body: z.object({ ttl: z.number().int().optional(), status: z.enum(['active', 'disabled']).optional() }),
        response: { 200: successEnvelope(zone), ...commonErrors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await zonesService.presentZoneWithState(ctx, await zonesService.updateZone(ctx, principalOf(request), request.params.id, request.body)),
    }),
  );

  app.delete(
    '/zones/:id',
    {
      config: { scope: 'zones:write' },
      schema: {
        tags,
        summary: 'Delete a zone (asynchronously)',
        description:
          'Answers 202 at once: the zone shows status `deleting` and is no longer served; a background job removes its records and keys, then the zone is gone (404).',
        params: zoneParams,
        response: { 202: successEnvelope(zone), ...commonErrors },
      },
    },
    async (request, reply) => {
      const deleting = await zonesService.requestZoneDeletion(ctx, principalOf(request), request.params.id);
      app.jobs.wake();
      return reply.status(202).send({ status: 'success', data: await zonesService.presentZoneWithState(ctx, deleting) });
    },
  );

  await app.register(recordRoutes, { ctx: { ...ctx, zoneIdentities: new ZoneIdentities() } });
  await app.register(historyRoutes, { ctx });
  await app.register(metricsRoutes, { ctx });
  await app.register(zoneFileRoutes, { ctx });
  await app.register(tsigKeyRoutes, { ctx });
  await app.register(secondaryRoutes, { ctx });
  await app.register(primaryRoutes, { ctx });
  await app.register(dnssecRoutes, { ctx });
  await app.register(delegationRoutes, { ctx, limits: limits.delegationCheck });
  await app.register(catalogZoneRoutes, { ctx });
};
