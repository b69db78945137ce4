// `npm run dns -- --metrics`: a standalone node of two workers scraped over HTTP after real queries.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dig } from '@kaja/test-support/dig';
import { scrape } from '../testing/metrics';
import { freePort } from '@kaja/test-support/ports';
import { builtProgram, compileCache } from '@kaja/test-support/programs';

const main = builtProgram(new URL('../main.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'kaja-dns-metrics-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function start(args: string[], env: Record<string, string> = {}): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const { DATABASE_URL: _, METRICS_ADDR: __, ...inherited } = process.env;
  const child = spawn(process.execPath, [main, ...args], { env: { ...inherited, ...compileCache, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

const zoneText = '$TTL 300\n@ SOA ns1 hostmaster 7 7200 3600 1209600 60\n@ NS ns1\nns1 A 192.0.2.1\nwww A 192.0.2.80\n';

describe('metrics of a standalone node', () => {
  it('adds up the queries of both workers by type, rcode and transport, with latency, caches and zones, in an exposition promtool accepts', async () => {
    writeFileSync(join(dir, 'example.com.zone'), zoneText);
    const port = await freePort();
    const metricsPort = await freePort();
    const node = start([
      '--listen',
      `127.0.0.1:${port}`,
      '--zone',
      `example.com=${join(dir, 'example.com.zone')}`,
      '--dnssec',
      'example.com',
      '--workers',
      '2',
      '--metrics',
      `127.0.0.1:${metricsPort}`,
    ]);
    const origin = `http://127.0.0.1:${metricsPort}`;
    try {
      await expect.poll(() => node.output(), { timeout: 150_000, interval: 100 }).toContain('with 2 workers');
      expect(node.output()).toContain(`dns: metrics on ${origin}/metrics`);
      const before = await scrape(origin);
      expect(before.value('kaja_dns_processes')).toBe(2);
      expect(before.value('kaja_dns_zones')).toBe(1);
      expect(before.value('kaja_dns_queries_total')).toBe(0);

      for (let i = 0; i < 10; i++) expect((await dig(port, 'www.example.com', 'A', { client: 'kdig' })).rcode).toBe('NOERROR');
      for (let i = 0; i < 3; i++) expect((await dig(port, 'www.example.com', 'A', { client: 'kdig', args: ['+dnssec'] })).answer).toHaveLength(2);
      for (let i = 0; i < 4; i++) expect((await dig(port, 'nope.example.com', 'A', { client: 'kdig', tcp: true })).rcode).toBe('NXDOMAIN');
      for (let i = 0; i < 2; i++) expect((await dig(port, 'www.example.org', 'A', { client: 'kdig' })).rcode).toBe('REFUSED');
      expect((await dig(port, 'www.example.com', 'TYPE65000', { client: 'kdig' })).rcode).toBe('NOERROR');

      const after = await scrape(origin);
      expect(after.value('kaja_dns_queries_total', { qtype: 'A', rcode: 'NOERROR', transport: 'udp' })).toBe(13);
      expect(after.value('kaja_dns_queries_total', { qtype: 'A', rcode: 'NXDOMAIN', transport: 'tcp' })).toBe(4);
      expect(after.value('kaja_dns_queries_total', { qtype: 'A', rcode: 'REFUSED', transport: 'udp' })).toBe(2);
      // A type without a mnemonic is counted as OTHER, never under its number.
      expect(after.value('kaja_dns_queries_total', { qtype: 'OTHER', rcode: 'NOERROR', transport: 'udp' })).toBe(1);
      expect(after.value('kaja_dns_queries_total')).toBe(20);
      expect(after.text).not.toContain('example.');
      // Every answer was timed once, and each was either served from the answer cache or built.
      expect(after.value('kaja_dns_answer_duration_seconds_count')).toBe(20);
      expect(after.value('kaja_dns_answer_duration_seconds_bucket', { le: '+Inf' })).toBe(20);
      expect(after.value('kaja_dns_answer_duration_seconds_sum')).toBeGreaterThan(0);
      expect(after.value('kaja_dns_answer_cache_hits_total') + after.value('kaja_dns_answer_cache_misses_total')).toBe(20);
      // Ten equal questions over two workers: at most one miss each for the first of them.
      expect(after.value('kaja_dns_answer_cache_hits_total')).toBeGreaterThanOrEqual(8);
      // The signed A set's signature was looked up by each worker that built a DO answer: found when signed ahead
      // (decision 068), made on first use otherwise; the rest came from the answer cache.
      const signatureLookups = after.value('kaja_dns_signature_cache_hits_total') + after.value('kaja_dns_signature_cache_misses_total');
      expect(signatureLookups).toBeGreaterThanOrEqual(1);
      // Zone files have no journal to lag behind.
      expect(after.has('kaja_dns_journal_lag_seconds')).toBe(false);

      expect((await dig(port, 'www.example.com', 'A', { client: 'kdig', tcp: true })).rcode).toBe('NOERROR');
      const again = await scrape(origin);
      expect(again.value('kaja_dns_queries_total', { qtype: 'A', rcode: 'NOERROR', transport: 'tcp' })).toBe(1);
      expect(again.value('kaja_dns_queries_total')).toBe(21);

      // Only /metrics is served there.
      expect((await fetch(`${origin}/`)).status).toBe(404);
      expect((await fetch(`${origin}/metrics`, { method: 'POST' })).status).toBe(405);
    } finally {
      node.child.kill('SIGTERM');
    }
    expect(await node.exited).toBe(0);
    await expect(fetch(`${origin}/metrics`)).rejects.toThrow();
  }, 240_000);

  it('takes METRICS_ADDR when --metrics is not given, and refuses a bad one with one line', async () => {
    writeFileSync(join(dir, 'example.com.zone'), zoneText);
    const port = await freePort();
    const metricsPort = await freePort();
    const args = ['--listen', `127.0.0.1:${port}`, '--zone', `example.com=${join(dir, 'example.com.zone')}`, '--workers', '1'];
    const node = start(args, { METRICS_ADDR: `127.0.0.1:${metricsPort}` });
    try {
      await expect.poll(() => node.output(), { timeout: 150_000, interval: 100 }).toContain('dns: serving 1 of 1 zone(s)');
      expect((await dig(port, 'www.example.com', 'A', { client: 'kdig' })).rcode).toBe('NOERROR');
      const one = await scrape(`http://127.0.0.1:${metricsPort}`);
      expect(one.value('kaja_dns_processes')).toBe(1);
      expect(one.value('kaja_dns_queries_total', { qtype: 'A', rcode: 'NOERROR', transport: 'udp' })).toBe(1);
    } finally {
      node.child.kill('SIGTERM');
    }
    expect(await node.exited).toBe(0);

    const bad = start(args, { METRICS_ADDR: 'metrics.example:9153' });
    expect(await bad.exited).toBe(2);
    expect(bad.output()).toContain('METRICS_ADDR must be an IP address with an optional port');
  }, 240_000);

  it('stops before starting any worker when the metrics address is taken', async () => {
    writeFileSync(join(dir, 'example.com.zone'), zoneText);
    const taken = createServer();
    taken.listen(0, '127.0.0.1');
    await once(taken, 'listening');
    try {
      const metricsPort = (taken.address() as { port: number }).port;
      const port = await freePort();
      const node = start([
        '--listen',
        `127.0.0.1:${port}`,
        '--zone',
        `example.com=${join(dir, 'example.com.zone')}`,
        '--workers',
        '2',
        '--metrics',
        `127.0.0.1:${metricsPort}`,
      ]);
      expect(await node.exited).toBe(1);
      expect(node.output()).toContain('EADDRINUSE');
      expect(node.output()).not.toContain('serving');
    } finally {
      taken.close();
    }
  }, 120_000);
});
