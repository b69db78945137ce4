import { z } from 'zod';
import { text } from '../../schemas/text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { submitSupportRequest } from '../../services/ops/support';
import { commonErrors, successEnvelope, timestamp } from '../../schemas/common';

export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  app.post(
    '/support',
    {
      config: { auth: 'public', rateClass: 'support' },
      schema: {
        tags: ['support'],
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
};
