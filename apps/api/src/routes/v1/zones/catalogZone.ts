import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { text } from '../../../schemas/text';
import { principalOf } from '../../../plugins/app/authentication';
import { zoneRegion } from '../../../schemas/accounts';
import { commonErrors, successEnvelope, timestamp } from '../../../schemas/common';
import * as catalogZoneService from '../../../services/zones/catalogZone';
import type { ZoneContext } from '../../../services/context';

const tags = ['catalog zone'];

const catalogZone = z
  .object({
    zone_id: z.uuid().describe('The catalog as a zone: its TSIG keys and secondaries are at /zones/{zone_id}/tsig-keys and /zones/{zone_id}/secondaries'),
    name: z.string().describe('The catalog zone’s name, as your secondaries configure it'),
    region: zoneRegion.describe('The network whose name servers serve the catalog'),
    status: z.enum(['active', 'disabled', 'deleting']),
    serial: z.number().int().describe('SOA serial, new with every zone added or removed'),
    version: z.literal('2').describe('The catalog zone schema version (RFC 9432), in the TXT record at version.<name>'),
    name_servers: z.array(z.string()).describe('Where secondaries transfer the catalog and its zones from'),
    members: z
      .array(
        z.object({
          zone_id: z.uuid(),
          zone: z.string(),
          member_id: z
            .string()
            .describe('The unique label of the member in <member_id>.zones.<name> PTR <zone>: the zone id in hex, new for a zone made again'),
          group: z.enum(['eu', 'global', 'eu-global']).describe('The group property: the network of the zone, for a consumer template per network'),
        }),
      )
      .describe('Your active zones, primary and secondary; disabled zones and zones being deleted are not listed'),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'CatalogZone' });

/** /catalog-zone: the customer's catalog zone (RFC 9432) for their own secondaries. */
export const catalogZoneRoutes: FastifyPluginAsyncZod<{ ctx: ZoneContext }> = async (app, { ctx }) => {
  app.post(
    '/catalog-zone',
    {
      config: { scope: 'zones:write' },
      schema: {
        tags,
        summary: 'Turn on your catalog zone, listing your zones for your own secondaries',
        description:
          'One per customer; it does not count as a zone of your plan. `name` defaults to a name of yours under catalog.invalid (never delegated); a name you choose follows the rules of zone names. Then create a TSIG key with can_transfer on the catalog (POST /zones/{zone_id}/tsig-keys) and add your secondaries (POST /zones/{zone_id}/secondaries): they may transfer the catalog and every zone it lists with that key, and are sent NOTIFY for all of them. A credential limited to some zones is refused (403).',
        body: z.object({
          name: text().max(300).optional(),
          region: zoneRegion.optional(),
          ttl: z.number().int().optional().describe('60 to 604800 seconds (default 3600)'),
        }),
        response: { 201: successEnvelope(catalogZone), ...commonErrors },
      },
    },
    async (request, reply) => {
      const created = await catalogZoneService.createCatalogZone(ctx, principalOf(request), request.body);
      return reply.status(201).send({ status: 'success', data: created });
    },
  );

  app.get(
    '/catalog-zone',
    {
      config: { scope: 'zones:read' },
      schema: {
        tags,
        summary: 'Your catalog zone and the zones it lists (404 when it is off)',
        response: { 200: successEnvelope(catalogZone), ...commonErrors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await catalogZoneService.getCatalogZone(ctx, principalOf(request)) }),
  );

  app.delete(
    '/catalog-zone',
    {
      config: { scope: 'zones:write' },
      schema: {
        tags,
        summary: 'Turn the catalog zone off (asynchronously)',
        description:
          'Answers 202: the catalog is no longer served and is removed by a background job with its keys and secondaries. Your secondaries keep the zones they hold until they remove them themselves.',
        response: { 202: successEnvelope(catalogZone), ...commonErrors },
      },
    },
    async (request, reply) => {
      const deleting = await catalogZoneService.deleteCatalogZone(ctx, principalOf(request));
      app.jobs.wake();
      return reply.status(202).send({ status: 'success', data: deleting });
    },
  );
};
