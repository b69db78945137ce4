import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../../plugins/app/authentication';
import { actorNames } from '../../../schemas/actors';
import { commonErrors, errorEnvelope, listEnvelope, pagination, queryFlag, successEnvelope, timestamp } from '../../../schemas/common';
import { setDiff, zoneParams } from '../../../schemas/zones';
import * as zoneChangesService from '../../../services/zones/zoneChangeHistory';
import type { PlanningContext } from '../../../services/context';

const tags = ['history'];
const record = z.object({ name: z.string(), type: z.string(), ttl: z.number().int(), content: z.string() });

const change = z
  .object({
    serial: z.number().int(),
    previous_serial: z.number().int(),
    time: timestamp,
    source: z.enum(['api', 'import', 'restore', 'dynamic_update', 'system']),
    actor: z.object({
      type: z.enum(['user', 'api_key', 'tsig_key', 'system']),
      user_id: z.uuid().nullable(),
      api_key_id: z.uuid().nullable(),
      tsig_key_id: z.uuid().optional().describe('The TSIG key that signed a dynamic update (type tsig_key)'),
      ...actorNames,
    }),
    added_count: z.number().int(),
    removed_count: z.number().int(),
    added: z.array(record).describe('The first 1,000 records added (see added_count)'),
    removed: z.array(record).describe('The first 1,000 records removed (see removed_count)'),
  })
  .meta({ id: 'ZoneChange' });

/** /zones/{id}/history and /restore: the zone changes, read and restored. */
export const historyRoutes: FastifyPluginAsyncZod<{ ctx: PlanningContext }> = async (app, { ctx }) => {
  app.get(
    '/zones/:id/history',
    {
      config: { scope: 'records:read' },
      schema: {
        tags,
        summary: 'The zone’s changes, newest first: serial, time, actor, records added and removed',
        description: 'Changes from the API, the dashboard, imports, restores and dynamic updates alike. The SOA’s own change is the serial and is not listed.',
        params: zoneParams,
        querystring: pagination,
        response: { 200: listEnvelope(change), ...commonErrors },
      },
    },
    async (request) => {
      const { items, total } = await zoneChangesService.listZoneChanges(ctx, principalOf(request), request.params.id, request.query);
      return { status: 'success' as const, data: items, meta: { total, ...request.query } };
    },
  );

  app.post(
    '/zones/:id/restore',
    {
      config: { scope: 'records:write' },
      schema: {
        tags,
        summary: 'Bring the zone’s records back to their state at a serial, as one new change',
        description: '`dry_run=true` answers the changes a restore would make without writing (`serial` stays the current one).',
        params: zoneParams,
        querystring: z.object({ dry_run: queryFlag.default(false) }),
        body: z.object({ serial: z.number().int().min(0).max(4294967295) }),
        response: {
          200: successEnvelope(z.object({ dry_run: z.boolean(), serial: z.number().int(), restored_serial: z.number().int(), changes: z.array(setDiff) })),
          ...commonErrors,
          503: errorEnvelope,
        },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await zoneChangesService.restoreZone(ctx, principalOf(request), request.params.id, request.body.serial, { dryRun: request.query.dry_run }),
    }),
  );
};
