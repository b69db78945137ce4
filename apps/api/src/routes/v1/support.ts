import { z } from 'zod';
import { text } from '../../schemas/text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/app/authentication';
import { getSupportRequest, listSupportRequests, markSupportRequest, submitSupportRequest } from '../../services/ops/support';
import { commonErrors, idParams, listEnvelope, pagination, successEnvelope, timestamp } from '../../schemas/common';

const tags = ['support'];
const supportRequest = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string().describe('Where the reply goes'),
    subject: z.string(),
    message: z.string(),
    source: z.string().describe('The page it was sent from'),
    created_at: timestamp,
    handled_at: timestamp.nullable().describe('When staff marked it answered; null while open'),
    handled_by: z.uuid().nullable().describe('The staff user who did'),
  })
  .meta({ id: 'SupportRequest' });

export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  app.post(
    '/support',
    {
      config: { auth: 'public', rateClass: 'support' },
      schema: {
        tags,
        summary: 'Send a message to support (stored and mailed; limited per client address)',
        body: z.object({
          name: text().trim().min(1).max(200),
          email: z.email().max(254),
          subject: text().trim().min(1).max(200),
          message: text({ freeForm: true }).trim().min(1).max(10_000),
          source: text().trim().min(1).max(2000),
        }),
        response: { 201: successEnvelope(z.object({ id: z.uuid(), created_at: timestamp, message: z.string() })), ...commonErrors },
      },
    },
    async (request, reply) => {
      const stored = await submitSupportRequest(ctx, request.body, request.ip);
      return reply.status(201).send({ status: 'success', data: { ...stored, message: "Message sent. We'll get back to you within 24 hours." } });
    },
  );

  app.get(
    '/support',
    {
      config: { scope: 'customers:read' },
      schema: {
        tags,
        summary: 'Support requests received, newest first (platform staff)',
        querystring: pagination.extend({ state: z.enum(['open', 'handled']).optional() }),
        response: { 200: listEnvelope(supportRequest), ...commonErrors },
      },
    },
    async (request) => {
      const { state, ...page } = request.query;
      const { items, total } = await listSupportRequests(ctx, principalOf(request), page, { state });
      return { status: 'success' as const, data: items, meta: { total, ...page } };
    },
  );

  app.get(
    '/support/:id',
    {
      config: { scope: 'customers:read' },
      schema: { tags, summary: 'One support request (platform staff)', params: idParams, response: { 200: successEnvelope(supportRequest), ...commonErrors } },
    },
    async (request) => ({ status: 'success' as const, data: await getSupportRequest(ctx, principalOf(request), request.params.id) }),
  );

  app.patch(
    '/support/:id',
    {
      config: { auth: 'session' },
      schema: {
        tags,
        summary: 'Mark a support request answered, or open again (platform staff)',
        params: idParams,
        body: z.object({ handled: z.boolean() }),
        response: { 200: successEnvelope(supportRequest), ...commonErrors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await markSupportRequest(ctx, principalOf(request), request.params.id, request.body.handled),
    }),
  );
};
