import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '@kaja/config';
import { errorStatuses } from '../../errors';

const errorCodeTable = Object.entries(errorStatuses)
  .map(([code, status]) => `| \`${code}\` | ${status} |`)
  .join('\n');

/** The OpenAPI 3.1 document, generated from the same zod schemas that validate requests. */
export async function openapiPlugin(app: FastifyInstance, { config }: { config: Config }) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Kaja DNS API',
        version: '1',
        description: [
          'Manage customers, users, API keys, zones, records and DNSSEC.',
          'Authenticate with `Authorization: Bearer <API key or access token>` (or the session cookie from sign-in).',
          'Every response is an envelope: `{"status":"success","data":...}` (lists add `meta {total, limit, offset}`) or',
          '`{"status":"error","error":{"code","message","details"}}` with `details` keyed by field path.',
          '',
          '| Error code | HTTP status |',
          '|---|---|',
          errorCodeTable,
        ].join('\n'),
      },
      servers: [{ url: config.apiBaseUrl.replace(/\/v1$/, '') }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'API key (kak_...) or access token (kst_...)' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'kaja_session' },
          basic: { type: 'http', scheme: 'basic', description: 'Dynamic DNS (/nic/update) only: any user name, an API key as the password' },
        },
      },
      security: [{ bearer: [] }, { cookie: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
}
