import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../../plugins/app/authentication';
import { commonErrors, successEnvelope, timestamp } from '../../../schemas/common';
import { zoneParams } from '../../../schemas/zones';
import { maxMetricPoints, metricSteps, zoneMetrics, type MetricStep } from '../../../services/zones/zoneMetrics';
import type { ZoneContext } from '../../../services/context';

const tags = ['metrics'];
const counts = z.record(z.string(), z.number().int()).describe('Queries by name (most first)');

const zoneMetricsSchema = z
  .object({
    zone_id: z.uuid(),
    zone: z.string(),
    from: timestamp.describe('Start of the first step (inclusive)'),
    to: timestamp.describe('End of the last step (exclusive)'),
    step: z.enum(Object.keys(metricSteps) as [MetricStep, ...MetricStep[]]),
    advanced: z.boolean().describe('Whether the plan has advanced metrics (Pro and Scale): the breakdowns below are null without'),
    total: z.number().int().describe('Queries answered in the window'),
    by_type: counts.nullable().describe('Queries by query type (A, AAAA, …; OTHER for all types without a mnemonic)'),
    by_rcode: counts.nullable().describe('Queries by response code (NOERROR, NXDOMAIN, …)'),
    nxdomain_share: z.number().min(0).max(1).nullable().describe('The share of the queries answered NXDOMAIN (0 to 1)'),
    series: z.array(
      z.object({
        time: timestamp.describe('Start of the step'),
        queries: z.number().int(),
        by_type: counts.optional(),
        by_rcode: counts.optional(),
      }),
    ),
  })
  .meta({ id: 'ZoneMetrics' });

/** /zones/{id}/metrics: the zone's queries from the DNS nodes' counters. */
export const metricsRoutes: FastifyPluginAsyncZod<{ ctx: ZoneContext }> = async (app, { ctx }) => {
  app.get(
    '/zones/:id/metrics',
    {
      config: { scope: 'zones:read' },
      schema: {
        tags,
        summary: 'The zone’s queries over time; by query type and response code with advanced metrics',
        description: `Counted by every DNS node per hour and written about once a minute, so the current hour grows as you watch. \`from\` (default: 24 hours before \`to\`) is rounded down and \`to\` (default: now) up to whole steps in UTC; \`step\` is \`1h\` (default), \`6h\` or \`1d\`, and a window holds at most ${maxMetricPoints} steps (422 beyond). Every plan gets the totals; plans with advanced metrics (Pro, Scale) also get each step and the window by query type and response code, and the NXDOMAIN share.`,
        params: zoneParams,
        querystring: z.object({
          from: timestamp.optional(),
          to: timestamp.optional(),
          step: z.enum(Object.keys(metricSteps) as [MetricStep, ...MetricStep[]]).default('1h'),
        }),
        response: { 200: successEnvelope(zoneMetricsSchema), ...commonErrors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await zoneMetrics(ctx, principalOf(request), request.params.id, request.query) }),
  );
};
