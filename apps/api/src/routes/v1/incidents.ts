import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { text } from '../../schemas/text';
import { principalOf } from '../../plugins/app/authentication';
import * as incidentsService from '../../services/ops/incidents';
import { commonErrors, idParams, listEnvelope, message, pagination, successEnvelope, timestamp } from '../../schemas/common';

const tags = ['incidents'];
const impact = z.enum(incidentsService.incidentImpacts).describe('none, minor (degraded), major (partial outage) or critical (full outage)');
const status = z.enum(incidentsService.incidentStatuses);
const incident = z
  .object({
    id: z.uuid(),
    title: z.string(),
    impact,
    status: status.describe('The status of the latest update'),
    regions: z.array(z.object({ id: z.uuid(), name: z.string() })).describe('The regions affected'),
    updates: z.array(z.object({ id: z.uuid(), status, message: z.string(), created_at: timestamp })).describe('Newest first'),
    created_at: timestamp,
    resolved_at: timestamp.nullable(),
    updated_at: timestamp,
  })
  .meta({ id: 'Incident' });
const fields = {
  title: text().trim().min(1).max(200),
  impact,
  region_ids: z.array(z.uuid()).max(50),
};
const update = { status, message: text({ freeForm: true }).trim().min(1).max(5000) };

export const incidentRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;

  app.get(
    '/incidents',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Incidents of the status page, newest first: those begun within `days` and any still unresolved',
        querystring: pagination.extend({
          days: z.coerce.number().int().min(1).max(incidentsService.incidentHistoryDays).default(incidentsService.incidentHistoryDays),
        }),
        response: { 200: listEnvelope(incident), ...commonErrors },
      },
    },
    async (request) => {
      const { items, total } = await incidentsService.listIncidents(ctx, request.query);
      return { status: 'success' as const, data: items, meta: { total, limit: request.query.limit, offset: request.query.offset } };
    },
  );

  app.get(
    '/incidents/:id',
    {
      config: { auth: 'public' },
      schema: { tags, summary: 'One incident with its updates', params: idParams, response: { 200: successEnvelope(incident), ...commonErrors } },
    },
    async (request) => ({ status: 'success' as const, data: await incidentsService.getIncident(ctx, request.params.id) }),
  );

  app.post(
    '/incidents',
    {
      config: { scope: 'customers:write' },
      schema: {
        tags,
        summary: 'Post an incident with its first update (platform staff)',
        body: z.object({ ...fields, status: update.status.default('investigating'), message: update.message }),
        response: { 201: successEnvelope(incident), ...commonErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ status: 'success', data: await incidentsService.createIncident(ctx, principalOf(request), request.body) }),
  );

  app.post(
    '/incidents/:id/updates',
    {
      config: { scope: 'customers:write' },
      schema: {
        tags,
        summary: 'Post an update, which sets the incident’s status (platform staff)',
        params: idParams,
        body: z.object(update),
        response: { 201: successEnvelope(incident), ...commonErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ status: 'success', data: await incidentsService.postIncidentUpdate(ctx, principalOf(request), request.params.id, request.body) }),
  );

  app.put(
    '/incidents/:id',
    {
      config: { scope: 'customers:write' },
      schema: {
        tags,
        summary: 'Correct an incident’s title, impact or regions (platform staff)',
        params: idParams,
        body: z.object({ title: fields.title.optional(), impact: fields.impact.optional(), region_ids: fields.region_ids.optional() }),
        response: { 200: successEnvelope(incident), ...commonErrors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await incidentsService.changeIncident(ctx, principalOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/incidents/:id',
    {
      config: { scope: 'customers:write' },
      schema: { tags, summary: 'Remove an incident posted by mistake (platform staff)', params: idParams, response: { 200: message, ...commonErrors } },
    },
    async (request) => {
      await incidentsService.deleteIncident(ctx, principalOf(request), request.params.id);
      return { status: 'success' as const, data: { message: 'Incident deleted.' } };
    },
  );
};
