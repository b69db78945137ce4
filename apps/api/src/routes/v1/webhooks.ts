import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webhookEvents, webhookEventTypes, webhookTestEvent } from '@kaja/catalog';
import { text } from '../../schemas/text';
import { principalOf } from '../../plugins/app/authentication';
import { commonErrors, listEnvelope, pagination, successEnvelope, timestamp } from '../../schemas/common';
import * as webhooksService from '../../services/webhooks/webhookEndpoints';

const tags = ['webhooks'];
const endpointParams = z.object({ id: z.uuid() });
const deliveryParams = z.object({ id: z.uuid(), deliveryId: z.uuid() });
const eventType = z.enum(webhookEventTypes).describe(
  Object.entries(webhookEvents)
    .map(([type, meaning]) => `\`${type}\`: ${meaning}`)
    .join('; '),
);

const endpoint = z
  .object({
    id: z.uuid(),
    url: z.string(),
    description: z.string(),
    event_types: z.array(eventType).nullable().describe('The event types sent; null = all, including types added later'),
    enabled: z.boolean(),
    disabled_reason: z.string().nullable().describe('Why it was turned off: by a person, or by the platform after 5 days of failures'),
    disabled_at: timestamp.nullable(),
    failing_since: timestamp.nullable().describe('The first failed attempt since the last success; null while deliveries succeed'),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'WebhookEndpoint' });

const endpointWithSecret = endpoint.extend({
  secret: z.string().describe('The signing secret (`whsec_` and base64), as the Standard Webhooks libraries take it; shown only here'),
});

const payload = z
  .object({
    type: z.string().describe(`One of the event types, or \`${webhookTestEvent}\``),
    timestamp,
    data: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'WebhookPayload' });

const delivery = z
  .object({
    id: z.uuid(),
    endpoint_id: z.uuid(),
    event_id: z.string().describe('The `webhook-id` header: the same for a redelivery of the event'),
    event_type: z.string(),
    status: z.enum(['pending', 'succeeded', 'failed']),
    attempt_count: z.number().int(),
    next_attempt_at: timestamp.nullable(),
    last_status_code: z.number().int().nullable(),
    last_error: z.string().nullable(),
    payload,
    created_at: timestamp,
    finished_at: timestamp.nullable(),
    attempts: z.array(
      z.object({
        attempted_at: timestamp,
        status_code: z.number().int().nullable().describe('null when no answer came (address refused, time-out, connection error)'),
        duration_ms: z.number().int(),
        error: z.string().nullable(),
        response_excerpt: z.string().nullable().describe('The first 1 KiB of the answer'),
      }),
    ),
  })
  .meta({ id: 'WebhookDelivery' });

const url = text()
  .min(1)
  .max(2000)
  .describe(
    'http:// or https:// address. It must resolve to public addresses only (checked at every attempt); redirects are not followed; 5 s to answer with a 2xx.',
  );
const endpointInput = {
  description: text().max(200).optional(),
  event_types: z.array(eventType).max(webhookEventTypes.length).nullable().optional().describe('Left out or null: every event type'),
  enabled: z.boolean().optional(),
};

