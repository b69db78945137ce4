import { describe, expect, it } from 'vitest';
import { endpoints, groupByResource, resourceOf, resourceTitle, type OpenApiDocument } from './openapi';

const document: OpenApiDocument = {
  paths: {
    '/v1/zones': {
      post: {
        summary: 'Create a zone',
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/ZoneInput' } } } },
        responses: { '201': { description: 'Created' }, '400': { description: 'Validation failed' } },
      },
      get: {
        summary: 'List zones',
        parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', description: 'Page size' } }],
        responses: { '200': { description: 'OK' } },
      },
    },
    '/v1/plans': { get: { summary: 'List plans', responses: { '200': { description: 'OK' } } } },
  },
  components: {
    schemas: {
      ZoneInput: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string', description: 'Domain name' },
          region: { enum: ['EU', 'GLOBAL', 'EU_GLOBAL'] },
          tags: { type: 'array', items: { type: 'string' } },
        },
      },
    },
  },
};

describe('endpoint reference', () => {
  const list = endpoints(document);

  it('lists every operation with its parameters, body fields and responses', () => {
    expect(list.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).toEqual(['GET /v1/zones', 'POST /v1/zones', 'GET /v1/plans']);
    const create = list[1]!;
    expect(create.body).toEqual([
      { name: 'name', required: true, type: 'string', description: 'Domain name' },
      { name: 'region', required: false, type: '"EU" | "GLOBAL" | "EU_GLOBAL"', description: '' },
      { name: 'tags', required: false, type: 'string[]', description: '' },
    ]);
    expect(create.responses).toEqual([
      { status: '201', description: 'Created' },
      { status: '400', description: 'Validation failed' },
    ]);
    expect(list[0]!.parameters).toEqual([{ name: 'limit', in: 'query', required: false, type: 'integer', description: 'Page size' }]);
  });

  it('groups endpoints by resource, in the order the document first names each', () => {
    expect(groupByResource(list).map((group) => [group.resource, group.title, group.endpoints.length])).toEqual([
      ['zones', 'Zones', 2],
      ['plans', 'Plans', 1],
    ]);
  });

  it('names the resource of a path by its first segment after the version', () => {
    expect(resourceOf('/v1/zones/{id}/records')).toBe('zones');
    expect(resourceOf('/v1/dns-nodes')).toBe('dns-nodes');
    expect(resourceOf('/v1')).toBe('root');
  });

  it('writes a resource as a heading, abbreviations as the site writes them', () => {
    expect(resourceTitle('zones')).toBe('Zones');
    expect(resourceTitle('audit-events')).toBe('Audit events');
    expect(resourceTitle('dns-query-totals')).toBe('DNS query totals');
    expect(resourceTitle('apikeys')).toBe('API keys');
    expect(resourceTitle('nic')).toBe('NIC');
  });
});
