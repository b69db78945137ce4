import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/app/authentication';
import * as dnsNodesService from '../../services/dns/dnsNodes';
import { maxQueryTotalDays, networks, queryTotals } from '../../services/dns/queryTotals';
import { commonErrors, listEnvelope, message, pagination, successEnvelope, timestamp } from '../../schemas/common';
import { text } from '../../schemas/text';

const tags = ['regions'];
const dnsNode = z
  .object({
    id: z.string().describe('DNS_NODE_ID, or the id the node generated and keeps in its data directory'),
    name: z.string().describe('Its host name (NSID)'),
    network: z.enum(['EU', 'GLOBAL']),
    region: z.object({ id: z.uuid(), name: z.string() }).nullable().describe('The region named by DNS_REGION; null when unset or not a region'),
    version: z.string(),
    journal_position: z.number().int().describe('Every zone change up to this journal id was served at the node’s last complete sync'),
    journal_lag_seconds: z.number().describe('How long the oldest change after that position had waited at the last heartbeat (0: none)'),
    zones_loaded: z.number().int(),
    online: z.boolean().describe('Heartbeated within REGION_OFFLINE_AFTER'),
    notify_lease: z.boolean().describe('Holds the unexpired NOTIFY lease: the node that sends NOTIFY to customers’ secondaries'),
    started_at: timestamp,
    last_heartbeat_at: timestamp,
  })
  .meta({ id: 'DnsNode' });

const networkTotals = z
  .object({
    days: z.number().int(),
    networks: z.array(
      z.object({
        network: z.enum(networks),
        this_hour: z.number().int().describe('Queries in the UTC hour under way, as far as the nodes have written them (about once a minute)'),
        last_hour: z.number().int().describe('Queries in the last complete UTC hour'),
        total: z.number().int().describe('Queries over the days asked'),
        days: z.array(z.object({ day: z.iso.date(), queries: z.number().int() })).describe('Per UTC day, oldest first, today so far last'),
      }),
    ),
  })
  .meta({ id: 'DnsQueryTotals' });

export const dnsNodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;

  app.get(
    '/dns-nodes',
    {
      config: { scope: 'customers:read' },
      schema: {
        tags,
        summary: 'The DNS nodes and their last heartbeats (platform staff)',
        querystring: pagination,
        response: { 200: listEnvelope(dnsNode), ...commonErrors },
      },
    },
    async (request) => {
      const { items, total } = await dnsNodesService.listDnsNodes(ctx, principalOf(request), request.query);
      return { status: 'success' as const, data: items, meta: { total, ...request.query } };
    },
  );

  app.delete(
    '/dns-nodes/:id',
    {
      config: { scope: 'customers:write' },
      schema: {
        tags,
        summary: 'Forget a retired DNS node (platform staff); a running one comes back at its next heartbeat',
        params: z.object({ id: text().min(1).max(64) }),
        response: { 200: message, ...commonErrors },
      },
    },
    async (request) => {
      await dnsNodesService.deleteDnsNode(ctx, principalOf(request), request.params.id);
      return { status: 'success' as const, data: { message: 'DNS node forgotten.' } };
    },
  );

  app.get(
    '/dns-query-totals',
    {
      config: { scope: 'customers:read' },
      schema: {
        tags,
        summary: 'DNS queries answered per network, per day and in the last hours (platform staff)',
        querystring: z.object({ days: z.coerce.number().int().min(1).max(maxQueryTotalDays).default(30) }),
        response: { 200: successEnvelope(networkTotals), ...commonErrors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await queryTotals(ctx, principalOf(request), request.query.days) }),
  );
};
