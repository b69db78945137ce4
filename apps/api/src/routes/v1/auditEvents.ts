import { z } from 'zod';
import { actorNames } from '../../schemas/actors';
import { text } from '../../schemas/text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/app/authentication';
import { listAuditEvents } from '../../services/ops/auditEvents';
import { commonErrors, listEnvelope, pagination, timestamp } from '../../schemas/common';

const auditEvent = z
  .object({
    id: z.number().int(),
    customer_id: z.uuid().nullable(),
    actor: z
      .object({
        type: z.enum(['user', 'api_key', 'tsig_key', 'system']),
        user_id: z.uuid().nullable().describe('The user acting; for an API key, the user the key belongs to'),
        api_key_id: z.uuid().nullable(),
        api_key_created_by: z.uuid().nullable().describe('For an API key: the user who created that key'),
        ...actorNames,
      })
      .describe('A tsig_key actor (a dynamic update) is named in the summary: tsig_key_id, tsig_key'),
    action: z.string().describe('e.g. user.signed_in, api_key.created, zone.deleted'),
    target: z.object({ type: z.string(), id: z.string().nullable() }),
    summary: z.record(z.string(), z.unknown()),
    ip: z.string().nullable(),
    created_at: timestamp,
  })
  .meta({ id: 'AuditEvent' });

export const auditEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  app.get(
    '/audit-events',
    {
      config: { scope: 'customers:read' },
      schema: {
        tags: ['audit'],
        summary: "Your customer's audit log, newest first",
        querystring: pagination.extend({
          action: text().max(100).optional().describe('Exact action, or a family such as api_key.*'),
          target_type: text().max(50).optional(),
          target_id: text().max(100).optional(),
          customer_id: z.uuid().optional().describe('Staff only: another customer'),
        }),
        response: { 200: listEnvelope(auditEvent), ...commonErrors },
      },
    },
    async (request) => {
      const { limit, offset, ...filters } = request.query;
      const { items, total } = await listAuditEvents(ctx, principalOf(request), { limit, offset }, filters);
      return { status: 'success' as const, data: items, meta: { total, limit, offset } };
    },
  );
};
