import { z } from 'zod';
import { text } from '../../../schemas/text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../../plugins/app/authentication';
import { commonErrors, listEnvelope, pagination, successEnvelope, timestamp } from '../../../schemas/common';
import { zoneParams } from '../../../schemas/zones';
import * as tsigKeysService from '../../../services/zones/tsigKeys';
import type { ZoneContext } from '../../../services/context';

const tags = ['tsig keys'];
const keyParams = z.object({ id: z.uuid(), keyId: z.uuid() });
const algorithm = z.enum(['hmac-sha256', 'hmac-sha384', 'hmac-sha512']);
const policy = z.object({
  name: text().min(1).max(255).describe('Record name relative to the zone: @, *, *.suffix or an exact name'),
  type: text().min(1).max(16).describe('Record type or *'),
  allow: z.boolean(),
});

const tsigKey = z
  .object({
    id: z.uuid(),
    zone_id: z.uuid(),
    name: z.string().describe('The key name in TSIG records, without the trailing dot'),
    algorithm,
    can_update: z.boolean().describe('May sign dynamic updates (RFC 2136), within record_policies'),
    can_transfer: z.boolean().describe('May sign zone transfers (AXFR/IXFR) by a secondary'),
    record_policies: z.array(policy).nullable().describe('Which records updates may change; null = all'),
    last_used_at: timestamp.nullable(),
    created_at: timestamp,
  })
  .meta({ id: 'TsigKey' });

const keyInput = {
  algorithm: algorithm.optional(),
  can_update: z.boolean().optional(),
  can_transfer: z.boolean().optional(),
  record_policies: z.array(policy).max(100).nullable().optional().describe('The most specific match wins, no match refuses; null = all records'),
};

/** /zones/{id}/tsig-keys: shared secrets for dynamic updates and zone transfers. */
export const tsigKeyRoutes: FastifyPluginAsyncZod<{ ctx: ZoneContext }> = async (app, { ctx }) => {
  app.post(
    '/zones/:id/tsig-keys',
    {
      config: { scope: 'zones:write', secret: true },
      schema: {
        tags,
        summary: 'Create a TSIG key for the zone; the secret is in this response only',
        description:
          'The secret is 32 random octets in base64 (hmac-sha256 by default). `name` must be unique in the zone (other zones and customers may use the same name); left out, it is a random label below the zone. At most 20 keys per zone.',
        params: zoneParams,
        body: z.object({ name: text().min(1).max(255).optional(), ...keyInput }),
        response: { 201: successEnvelope(tsigKey.extend({ secret: z.string().describe('Base64; shown only here') })), ...commonErrors },
      },
    },
    async (request, reply) => {
      const created = await tsigKeysService.createTsigKey(ctx, principalOf(request), request.params.id, request.body);
      return reply.status(201).send({ status: 'success', data: created });
    },
  );

  app.get(
    '/zones/:id/tsig-keys',
    {
      config: { scope: 'zones:read' },
      schema: {
        tags,
        summary: 'The zone’s TSIG keys, by name (never the secrets)',
        params: zoneParams,
        querystring: pagination,
        response: { 200: listEnvelope(tsigKey), ...commonErrors },
      },
    },
    async (request) => {
      const { items, total } = await tsigKeysService.listTsigKeys(ctx, principalOf(request), request.params.id, request.query);
      return { status: 'success' as const, data: items, meta: { total, ...request.query } };
    },
  );

  app.get(
    '/zones/:id/tsig-keys/:keyId',
    {
      config: { scope: 'zones:read' },
      schema: { tags, summary: 'One TSIG key (never the secret)', params: keyParams, response: { 200: successEnvelope(tsigKey), ...commonErrors } },
    },
    async (request) => ({
      status: 'success' as const,
      data: await tsigKeysService.getTsigKey(ctx, principalOf(request), request.params.id, request.params.keyId),
    }),
  );

  app.put(
    '/zones/:id/tsig-keys/:keyId',
    {
      config: { scope: 'zones:write' },
      schema: {
        tags,
        summary: 'Change a TSIG key’s name, algorithm, permissions or record policies (the secret stays)',
        description: 'Fields left out keep their value. Taking can_transfer away from a key a secondary uses is refused (409).',
        params: keyParams,
        body: z.object({ name: text().min(1).max(255).optional(), ...keyInput }),
        response: { 200: successEnvelope(tsigKey), ...commonErrors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await tsigKeysService.updateTsigKey(ctx, principalOf(request), request.params.id, request.params.keyId, request.body),
    }),
  );

  app.delete(
    '/zones/:id/tsig-keys/:keyId',
    {
      config: { scope: 'zones:write' },
      schema: {
        tags,
        summary: 'Delete a TSIG key; it stops working at once',
        description: 'Refused (409) while a secondary transfers with it: remove the secondary first.',
        params: keyParams,
        response: { 200: successEnvelope(tsigKey), ...commonErrors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await tsigKeysService.deleteTsigKey(ctx, principalOf(request), request.params.id, request.params.keyId),
    }),
  );
};
