import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/authentication';
import { currentSubscription } from '../../services/subscriptions';
import { subscription } from '../../schemas/accounts';
import { commonErrors, successEnvelope } from '../../schemas/common';
import { plan } from './plans';

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  app.get(
    '/subscriptions/current',
    {
      config: { auth: 'session' },
      schema: {
        tags: ['subscriptions'],
        summary: "Your customer's current subscription and plan (session only)",
        response: { 200: successEnvelope(subscription.extend({ plan })), ...commonErrors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await currentSubscription(ctx, principalOf(request)) }),
  );
};
