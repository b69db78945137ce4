import { z } from 'zod';
import { text } from '../../schemas/text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/app/authentication';
import * as apiKeysService from '../../services/accounts/apiKeys';
import { apiKey, apiKeyWithSecret, teamApiKey } from '../../schemas/accounts';
import { commonErrors, listEnvelope, pagination, successEnvelope, timestamp } from '../../schemas/common';

const tags = ['api keys'];
const tenYears = 10 * 365 * 24 * 3600;
const userParams = z.object({ userId: z.uuid() });
const keyParams = z.object({ userId: z.uuid(), keyId: z.uuid() });

const restrictions = z
  .object({
    allowed_zones: z.array(text().min(1).max(255)).max(1000).nullable().optional().describe('Zone names the key may touch'),
    record_policies: z
      .array(
        z.object({
          zone: text().min(1).max(255).nullable().optional().describe('Zone name; omitted = every allowed zone'),
          name: text().min(1).max(255).describe('Record name relative to the zone: @, *, *.suffix or an exact name'),
          type: text().min(1).max(16).describe('Record type or *'),
          allow: z.boolean(),
        }),
      )
      .max(100)
      .nullable()
      .optional()
      .describe('Which records the key may change; the most specific match wins, no match refuses'),
    allowed_cidrs: z.array(text().min(1).max(64)).max(100).nullable().optional().describe('Client address ranges (IPv4/IPv6 CIDR)'),
    max_age_seconds: z.number().int().min(60).max(tenYears).nullable().optional(),
    max_unused_seconds: z.number().int().min(60).max(tenYears).nullable().optional(),
  })
  .describe('Optional limits, checked on every call');

export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;

  app.post(
    '/users/:userId/apikeys',
    {
      config: { scope: 'customers:read', secret: true },
      schema: {
        tags,
        summary: 'Create an API key; the secret is in this response only',
        description:
          'Your own keys, or (owners and admins) keys of your customer’s users. `scopes` is a list or a JSON-encoded list. With an API key as credential this needs customers:write, and the new key cannot have scopes the calling key lacks.',
        params: userParams,
        body: z.object({
          name: text().trim().min(1).max(100),
          scopes: z.union([z.array(text().max(64)).max(20), text().max(2000)]),
          expires_at: timestamp.nullable().optional(),
          restrictions: restrictions.optional(),
        }),
        response: { 201: successEnvelope(apiKeyWithSecret), ...commonErrors },
      },
    },
    async (request, reply) => {
      const created = await apiKeysService.createApiKey(ctx, principalOf(request), request.params.userId, request.body);
      return reply.status(201).send({ status: 'success', data: created });
    },
  );

  app.get(
    '/users/:userId/apikeys',
    {
      config: { scope: 'customers:read' },
      schema: {
        tags,
        summary: 'List the active API keys of a user (never the secrets)',
        params: userParams,
        querystring: pagination,
        response: { 200: listEnvelope(apiKey), ...commonErrors },
      },
    },
    async (request) => {
      const { items, total } = await apiKeysService.listApiKeys(ctx, principalOf(request), request.params.userId, request.query);
      return { status: 'success' as const, data: items, meta: { total, ...request.query } };
    },
  );

  app.get(
    '/apikeys',
    {
      config: { scope: 'customers:read' },
      schema: {
        tags,
        summary: "The active API keys of your team that you manage, with each key's user, creator and last use (never the secrets)",
        description:
          'Owners see every key of the customer, admins every key but owners’, members only their own; newest first. `can_revoke` applies the rules of revoking (the role over the key’s user and, with an API key as credential, `customers:write` and a key no wider than the caller).',
        querystring: pagination,
        response: { 200: listEnvelope(teamApiKey), ...commonErrors },
      },
    },
    async (request) => {
      const { items, total } = await apiKeysService.listTeamApiKeys(ctx, principalOf(request), request.query);
      return { status: 'success' as const, data: items, meta: { total, ...request.query } };
    },
  );

  app.get(
    '/users/:userId/apikeys/:keyId',
    {
      config: { scope: 'customers:read' },
      schema: { tags, summary: 'One API key (never the secret)', params: keyParams, response: { 200: successEnvelope(apiKey), ...commonErrors } },
    },
    async (request) => ({
      status: 'success' as const,
      data: await apiKeysService.getApiKey(ctx, principalOf(request), request.params.userId, request.params.keyId),
    }),
  );

  app.delete(
    '/users/:userId/apikeys/:keyId',
    {
      config: { scope: 'customers:read', whileReadOnly: true },
      schema: { tags, summary: 'Revoke an API key at once', params: keyParams, response: { 200: successEnvelope(apiKey), ...commonErrors } },
    },
    async (request) => ({
      status: 'success' as const,
      data: await apiKeysService.revokeApiKey(ctx, principalOf(request), request.params.userId, request.params.keyId),
    }),
  );

  app.post(
    '/users/:userId/apikeys/:keyId/rotate',
    {
      config: { scope: 'customers:read', secret: true },
      schema: {
        tags,
        summary: 'Issue a new secret for the key; the old secret stops working at once',
        params: keyParams,
        response: { 201: successEnvelope(apiKeyWithSecret.extend({ replaces: z.uuid() })), ...commonErrors },
      },
    },
    async (request, reply) => {
      const rotated = await apiKeysService.rotateApiKey(ctx, principalOf(request), request.params.userId, request.params.keyId);
      return reply.status(201).send({ status: 'success', data: rotated });
    },
  );
};
