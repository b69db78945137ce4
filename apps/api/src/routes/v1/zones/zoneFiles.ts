import { z } from 'zod';
import { text } from '../../../schemas/text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../../plugins/app/authentication';
import { commonErrors, errorEnvelope, queryFlag, successEnvelope } from '../../../schemas/common';
import { rrsetWarning, setDiff, zoneParams } from '../../../schemas/zones';
import * as zoneFiles from '../../../services/zones/zoneFiles';
import type { PlanningContext } from '../../../services/context';

const tags = ['zone files'];
const maxZoneFileBytes = 10 * 1024 * 1024;

/** /zones/{id}/export and /import: RFC 1035 master files. */
export const zoneFileRoutes: FastifyPluginAsyncZod<{ ctx: PlanningContext }> = async (app, { ctx }) => {
  // Zone files arrive as text; this parser only exists inside this plugin.
  app.addContentTypeParser(['text/dns', 'text/plain'], { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.get(
    '/zones/:id/export',
    {
      config: { scope: 'records:read' },
      schema: {
        tags,
        summary: 'The zone as an RFC 1035 master file (text/dns)',
        params: zoneParams,
        response: { 200: z.string().describe('The zone file (Content-Type text/dns)'), ...commonErrors, 503: errorEnvelope },
      },
    },
    async (request, reply) => {
      const { zone, text } = await zoneFiles.exportZone(ctx, principalOf(request), request.params.id);
      return (
        reply
          .type('text/dns; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${zone.name}.zone"`)
          // The file as it is, not as a JSON string.
          .serializer((payload: unknown) => String(payload))
          .send(text)
      );
    },
  );

  app.post(
    '/zones/:id/import',
    {
      config: { scope: 'records:write' },
      bodyLimit: maxZoneFileBytes,
      schema: {
        tags,
        summary: 'Import a zone file (text/dns or text/plain, up to 10 MiB)',
        description:
          '`mode=merge` (default) replaces the sets the file has and keeps the others; `mode=replace` also removes sets the file lacks. `dry_run=true` answers the changes without writing. `changes` lists the first 1000 set changes; `summary` and `changes_total` count them all. Nothing is written unless the whole file is valid: the first 100 bad lines are reported with their numbers, and `error_count` says how many there are. A body over 10 MiB is refused with `payload_too_large` (413); a third large request (import, export, restore) of one customer under way at once gets `rate_limited` (429), and when the server is busy with other large requests, `unavailable` (503), both with Retry-After. $INCLUDE is refused. The SOA, apex NS and DNSSEC records of the file are not imported (they are the platform’s) and are listed under `ignored`.',
        params: zoneParams,
        querystring: z.object({ mode: z.enum(['merge', 'replace']).default('merge'), dry_run: queryFlag.default(false) }),
        body: text({ freeForm: true }).describe('The zone file'),
        response: {
          200: successEnvelope(
            z.object({
              mode: z.enum(['merge', 'replace']),
              dry_run: z.boolean(),
              serial: z.number().int(),
              summary: z.object({
                records_in_file: z.number().int(),
                sets_created: z.number().int(),
                sets_updated: z.number().int(),
                sets_deleted: z.number().int(),
                records_added: z.number().int(),
                records_removed: z.number().int(),
                by_type: z
                  .array(z.object({ type: z.string(), created: z.number().int(), updated: z.number().int(), deleted: z.number().int() }))
                  .describe('The set changes counted per record type, by type'),
              }),
              ignored: z.array(z.object({ name: z.string(), type: z.string(), count: z.number().int(), reason: z.string() })),
              warnings: z
                .array(rrsetWarning)
                .describe(
                  'Sets the file creates or changes that are valid but very likely do something unintended (an empty CAA issue value, a null MX, SPF +all...)',
                ),
              changes_total: z.number().int().describe('How many sets change; `changes` lists the first 1000'),
              changes: z.array(setDiff),
            }),
          ),
          ...commonErrors,
          503: errorEnvelope,
        },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await zoneFiles.importZone(ctx, principalOf(request), request.params.id, request.body, {
        mode: request.query.mode,
        dryRun: request.query.dry_run,
      }),
    }),
  );
};