/** /webhooks: endpoints that are sent the account's events, signed (Standard Webhooks), with their delivery log. */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  app.post(
    '/webhooks',
    {
      config: { scope: 'webhooks:write', secret: true },
      schema: {
        tags,
        summary: 'Register a webhook endpoint; the signing secret is in this response only',
        description: `At most ${webhooksService.MAX_WEBHOOK_ENDPOINTS} endpoints per account. Keys restricted to zones or records cannot manage webhooks (they carry the whole account’s events).`,
        body: z.object({ url, ...endpointInput }),
        response: { 201: successEnvelope(endpointWithSecret), ...commonErrors },
      },
    },
    async (request, reply) => {
      const created = await webhooksService.createEndpoint(ctx, principalOf(request), request.body);
      return reply.status(201).send({ status: 'success', data: created });
    },
  );

  app.get(
    '/webhooks',
    {
      config: { scope: 'webhooks:read' },
      schema: {
        tags,
        summary: 'The account’s webhook endpoints (never their secrets)',
        querystring: pagination,
        response: { 200: listEnvelope(endpoint), ...commonErrors },
      },
    },
    async (request) => {
      const { items, total } = await webhooksService.listEndpoints(ctx, principalOf(request), request.query);
      return { status: 'success' as const, data: items, meta: { total, ...request.query } };
    },
  );

  app.get(
    '/webhooks/:id',
    {
      config: { scope: 'webhooks:read' },
      schema: {
        tags,
        summary: 'One webhook endpoint (never its secret)',
        params: endpointParams,
        response: { 200: successEnvelope(endpoint), ...commonErrors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await webhooksService.getEndpoint(ctx, principalOf(request), request.params.id) }),
  );

  app.patch(
    '/webhooks/:id',
    {
      config: { scope: 'webhooks:write' },
      schema: {
        tags,
        summary: 'Change an endpoint’s address, description or event types, or disable and enable it',
        description: 'Fields left out keep their value. Enabling an endpoint the platform disabled starts its failure count afresh.',
        params: endpointParams,
        body: z.object({ url: url.optional(), ...endpointInput }),
        response: { 200: successEnvelope(endpoint), ...commonErrors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await webhooksService.updateEndpoint(ctx, principalOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/webhooks/:id',
    {
      config: { scope: 'webhooks:write' },
      schema: {
        tags,
        summary: 'Delete an endpoint and its delivery log; nothing more is sent to it',
        params: endpointParams,
        response: { 200: successEnvelope(endpoint), ...commonErrors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await webhooksService.deleteEndpoint(ctx, principalOf(request), request.params.id) }),
  );

  app.post(
    '/webhooks/:id/secret',
    {
      config: { scope: 'webhooks:write', secret: true },
      schema: {
        tags,
        summary: 'Replace the signing secret; the new one is in this response only',
        description: 'The old secret stops at once: attempts from now on, retries included, are signed with the new one.',
        params: endpointParams,
        response: { 200: successEnvelope(endpointWithSecret), ...commonErrors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await webhooksService.rotateSecret(ctx, principalOf(request), request.params.id) }),
  );

  app.post(
    '/webhooks/:id/test',
    {
      config: { scope: 'webhooks:write' },
      schema: {
        tags,
        summary: `Send a \`${webhookTestEvent}\` event to this endpoint now`,
        description: 'Sent whatever event types the endpoint subscribes to, and also while it is disabled; retried like any delivery.',
        params: endpointParams,
        response: { 202: successEnvelope(delivery), ...commonErrors },
      },
    },
    async (request, reply) => {
      const queued = await webhooksService.sendTestEvent(ctx, principalOf(request), request.params.id);
      return reply.status(202).send({ status: 'success', data: queued });
    },
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      config: { scope: 'webhooks:read' },
      schema: {
        tags,
        summary: 'The endpoint’s delivery log, newest first, each delivery with its attempts (kept 30 days)',
        params: endpointParams,
        querystring: pagination.extend({ status: z.enum(['pending', 'succeeded', 'failed']).optional() }),
        response: { 200: listEnvelope(delivery), ...commonErrors },
      },
    },
    async (request) => {
      const { items, total } = await webhooksService.listDeliveries(ctx, principalOf(request), request.params.id, request.query);
      return { status: 'success' as const, data: items, meta: { total, limit: request.query.limit, offset: request.query.offset } };
    },
  );

  app.get(
    '/webhooks/:id/deliveries/:deliveryId',
    {
      config: { scope: 'webhooks:read' },
      schema: { tags, summary: 'One delivery with its attempts', params: deliveryParams, response: { 200: successEnvelope(delivery), ...commonErrors } },
    },
    async (request) => ({
      status: 'success' as const,
      data: await webhooksService.getDelivery(ctx, principalOf(request), request.params.id, request.params.deliveryId),
    }),
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      config: { scope: 'webhooks:write' },
      schema: {
        tags,
        summary: 'Send a delivery’s event again, with the same webhook-id, as a new delivery',
        description: 'Refused (409) while the endpoint is disabled.',
        params: deliveryParams,
        response: { 202: successEnvelope(delivery), ...commonErrors },
      },
    },
    async (request, reply) => {
      const queued = await webhooksService.redeliver(ctx, principalOf(request), request.params.id, request.params.deliveryId);
      return reply.status(202).send({ status: 'success', data: queued });
    },
  );
};
