import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/app/authentication';
import type { ZoneContext } from '../../services/context';
import * as subscriptionsService from '../../services/billing/subscriptions';
import { billingInterval, currentSubscription, invoice, onboardingStep } from '../../schemas/billing';
import { commonErrors, idParams, successEnvelope } from '../../schemas/common';
import { plan } from './plans';
import { text } from '../../schemas/text';

const tags = ['subscriptions'];
const current = currentSubscription.extend({ plan });

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  // A checkout can serve disabled zones again: their change notices go out after the commit.
  const zoneCtx: ZoneContext = { ...ctx, zoneChanges: app.zoneChanges };

  app.get(
    '/subscriptions/current',
    {
      config: { auth: 'session' },
      schema: {
        tags,
        summary: "Your customer's current subscription: plan, state, period, usage against the limits, onboarding (session only)",
        response: { 200: successEnvelope(current), ...commonErrors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await subscriptionsService.currentSubscription(ctx, principalOf(request)) }),
  );

  app.post(
    '/subscriptions/checkout',
    {
      config: { auth: 'session', whileReadOnly: true },
      schema: {
        tags,
        summary:
          'Order a paid plan, or upgrade: the plan applies at once; its first period starts at the end of a running trial, otherwise now, with an invoice payable within 14 days (owners and admins)',
        description:
          'Needs a billing address on the customer (422 otherwise). During a trial the order keeps the trial to its end: the subscription stays `trialing` with the plan, `billing_interval` and the first paid period (`current_period_start` is the trial end) recorded, no invoice is issued now (`invoice` is null), and the first invoice is issued when the trial ends; ordering again replaces the order and withdraws a cancellation. `start: now` ends the trial at once and invoices from today instead. Scale is sold on request: 409 with `contact: sales`. A cheaper plan than the current paid one: 409, use change-plan.',
        body: z.object({
          plan_id: text().min(1).max(50),
          interval: billingInterval.optional(),
          start: z
            .enum(['trial_end', 'now'])
            .optional()
            .describe(
              'During a trial: `trial_end` (default) starts the paid period when the trial ends; `now` ends the trial and starts it today. Ignored outside a trial.',
            ),
        }),
        response: { 201: successEnvelope(z.object({ subscription: current, invoice: invoice.nullable() })), ...commonErrors },
      },
    },
    async (request, reply) => {
      const data = await subscriptionsService.checkout(zoneCtx, principalOf(request), request.body);
      return reply.status(201).send({ status: 'success', data });
    },
  );

  app.put(
    '/subscriptions/:id/change-plan',
    {
      config: { scope: 'customers:write', whileReadOnly: true },
      schema: {
        tags,
        summary: 'Change the plan at once: an upgrade is prorated on the next invoice; a downgrade below current usage is refused (owners and admins)',
        description:
          'A downgrade that current usage exceeds answers 403 `quota_exceeded` with each exceeded limit and its usage in `details`. During a trial with a plan ordered, it changes the order (no charge; the trial runs to its end); a trial without an order answers 409: order through checkout.',
        params: idParams,
        body: z.object({ new_plan_id: text().min(1).max(50) }),
        response: { 200: successEnvelope(current), ...commonErrors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await subscriptionsService.changePlan(ctx, principalOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/subscriptions/:id',
    {
      config: { scope: 'customers:write', whileReadOnly: true },
      schema: {
        tags,
        summary: 'Cancel at the end of the paid period (or of the trial); zones are served until then (owners and admins)',
        params: idParams,
        response: { 200: successEnvelope(current), ...commonErrors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await subscriptionsService.cancelSubscription(ctx, principalOf(request), request.params.id),
    }),
  );

  app.post(
    '/subscriptions/onboarding-step',
    {
      config: { auth: 'session', whileReadOnly: true },
      schema: {
        tags,
        summary: 'Mark an onboarding step done (the platform also marks them when you do the thing)',
        body: z.object({ step: onboardingStep }),
        response: { 200: successEnvelope(current), ...commonErrors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await subscriptionsService.recordOnboardingStep(ctx, principalOf(request), request.body.step),
    }),
  );
};
