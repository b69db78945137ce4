// The metrics of a DNS-only node (`npm run dns --metrics` on DATABASE_URL, two workers), scraped
// over HTTP after kdig queries. Its full run needs PostgreSQL, so it is registered only when
// DATABASE_URL is set (npm run test:db, which CI runs against PostgreSQL); the refusal of a bad
// address runs always.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '@kaja/db/testing';
import { signUpOwner, startTestApi } from '@kaja/api/testing';
import { createZone, setPlan } from '@kaja/api/testing/zones';
import { dig } from '@kaja/test-support/dig';
import { scrape } from '@kaja/dns/testing/metrics';
import { freePort } from '@kaja/test-support/ports';
import { afterAll, describe, expect, it } from 'vitest';
import { startDnsNode } from './testing';

// The node keeps its snapshot and id under DATA_DIR.
const dataDir = mkdtempSync(join(tmpdir(), 'kaja-dns-metrics-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const start = (args: string[], databaseUrl: string) => startDnsNode(args, { DATABASE_URL: databaseUrl, DATA_DIR: dataDir });

describe('metrics of a DNS-only node', () => {
  it('refuses a metrics address that is not HOST:PORT before it connects', async () => {
    const node = start(['--listen', `127.0.0.1:${await freePort()}`, '--metrics', 'localhost'], `postgres://dns@127.0.0.1:${await freePort()}/kaja`);
    expect(await node.exited).toBe(2);
    expect(node.output()).toContain('dns: --metrics localhost: expected HOST:PORT');
  });

  if (!process.env.DATABASE_URL) return;
  it('adds up both workers’ queries, shows the zones they serve and their journal lag, and moves as the API changes zones', { timeout: 180_000 }, async () => {
    const database = await createTestDatabase();
    const api = await startTestApi({ database });
    const port = await freePort();
    const metricsPort = await freePort();
    const origin = `http://127.0.0.1:${metricsPort}`;
    const node = start(['--listen', `127.0.0.1:${port}`, '--workers', '2', '--metrics', `127.0.0.1:${metricsPort}`], database.url!);
    try {
      const owner = await signUpOwner(api);
      await setPlan(api, owner, 'scale');
      const first = await createZone(api, owner);
      await expect.poll(() => node.output(), { timeout: 60_000, interval: 100 }).toContain('with 2 workers');
      const before = await scrape(origin);
      expect(before.value('kaja_dns_processes')).toBe(2);
      expect(before.value('kaja_dns_zones')).toBe(1);
      expect(before.value('kaja_dns_journal_lag_seconds')).toBeLessThan(30);

      const second = await createZone(api, owner);
      await expect.poll(async () => (await scrape(origin)).value('kaja_dns_zones'), { timeout: 10_000, interval: 100 }).toBe(2);
      for (let i = 0; i < 6; i++) expect((await dig(port, first.name, 'SOA', { client: 'kdig' })).rcode).toBe('NOERROR');
      for (let i = 0; i < 3; i++) expect((await dig(port, `nope.${second.name}`, 'A', { client: 'kdig', tcp: true })).rcode).toBe('NXDOMAIN');

      const after = await scrape(origin);
      expect(after.value('kaja_dns_queries_total', { qtype: 'SOA', rcode: 'NOERROR', transport: 'udp' })).toBe(6);
      expect(after.value('kaja_dns_queries_total', { qtype: 'A', rcode: 'NXDOMAIN', transport: 'tcp' })).toBe(3);
      expect(after.value('kaja_dns_answer_duration_seconds_count')).toBe(9);
      expect(after.value('kaja_dns_answer_cache_hits_total') + after.value('kaja_dns_answer_cache_misses_total')).toBe(9);
      expect(after.value('kaja_dns_journal_lag_seconds')).toBeLessThan(30);
      expect(after.value('kaja_dns_signing_unavailable_total')).toBe(0);
      expect(after.text).not.toContain(first.name);
    } finally {
      node.child.kill('SIGTERM');
    }
    expect(await node.exited).toBe(0);
    await api.close();
    await database.close();
  });
});
