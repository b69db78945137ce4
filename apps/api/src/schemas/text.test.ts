import { describe, expect } from 'vitest';
import { apiTest } from '../apiTest';
import { createApiKey, errorOf } from '../testing';
import { createZone } from '../routes/v1/zones/zoneTestKit';

const test = apiTest.extend<{ zone: { id: string; name: string } }>({
  zone: [async ({ api, owner }, use) => use(await createZone(api, owner)), { scope: 'file' }],
});

// U+0000 cannot be stored by PostgreSQL; before every string field refused it, it reached the database
// and came back as internal_error. Each case is a field of another kind or on another path.
describe('NUL and control characters in requests', () => {
  // Made before the first test, so the API's start-up counts against the hook's time, not that test's.
  test.beforeAll(async ({ zone }) => {
    expect(zone.id).toBeTruthy();
  });
  const refused = (response: { status: number; body: unknown }, field: string, what = 'control characters') => {
    expect(response.status).toBe(422);
    expect(errorOf(response as never)).toMatchObject({ code: 'validation_failed', details: { [field]: expect.stringContaining(what) } });
  };

  test('refuses them in anonymous sign-up and support fields', async ({ api }) => {
    refused(
      await api.request('POST', '/auth/signup', {
        body: { email: 'ctl@example.test', password: 'a good long password', full_name: 'N', company: 'Nul\u0000 Ltd' },
      }),
      'company',
    );
    refused(
      await api.request('POST', '/auth/signup', { body: { email: 'ctl@example.test', password: 'a good long\u0000password', full_name: 'N', company: 'C' } }),
      'password',
      'NUL',
    );
    const support = { name: 'Nul', email: 'nul@example.test', subject: 'Help', message: 'Line one\nline two', source: 'https://example.test/' };
    refused(await api.request('POST', '/support', { body: { ...support, subject: 'Help\r\nBcc: someone@example.test' } }), 'subject');
    refused(await api.request('POST', '/support', { body: { ...support, message: 'Hello\u0000' } }), 'message', 'NUL');
    // A multi-line message is what the field is for.
    expect((await api.request('POST', '/support', { body: support })).status).toBe(201);
  });

  test('refuses them in customer, user and API key fields', async ({ api, owner }) => {
    refused(await api.request('PUT', `/customers/${owner.customerId}`, { token: owner.apiKey, body: { name: 'Acme\u0000' } }), 'name');
    refused(
      await api.request('POST', '/users', {
        token: owner.apiKey,
        body: { email: 'member@example.test', full_name: 'Tab\tName', role: 'member', password: 'a good long password' },
      }),
      'full_name',
    );
    refused(
      await api.request('POST', `/users/${owner.userId}/apikeys`, { token: owner.accessToken, body: { name: 'ci\u0000', scopes: ['zones:read'] } }),
      'name',
    );
    refused(
      await api.request('POST', `/users/${owner.userId}/apikeys`, { token: owner.accessToken, body: { name: 'ci', scopes: ['zones:read\u0000'] } }),
      'scopes.0',
    );
  });

  test('refuses them in records, query strings and path parameters', async ({ api, owner, zone }) => {
    refused(
      await api.request('POST', `/zones/${zone.id}/records`, { token: owner.apiKey, body: { type: 'TXT', name: 'www', content: 'a\u0000b' } }),
      'content',
      'NUL',
    );
    refused(
      await api.request('POST', `/zones/${zone.id}/records`, { token: owner.apiKey, body: { type: 'A', name: 'w\u0000w', content: '192.0.2.1' } }),
      'name',
    );
    refused(await api.request('GET', `/zones?name=${encodeURIComponent('a\u0000')}`, { token: owner.apiKey }), 'name');
    refused(await api.request('GET', '/audit-events?action=%00', { token: owner.apiKey }), 'action');
    // A path parameter that cannot be valid names nothing that exists.
    const byName = await api.request('DELETE', `/zones/${zone.id}/records/by-name/w%00w/A`, { token: owner.apiKey });
    expect([byName.status, errorOf(byName).code]).toEqual([404, 'not_found']);
  });

  test('every string a route takes goes through the text helper or a strict format (the OpenAPI document shows it)', async ({ api }) => {
    const document = (await api.request('GET', '/openapi.json')).body;
    const helperPatterns = new Set(['^[^\\p{Cc}]*$', '^[^\\0]*$']);
    const unchecked: string[] = [];
    const visit = (schema: any, where: string): void => {
      if (!schema || typeof schema !== 'object') return;
      if (schema.$ref) return visit(document.components.schemas[schema.$ref.split('/').at(-1)], where);
      const types = [schema.type].flat();
      if (types.includes('string') && !schema.enum && schema.const === undefined && !schema.format && !helperPatterns.has(schema.pattern))
        unchecked.push(where);
      for (const [name, property] of Object.entries(schema.properties ?? {})) visit(property, `${where}.${name}`);
      for (const key of ['anyOf', 'oneOf', 'allOf'] as const) (schema[key] ?? []).forEach((part: unknown, index: number) => visit(part, `${where}[${index}]`));
      if (schema.items) visit(schema.items, `${where}[]`);
      if (schema.additionalProperties) visit(schema.additionalProperties, `${where}{}`);
    };
    for (const [path, operations] of Object.entries<any>(document.paths)) {
      for (const [method, operation] of Object.entries<any>(operations)) {
        for (const parameter of operation.parameters ?? []) visit(parameter.schema, `${method.toUpperCase()} ${path} ${parameter.in}:${parameter.name}`);
        for (const [type, content] of Object.entries<any>(operation.requestBody?.content ?? {}))
          visit(content.schema, `${method.toUpperCase()} ${path} body(${type})`);
      }
    }
    expect(unchecked).toEqual([]);
  });

  test('refuses them with an API key as with a session, and writes nothing', async ({ api, owner }) => {
    const key = await createApiKey(api, owner, { name: 'writer', scopes: ['customers:write'] });
    refused(await api.request('PUT', `/customers/${owner.customerId}`, { token: key.key, body: { name: 'Bell\u0007' } }), 'name');
    const customer = await api.request('GET', `/customers/${owner.customerId}`, { token: owner.apiKey });
    expect(customer.body.data.name).not.toContain('\u0007');
  });
});
