import { z } from 'zod';
import { text } from '../../../schemas/text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../../plugins/app/authentication';
import { commonErrors, listEnvelope, pagination, successEnvelope } from '../../../schemas/common';
import { rrsetInput, rrset, rrsetParams, setDiff, warnedEnvelope, zoneParams } from '../../../schemas/zones';
import * as rrsetsService from '../../../services/zones/rrsets';
import type { RecordContext } from '../../../services/context';

const tags = ['records'];

/** /zones/{id}/records: record sets, one id per name and type. */
export const recordRoutes: FastifyPluginAsyncZod<{ ctx: RecordContext }> = async (app, { ctx }) => {
  app.post(
    '/zones/:id/records',
    {
      config: { scope: 'records:write' },
      schema: {
        tags,
        summary: 'Add records to the set of their name and type (creating it); returns the whole set',
        description: 'Values already in the set are kept once. `ttl` sets the set’s TTL (left out: the set keeps its TTL, a new set gets the zone’s).',
        params: zoneParams,
        body: rrsetInput,
        response: { 200: warnedEnvelope(rrset), 201: warnedEnvelope(rrset), ...commonErrors },
      },
    },
    async (request, reply) => {
      const { created, rrset } = await rrsetsService.addToRrset(ctx, principalOf(request), request.params.id, request.body);
      return reply.status(created ? 201 : 200).send({ status: 'success', data: rrset, warnings: rrsetsService.warningsOf([rrset]) });
    },
  );

  app.get(
    '/zones/:id/records',
    {
      config: { scope: 'records:read' },
      schema: {
        tags,
        summary: 'List the zone’s record sets in DNS canonical order, then by type',
        description:
          'The filters combine: a set is listed when it matches every one given. `name_contains` and `content_contains` are case-insensitive and take `%`, `_` and `\\` literally. Up to 1,000 sets a page.',
        params: zoneParams,
        querystring: pagination.extend({
          limit: z.coerce.number().int().min(1).max(1000).default(10),
          name: text().max(1024).optional().describe('Only this owner name (@, relative or full)'),
          name_contains: text()
            .min(1)
            .max(255)
            .optional()
            .describe('Owner names containing this text, relative or full (`host12` finds host12 and host120); `@` is the apex'),
          type: text().max(400).optional().describe('Only this type, or these types comma-separated (`A,AAAA`); at most 20'),
          content_contains: text()
            .min(1)
            .max(512)
            .optional()
            .describe('Sets with a value containing this text in its presentation form (an address, a target, part of a TXT); an IPv6 address in any spelling'),
        }),
        response: { 200: listEnvelope(rrset), ...commonErrors },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { items, total } = await rrsetsService.listRrsets(ctx, principalOf(request), request.params.id, request.query);
      return { status: 'success' as const, data: items, meta: { total, limit, offset } };
    },
  );

  app.patch(
    '/zones/:id/records',
    {
      config: { scope: 'records:write' },
      schema: {
        tags,
        summary: 'Change many record sets at once, all or nothing',
        description:
          '`create` adds a set that must not exist yet, `replace` sets a set’s values and TTL (creating it), `delete` removes a set. One bad change refuses the whole request; problems are reported under `changes.<index>.<field>`. Up to 1,000 changes, one new serial. With `if_serial` (the serial the changes were planned against) the request is refused with 409 `serial_mismatch`, `details` holding `if_serial` and the zone’s `serial`, when the zone has another serial: nothing written since the plan is overwritten unseen.',
        params: zoneParams,
        body: z.object({
          changes: z
            .array(rrsetInput.extend({ action: z.enum(['create', 'replace', 'delete']) }))
            .min(1)
            .max(1000),
          if_serial: z
            .number()
            .int()
            .min(0)
            .max(4294967295)
            .optional()
            .describe('Apply only if the zone’s serial is still this one (the serial the changes were planned against); otherwise 409 `serial_mismatch`'),
        }),
        response: {
          200: warnedEnvelope(z.object({ serial: z.number().int(), changes: z.array(setDiff), rrsets: z.array(rrset) })),
          ...commonErrors,
        },
      },
    },
    async (request) => {
      const data = await rrsetsService.applyBulkChanges(ctx, principalOf(request), request.params.id, request.body.changes, request.body.if_serial);
      return { status: 'success' as const, data, warnings: rrsetsService.warningsOf(data.rrsets) };
    },
  );

  app.get(
    '/zones/:id/records/:recordId',
    {
      config: { scope: 'records:read' },
      schema: { tags, summary: 'One record set', params: rrsetParams, response: { 200: successEnvelope(rrset), ...commonErrors } },
    },
    async (request) => ({
      status: 'success' as const,
      data: await rrsetsService.getRrset(ctx, principalOf(request), request.params.id, request.params.recordId),
    }),
  );

  app.put(
    '/zones/:id/records/:recordId',
    {
      config: { scope: 'records:write' },
      schema: {
        tags,
        summary: 'Replace the values (and TTL) of a record set',
        params: rrsetParams,
        body: rrsetInput.pick({ content: true, ttl: true }),
        response: { 200: warnedEnvelope(rrset), ...commonErrors },
      },
    },
    async (request) => {
      const data = await rrsetsService.replaceRrset(ctx, principalOf(request), request.params.id, request.params.recordId, request.body);
      return { status: 'success' as const, data, warnings: rrsetsService.warningsOf([data]) };
    },
  );

  app.delete(
    '/zones/:id/records/:recordId',
    {
      config: { scope: 'records:write' },
      schema: { tags, summary: 'Delete a record set; returns it as it was', params: rrsetParams, response: { 200: successEnvelope(rrset), ...commonErrors } },
    },
    async (request) => ({
      status: 'success' as const,
      data: await rrsetsService.deleteRrset(ctx, principalOf(request), request.params.id, request.params.recordId),
    }),
  );

  app.delete(
    '/zones/:id/records/by-name/:name/:type',
    {
      config: { scope: 'records:write' },
      schema: {
        tags,
        summary: 'Delete the set of a name and type, or with `content` just that value',
        description: '`name` is @, relative or full. The set goes when its last value does.',
        params: z.object({ id: z.uuid(), name: text().max(1024), type: text().max(32) }),
        querystring: z.object({ content: text({ freeForm: true }).max(65535).optional() }),
        response: {
          200: successEnvelope(z.object({ removed: z.array(z.string()), rrset: rrset.nullable().describe('The set afterwards; null when it is gone') })),
          ...commonErrors,
        },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await rrsetsService.deleteByName(ctx, principalOf(request), request.params.id, { ...request.params, content: request.query.content }),
    }),
  );
};
