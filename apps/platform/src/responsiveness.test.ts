// The platform stays responsive while large zone-file imports run: the API's health check and the
// DNS server's UDP answers keep coming while several imports (10 MiB of bad lines, and a valid
// dry run of 200,000 records) are worked on. Runs the platform as `npm start` does.
import { Resolver } from 'node:dns/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { subscriptions } from '@kaja/db';
import { eq } from '@kaja/db/orm';
import { freePort } from '@kaja/test-support/ports';
import { platformClient, platformDatabase, signUpFromOutbox, startPlatform } from './testing';

/** p50, p99 and max of a list of milliseconds, as printed figures. */
function figures(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return `n=${sorted.length} p50=${at(0.5).toFixed(1)} ms p99=${at(0.99).toFixed(1)} ms max=${(sorted.at(-1) ?? NaN).toFixed(1)} ms`;
}

describe('platform responsiveness during imports', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kaja-responsive-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('answers /v1/health and DNS over UDP while large imports run in parallel', { timeout: 600_000 }, async () => {
    const port = await freePort();
    const dnsPort = await freePort();
    const platformDb = await platformDatabase(dataDir);
    onTestFinished(() => platformDb.close());
    // The DNS probe asks one name up to 50 times a second from one address, which response rate
    // limiting (on by default, decision 039) would rightly slow: this test measures waiting, not that.
    const env = {
      ...platformDb.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      DNS_ADDR: '127.0.0.1',
      DNS_PORT: String(dnsPort),
      DNS_RATE_LIMIT: '0',
      LOG_LEVEL: 'warn',
    };
    const { call } = platformClient(port);
    // Two customers with a zone each (one customer may run two large requests at a time), put on
    // the Scale plan while the platform is stopped (there is no billing here).
    let platform = await startPlatform(env);
    const customers: { apiKey: string; customerId: string; zone: { id: string; name: string } }[] = [];
    try {
      for (const name of ['responsive-one.com', 'responsive-two.com']) {
        const account = await signUpFromOutbox({ call }, dataDir, `owner@${name}`);
        const created = await call('POST', '/zones', { token: account.apiKey, body: JSON.stringify({ name }) });
        expect(created.status).toBe(201);
        customers.push({ ...account, zone: created.body.data });
      }
      expect(
        (await call('POST', `/zones/${customers[0]!.zone.id}/import`, { token: customers[0]!.apiKey, type: 'text/dns', body: 'www 300 IN A 192.0.2.80\n' }))
          .status,
      ).toBe(200);
    } finally {
      expect(await platform.stop()).toBe(0);
    }
    const database = await platformDb.open();
    for (const { customerId } of customers) await database.db.update(subscriptions).set({ planId: 'scale' }).where(eq(subscriptions.customerId, customerId));
    await database.close();
    const [one, two] = customers as [(typeof customers)[0], (typeof customers)[0]];
    const zone = one.zone;
    platform = await startPlatform(env);

    try {
      const limit = 10 * 1024 * 1024;
      let badLines = '';
      for (let i = 0; badLines.length < limit - 100; i++) badLines += `host-${i} IN A 192.0.2.${i}\n`;
      badLines = badLines.slice(0, badLines.lastIndexOf('\n', limit - 100) + 1);
      let valid = '$TTL 300\n';
      for (let i = 0; i < 200_000; i++) valid += `h${i} IN A 192.0.${(i >> 8) & 255}.${i & 255}\n`;

      const resolver = new Resolver({ timeout: 60_000, tries: 1 });
      resolver.setServers([`127.0.0.1:${dnsPort}`]);
      // Warm both paths before measuring.
      expect((await call('GET', '/health')).status).toBe(200);
      expect(await resolver.resolve4(`www.${zone.name}`)).toEqual(['192.0.2.80']);

      let importsRunning = 3;
      let firstImportDone = false;
      const health: { ms: number; duringImports: boolean; ok: boolean | string }[] = [];
      const dns: { ms: number; duringImports: boolean; ok: boolean | string }[] = [];
      const importDurations: string[] = [];
      const runImport = async (label: string, customer: typeof one, text: string, expectedStatus: number) => {
        const started = performance.now();
        const response = await call('POST', `/zones/${customer.zone.id}/import?dry_run=true`, { token: customer.apiKey, type: 'text/dns', body: text });
        importDurations.push(`${label}: ${response.status} in ${(performance.now() - started).toFixed(0)} ms`);
        firstImportDone = true;
        importsRunning--;
        return { label, status: response.status, expectedStatus, body: response.body };
      };
      // A probe at a time, with a pause between them: a client, not a load test.
      const probe = async (list: typeof health, pauseMs: number, ask: () => Promise<boolean>) => {
        while (importsRunning > 0) {
          const sent = performance.now();
          const running = !firstImportDone;
          const ok = await ask().catch((error: Error & { code?: string }) => error.code ?? error.message);
          list.push({ ms: performance.now() - sent, duringImports: running && !firstImportDone, ok });
          await new Promise((resolve) => setTimeout(resolve, pauseMs));
        }
      };
      const imports = Promise.all([
        runImport('10 MiB of bad lines #1', one, badLines, 422),
        runImport('10 MiB of bad lines #2', one, badLines, 422),
        runImport('200,000 records, dry run', two, valid, 200),
      ]);
      await Promise.all([
        // With the key, health counts against the customer's rate limit rather than the anonymous one.
        probe(health, 50, async () => (await call('GET', '/health', { token: two.apiKey })).status === 200),
        probe(dns, 20, async () => (await resolver.resolve4(`www.${zone.name}`))[0] === '192.0.2.80'),
        imports,
      ]);

      console.log(
        [
          'Responsiveness while 3 imports run in parallel:',
          ...importDurations.map((line) => `  import ${line}`),
          `  /v1/health: ${figures(health.map((entry) => entry.ms))}, ${health.filter((entry) => entry.duringImports).length} answered before the first import finished`,
          `  DNS (UDP):  ${figures(dns.map((entry) => entry.ms))}, ${dns.filter((entry) => entry.duringImports).length} answered before the first import finished`,
        ].join('\n'),
      );
      for (const result of await imports) expect(result.status, `${result.label}: ${JSON.stringify(result.body).slice(0, 300)}`).toBe(result.expectedStatus);
      expect(health.filter((entry) => entry.ok !== true)).toEqual([]);
      expect(dns.filter((entry) => entry.ok !== true)).toEqual([]);
      // Each probe waits for the previous answer: many answers while every import is still at
      // work show that neither the API nor the DNS server waited for them.
      expect(health.filter((entry) => entry.duringImports).length).toBeGreaterThanOrEqual(20);
      expect(dns.filter((entry) => entry.duringImports).length).toBeGreaterThanOrEqual(20);
    } finally {
      expect(await platform.stop()).toBe(0);
    }
  });
});
