import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from '@kaja/db/orm';
import { commonErrors, successEnvelope } from '../../schemas/common';

/** For load balancers and monitoring: the API answers and its database does too. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness of the API and its database',
        response: { 200: successEnvelope(z.object({ database: z.literal('ok'), mode: z.enum(['production', 'sandbox']) })), ...commonErrors },
      },
    },
    async () => {
      await app.context.db.execute(sql`SELECT 1`);
      return { status: 'success' as const, data: { database: 'ok' as const, mode: app.context.config.appMode } };
    },
  );
};
