import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { enqueueJob } from '@kaja/db';
import type { Registry } from 'prom-client';
import { expect } from 'vitest';
import { apiTest } from '../../apiTest';
import { unmatchedRoute } from './metrics';

/** The sample of a family with exactly these labels (0 when there is none). */
async function sample(registry: Registry, name: string, labels: Record<string, string | number> = {}) {
  const families = await registry.getMetricsAsJSON();
  const family = families.find((f) => name === f.name) ?? families.find((f) => String(f.type) === 'histogram' && name.startsWith(`${f.name}_`));
  const value = family?.values.find(
    (v: { metricName?: string; labels: object }) => (v.metricName ?? family.name) === name && JSON.stringify(v.labels) === JSON.stringify(labels),
  );
  return value?.value ?? 0;
}

apiTest('requests are counted by method, route pattern and status, never by the URL as sent, and timed', async ({ api, owner }) => {
  const registry = api.app.metrics;
  const plansBefore = await sample(registry, 'kaja_api_requests_total', { method: 'GET', route: '/v1/plans', status: 200 });
  for (let i = 0; i < 2; i++) expect((await api.request('GET', '/plans')).status).toBe(200);
  const missing = randomUUID();
  expect((await api.request('GET', `/zones/${missing}`, { token: owner.apiKey })).status).toBe(404);
  expect((await api.request('GET', '/zones')).status).toBe(401);
  expect((await fetch(`${api.origin}/v1/no-such-thing/${missing}`)).status).toBe(404);

  expect(await sample(registry, 'kaja_api_requests_total', { method: 'GET', route: '/v1/plans', status: 200 })).toBe(plansBefore + 2);
  expect(await sample(registry, 'kaja_api_requests_total', { method: 'GET', route: '/v1/zones/:id', status: 404 })).toBe(1);
  expect(await sample(registry, 'kaja_api_requests_total', { method: 'GET', route: '/v1/zones', status: 401 })).toBe(1);
  expect(await sample(registry, 'kaja_api_requests_total', { method: 'GET', route: unmatchedRoute, status: 404 })).toBe(1);
  const text = await registry.metrics();
  expect(text).not.toContain(missing);
  expect(await sample(registry, 'kaja_api_request_duration_seconds_count', { method: 'GET', route: '/v1/plans' })).toBe(plansBefore + 2);
  expect(await sample(registry, 'kaja_api_request_duration_seconds_bucket', { le: '+Inf', method: 'GET', route: '/v1/plans' })).toBe(plansBefore + 2);

  const lint = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
  expect({ status: lint.status, findings: `${lint.stdout}${lint.stderr}`.trim() }).toEqual({ status: 0, findings: '' });
});

apiTest('the job queue is read at scrape time: due, scheduled and running jobs, and how long the oldest due one has waited', async ({ api }) => {
  const registry = api.app.metrics;
  const due = await sample(registry, 'kaja_api_jobs', { state: 'due' });
  const scheduled = await sample(registry, 'kaja_api_jobs', { state: 'scheduled' });
  await enqueueJob(api.database.db, 'metrics.example', {}, { runAt: new Date(Date.now() - 3_600_000) });
  await enqueueJob(api.database.db, 'metrics.example', {}, { runAt: new Date(Date.now() + 3_600_000) });
  expect(await sample(registry, 'kaja_api_jobs', { state: 'due' })).toBe(due + 1);
  expect(await sample(registry, 'kaja_api_jobs', { state: 'scheduled' })).toBe(scheduled + 1);
  expect(await sample(registry, 'kaja_api_jobs', { state: 'running' })).toBe(0);
  expect(await sample(registry, 'kaja_api_jobs_oldest_due_seconds')).toBeGreaterThanOrEqual(3590);
});

apiTest('the PostgreSQL pool is described by its connections and waiting queries; the embedded database has no pool', async ({ api }) => {
  const families = (await api.app.metrics.getMetricsAsJSON()).map((f) => f.name);
  if (api.database.kind === 'pglite') {
    expect(families).not.toContain('kaja_api_database_connections');
    return;
  }
  expect(await sample(api.app.metrics, 'kaja_api_database_max_connections')).toBe(10);
  const busy = await sample(api.app.metrics, 'kaja_api_database_connections', { state: 'busy' });
  const idle = await sample(api.app.metrics, 'kaja_api_database_connections', { state: 'idle' });
  expect(busy + idle).toBeGreaterThanOrEqual(1);
  expect(busy + idle).toBeLessThanOrEqual(10);
  expect(await sample(api.app.metrics, 'kaja_api_database_waiting_requests')).toBe(0);
});
