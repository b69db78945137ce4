// The platform's metrics address (METRICS_ADDR): the API's, the DNS thread's and the process's
// figures in one scrape over HTTP, after real requests and kdig queries; never on the API's port.
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { seedEmbeddedDatabase } from '@kaja/db/testing';
import { dig } from '@kaja/test-support/dig';
import { scrape } from '@kaja/dns/testing/metrics';
import { freePort } from '@kaja/test-support/ports';
import { platformClient, platformDatabase, signUpFromOutbox, startPlatform } from './testing';
import { builtProgram, compileCache } from '@kaja/test-support/programs';

describe('the platform’s metrics', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kaja-platform-metrics-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('serves the API’s and the DNS thread’s figures on METRICS_ADDR, moving with requests and queries', { timeout: 300_000 }, async () => {
    const port = await freePort();
    const dnsPort = await freePort();
    const metricsPort = await freePort();
    const database = await platformDatabase(dataDir);
    onTestFinished(() => database.close());
    const platform = await startPlatform({
      ...database.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      DNS_ADDR: '127.0.0.1',
      DNS_PORT: String(dnsPort),
      METRICS_ADDR: `127.0.0.1:${metricsPort}`,
      LOG_LEVEL: 'warn',
    });
    const origin = `http://127.0.0.1:${metricsPort}`;
    try {
      expect(platform.output()).toContain(`Metrics    ${origin}/metrics`);
      const client = platformClient(port);
      const { apiKey } = await signUpFromOutbox(client, dataDir, 'metrics@example.test');
      const created = await client.call('POST', '/zones', { token: apiKey, body: JSON.stringify({ name: 'metrics-example.com' }) });
      expect(created.status).toBe(201);
      const zone = created.body.data as { id: string; name: string };
      const record = await client.call('POST', `/zones/${zone.id}/records`, {
        token: apiKey,
        body: JSON.stringify({ type: 'A', name: 'www', content: '192.0.2.10', ttl: 300 }),
      });
      expect(record.status).toBe(201);
      await expect.poll(async () => (await dig(dnsPort, `www.${zone.name}`, 'A', { client: 'kdig' })).answer, { timeout: 10_000 }).toHaveLength(1);

      const before = await scrape(origin);
      expect(before.value('kaja_api_requests_total', { method: 'POST', route: '/v1/zones', status: '201' })).toBe(1);
      expect(before.value('kaja_api_requests_total', { method: 'POST', route: '/v1/zones/:id/records', status: '201' })).toBe(1);
      expect(before.value('kaja_api_request_duration_seconds_count', { method: 'POST', route: '/v1/zones' })).toBe(1);
      expect(before.has('kaja_api_jobs')).toBe(true);
      expect(before.has('kaja_api_jobs_oldest_due_seconds')).toBe(true);
      // The pool is PostgreSQL's; the embedded database has none.
      expect(before.has('kaja_api_database_connections')).toBe(database.env.DATABASE_URL !== '');
      expect(before.value('kaja_dns_processes')).toBe(1);
      expect(before.value('kaja_dns_zones')).toBe(1);
      expect(before.has('kaja_dns_journal_lag_seconds')).toBe(true);
      // The node syncs every 5 s: it was current moments ago.
      expect(before.value('kaja_dns_journal_lag_seconds')).toBeLessThan(30);
      // The process's own figures are there too.
      expect(before.value('process_resident_memory_bytes')).toBeGreaterThan(0);

      const answered = before.value('kaja_dns_queries_total', { qtype: 'A', rcode: 'NOERROR', transport: 'udp' });
      for (let i = 0; i < 5; i++) expect((await dig(dnsPort, `www.${zone.name}`, 'A', { client: 'kdig' })).rcode).toBe('NOERROR');
      for (let i = 0; i < 2; i++) expect((await dig(dnsPort, `nope.${zone.name}`, 'AAAA', { client: 'kdig', tcp: true })).rcode).toBe('NXDOMAIN');
      expect((await client.call('GET', '/plans')).status).toBe(200);

      const after = await scrape(origin);
      expect(after.value('kaja_dns_queries_total', { qtype: 'A', rcode: 'NOERROR', transport: 'udp' })).toBe(answered + 5);
      expect(after.value('kaja_dns_queries_total', { qtype: 'AAAA', rcode: 'NXDOMAIN', transport: 'tcp' })).toBe(2);
      expect(after.value('kaja_dns_answer_duration_seconds_count')).toBe(before.value('kaja_dns_answer_duration_seconds_count') + 7);
      expect(after.value('kaja_dns_answer_cache_hits_total')).toBeGreaterThanOrEqual(before.value('kaja_dns_answer_cache_hits_total') + 4);
      expect(after.value('kaja_api_requests_total', { method: 'GET', route: '/v1/plans', status: '200' })).toBe(1);
      expect(after.text).not.toContain(zone.name);
      expect(after.text).not.toContain(zone.id);

      // Not on the API's port.
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${port}/v1/metrics`)).status).toBe(404);
    } finally {
      expect(await platform.stop()).toBe(0);
    }
  });

  it('stops with one line when METRICS_ADDR is taken', { timeout: 180_000 }, async () => {
    const taken = createServer();
    taken.listen(0, '127.0.0.1');
    await once(taken, 'listening');
    const dataDir = mkdtempSync(join(tmpdir(), 'kaja-platform-metrics-taken-'));
    // A migrated database already: what is tested is the refusal, not a first run's migrations.
    await seedEmbeddedDatabase(dataDir);
    try {
      const metricsPort = (taken.address() as { port: number }).port;
      const platform = spawnSync(process.execPath, [builtProgram(new URL('./main.ts', import.meta.url))], {
        env: {
          ...process.env,
          ...compileCache,
          DATABASE_URL: '',
          DATA_DIR: dataDir,
          PORT: String(await freePort()),
          APP_PORT: String(await freePort()),
          DNS_PORT: String(await freePort()),
          METRICS_ADDR: `127.0.0.1:${metricsPort}`,
          LOG_LEVEL: 'warn',
        },
        encoding: 'utf8',
        timeout: 150_000,
      });
      expect(platform.status).toBe(1);
      expect(platform.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Metrics: listen EADDRINUSE/)]);
    } finally {
      taken.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
