import { expect } from 'vitest';
import { createStaff } from '../../services/accounts/staff';
import { staffOnlySummary } from '../../plugins/app/authentication';
import { apiTest } from '../../apiTest';
import { enrolTotp, errorOf, signUpOwner, type TestApi } from '../../testing';

const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;
const anyId = '00000000-0000-4000-8000-000000000000';

/**
 * Every route of the API that its OpenAPI summary marks "(platform staff)", found in the document the
 * API serves: a staff route added anywhere is walked here without this file changing.
 */
async function staffRoutes(api: TestApi): Promise<{ method: string; path: string }[]> {
  const document = (await api.request('GET', '/openapi.json')).body as { paths: Record<string, Record<string, { summary?: string }>> };
  const routes: { method: string; path: string }[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const method of methods) {
      const summary = operations[method]?.summary;
      if (summary && staffOnlySummary.test(summary))
        routes.push({ method: method.toUpperCase(), path: path.replace(/^\/v1/, '').replace(/\{[^}]+\}/g, anyId) });
    }
  }
  return routes;
}

apiTest('the document marks the staff routes the console and the operator use', async ({ api }) => {
  const marked = (await staffRoutes(api)).map((route) => `${route.method} ${route.path.replaceAll(anyId, '{id}')}`);
  expect(marked).toEqual(
    expect.arrayContaining([
      'GET /errors',
      'GET /errors/{id}',
      'PUT /errors/{id}/state',
      'POST /regions',
      'PUT /regions/{id}',
      'DELETE /regions/{id}',
      'POST /incidents',
      'POST /incidents/{id}/updates',
      'GET /dns-nodes',
      'DELETE /dns-nodes/{id}',
      'GET /dns-query-totals',
      'GET /analytics/pages',
      'GET /analytics/conversion',
      'GET /analytics/funnel',
      'POST /invoices/{id}/pay',
      'POST /customers',
      'GET /customers/{id}/overview',
      'POST /customers/{id}/suspend',
      'POST /customers/{id}/unsuspend',
      'POST /customers/{id}/trial-extension',
      'GET /support',
      'GET /support/{id}',
      'PATCH /support/{id}',
    ]),
  );
});

apiTest('every staff route refuses a customer’s owner (403) and a caller without a credential (401), before reading the body', async ({ api, owner }) => {
  for (const { method, path } of await staffRoutes(api)) {
    // An empty body: the refusal comes before validation, so a stranger learns nothing from the error.
    const body = method === 'GET' || method === 'DELETE' ? undefined : {};
    for (const token of [owner.accessToken, owner.apiKey]) {
      const refused = await api.request(method, path, { token, body });
      // A session-only route refuses an API key as a credential (401) before asking who it is.
      if (token === owner.apiKey && refused.status === 401) continue;
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(errorOf(refused).code, `${method} ${path}`).toBe('forbidden');
      expect(refused.body.status).toBe('error');
    }
    const anonymous = await api.request(method, path, { body });
    expect(anonymous.status, `${method} ${path}`).toBe(401);
    expect(errorOf(anonymous).code).toBe('unauthorized');
  }
});

apiTest('a customer’s owner sees only their own customer in the list of all customers', async ({ api, owner }) => {
  await signUpOwner(api, { company: 'Somebody Else' });
  const listed = await api.request('GET', '/customers?q=Somebody', { token: owner.accessToken });
  expect(listed.status).toBe(200);
  expect(listed.body.data).toEqual([]);
  const own = await api.request('GET', '/customers', { token: owner.accessToken });
  expect(own.body.data.map((customer: { id: string }) => customer.id)).toEqual([owner.customerId]);
});

apiTest('staff without a second factor reach no staff route until they enrol one, then reach them', async ({ api }) => {
  const { email, password } = await createStaff(api.database.db, `unenrolled-staff-${Date.now()}@example.test`);
  const token = (await api.request('POST', '/auth/signin', { body: { email, password } })).body.data.access_token as string;
  for (const { method, path } of await staffRoutes(api)) {
    const refused = await api.request(method, path, { token, body: method === 'GET' || method === 'DELETE' ? undefined : {} });
    expect(refused.status, `${method} ${path}`).toBe(403);
    expect(errorOf(refused).details, `${method} ${path}`).toMatchObject({ enrolment_required: true });
  }
  await enrolTotp(api, token);
  expect((await api.request('GET', '/support', { token })).status).toBe(200);
});
