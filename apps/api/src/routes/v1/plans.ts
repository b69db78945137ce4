import { z } from 'zod';
import { text } from '../../schemas/text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as plansService from '../../services/billing/plans';
import { commonErrors, successEnvelope } from '../../schemas/common';

export const plan = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    price: z.object({ amount_cents: z.number().int(), currency: z.string(), period: z.string() }).nullable().describe('null = on request (contact sales)'),
    limits: z
      .object({
        zones: z.number().int().nullable(),
        records: z.number().int().nullable(),
        queries_per_month: z.number().int().nullable(),
      })
      .describe('null = unlimited'),
    rate_limits: z.object({ read_per_minute: z.number().int(), write_per_minute: z.number().int() }),
    features: z.array(z.string()),
    popular: z.boolean(),
    contact_sales: z.boolean(),
  })
  .meta({ id: 'Plan' });

export const planRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  app.get(
    '/plans',
    {
      config: { auth: 'public' },
      schema: { tags: ['plans'], summary: 'The plans with prices and limits', response: { 200: successEnvelope(z.array(plan)), ...commonErrors } },
    },
    async () => ({ status: 'success' as const, data: await plansService.listPlans(ctx) }),
  );
  app.get(
    '/plans/:id',
    {
      config: { auth: 'public' },
      schema: { tags: ['plans'], summary: 'One plan', params: z.object({ id: text().max(64) }), response: { 200: successEnvelope(plan), ...commonErrors } },
    },
    async (request) => ({ status: 'success' as const, data: await plansService.getPlan(ctx, request.params.id) }),
  );
};
