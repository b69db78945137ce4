import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorStatuses } from './errors';
import { errorOf, signUpOwner, startTestApi, type TestAccount, type TestApi } from './testing';

describe('API core', () => {
  let api: TestApi;
  let owner: TestAccount;
  beforeAll(async () => {
    // Not apiTest's API: the CORS and cookie Origin checks need the dashboard's and site's origins set.
    api = await startTestApi({ env: { APP_URL: 'http://app.test:8081', SITE_URL: 'http://site.test:8080' } });
    owner = await signUpOwner(api);
  });
  afterAll(() => api.close());

  it('reports its health and that of the database without a credential', async () => {
    const response = await api.request('GET', '/health');
    expect([response.status, response.body]).toEqual([200, { status: 'success', data: { database: 'ok', mode: 'production' } }]);
  });

  it('answers unknown routes with a not_found envelope', async () => {
    const response = await api.request('GET', '/no-such-thing');
    expect(response.status).toBe(404);
    expect(errorOf(response).code).toBe('not_found');
  });

  it('refuses malformed JSON with bad_request', async () => {
    const response = await api.request('POST', '/auth/signin', { body: '{"email": ' });
    expect(response.status).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'bad_request', message: 'Request body is not valid JSON' });
  });

  it('refuses a wrong content type with bad_request', async () => {
    const response = await api.request('POST', '/auth/signin', { body: 'email=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(response.status).toBe(400);
    expect(errorOf(response).code).toBe('bad_request');
  });

  it('refuses bodies over 1 MiB with payload_too_large', async () => {
    const response = await api.request('POST', '/support', {
      body: { name: 'x', email: 'a@example.test', subject: 's', message: 'm'.repeat(1024 * 1024 + 10), source: 'test' },
    });
    expect(response.status).toBe(413);
    expect(errorOf(response).code).toBe('payload_too_large');
  });

  it('maps validation issues to details keyed by field with human messages', async () => {
    const response = await api.request('POST', '/auth/signup', { body: { email: 'not-an-email', password: 12 } });
    expect(response.status).toBe(422);
    const error = errorOf(response);
    expect(error.code).toBe('validation_failed');
    expect(error.details).toMatchObject({
      email: 'Email must be a valid email address',
      password: 'Password must be a string',
      full_name: 'Full name is required',
      company: 'Company is required',
    });
  });

  it('sets security headers and a request id on every response', async () => {
    const response = await api.request('GET', '/plans');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const notFound = await api.request('GET', '/nothing-here', { headers: { 'x-request-id': 'trace-123' } });
    expect(notFound.headers.get('x-request-id')).toBe('trace-123');
    expect(notFound.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('allows CORS only from the dashboard and the site', async () => {
    for (const origin of ['http://app.test:8081', 'http://site.test:8080']) {
      const response = await api.request('OPTIONS', '/plans', { headers: { origin, 'access-control-request-method': 'GET' } });
      expect(response.headers.get('access-control-allow-origin')).toBe(origin);
      expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    }
    const foreign = await api.request('GET', '/plans', { headers: { origin: 'http://evil.test' } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses cookie-authenticated writes from foreign origins', async () => {
    const signin = await api.request('POST', '/auth/signin', { body: { email: owner.email, password: owner.password } });
    const cookie = signin.headers.get('set-cookie')!.split(';')[0]!;
    const body = { name: 'cross-site', scopes: ['zones:read'] };
    const foreign = await api.request('POST', `/users/${owner.userId}/apikeys`, { body, headers: { cookie, origin: 'http://evil.test' } });
    expect(foreign.status).toBe(403);
    expect(errorOf(foreign).code).toBe('forbidden');
    const missing = await api.request('POST', `/users/${owner.userId}/apikeys`, { body, headers: { cookie } });
    expect(missing.status).toBe(403);
    const ours = await api.request('POST', `/users/${owner.userId}/apikeys`, { body, headers: { cookie, origin: 'http://app.test:8081' } });
    expect(ours.status).toBe(201);
    const read = await api.request('GET', `/users/${owner.userId}/apikeys`, { headers: { cookie } });
    expect(read.status).toBe(200);
  });

  it('publishes an OpenAPI 3.1 document with every route', async () => {
    const response = await api.request('GET', '/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe('3.1.0');
    const documented = new Set<string>();
    for (const [path, operations] of Object.entries<Record<string, unknown>>(response.body.paths)) {
      for (const method of Object.keys(operations)) documented.add(`${method.toUpperCase()} ${path}`);
    }
    const missing = routeList(api).filter((route) => !documented.has(route));
    expect(missing).toEqual([]);
    expect(routeList(api).length).toBeGreaterThan(30);
    expect(response.body.paths['/v1/plans'].get.security).toEqual([]);
    expect(response.body.paths['/v1/auth/session'].get.description).toContain('Session only');
    expect(response.body.paths['/v1/users/{id}'].delete.description).toContain('scope `customers:write`');
    expect(response.body.components.schemas.Error).toBeDefined();

    // Every route an API key can call names the scope it needs: the same route option enforces it.
    const unscoped = Object.entries<Record<string, { security?: unknown[]; description: string }>>(response.body.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(
          ([, operation]) =>
            operation.security?.length !== 0 && !operation.description.includes('Session only') && !operation.description.includes('; scope `'),
        )
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(unscoped).toEqual([]);
    for (const [code, status] of Object.entries(errorStatuses)) expect(response.body.info.description).toContain(`| \`${code}\` | ${status} |`);
  });
});

/** Every /v1 route of the running app as `METHOD /v1/path/{param}` (HEAD and OPTIONS aside). */
function routeList(api: TestApi): string[] {
  return api.app.registeredRoutes
    .filter((route) => route.url.startsWith('/v1/') && route.url !== '/v1/openapi.json')
    .flatMap((route) => (Array.isArray(route.method) ? route.method : [route.method]).map((method) => `${method} ${route.url.replace(/:(\w+)/g, '{$1}')}`))
    .filter((route) => !route.startsWith('HEAD ') && !route.startsWith('OPTIONS '));
}
