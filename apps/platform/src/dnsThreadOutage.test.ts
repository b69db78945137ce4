// The platform on PostgreSQL while the database goes away: its DNS thread keeps answering with the
// zones it holds, and follows the API's changes again once the database is back. The PostgreSQL
// server is the test's own, stopped and started by it.
import { Resolver } from 'node:dns/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '@kaja/db/testing';
import { freePort } from '@kaja/test-support/ports';
import { startPostgres } from '@kaja/test-support/postgres';
import { describe, expect, it, onTestFinished } from 'vitest';
import { platformClient, signUpFromOutbox, startPlatform } from './testing';

describe('the DNS thread of the platform while PostgreSQL is away', () => {
  it('keeps answering, then follows the API again when the database returns', { timeout: 300_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kaja-dns-thread-outage-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const postgres = await startPostgres();
    onTestFinished(() => postgres.close());
    const database = await createTestDatabase(postgres.url);
    onTestFinished(() => database.close());
    const port = await freePort();
    const dnsPort = await freePort();
    const platform = await startPlatform({
      DATABASE_URL: database.url!,
      DATA_DIR: dataDir,
      PORT: String(port),
      DNS_ADDR: '127.0.0.1',
      DNS_PORT: String(dnsPort),
      LOG_LEVEL: 'warn',
    });
    const resolver = new Resolver({ timeout: 2000, tries: 2 });
    resolver.setServers([`127.0.0.1:${dnsPort}`]);
    const lookup = (name: string) => resolver.resolve4(name).catch((error: { code?: string }) => error.code);
    try {
      const client = platformClient(port);
      const { apiKey } = await signUpFromOutbox(client, dataDir, 'dns-outage@example.test');
      const created = await client.call('POST', '/zones', { token: apiKey, body: JSON.stringify({ name: 'dns-outage-example.com' }) });
      expect(created.status).toBe(201);
      const zone = created.body.data as { id: string; name: string };
      const add = (name: string, content: string) =>
        client.call('POST', `/zones/${zone.id}/records`, { token: apiKey, body: JSON.stringify({ type: 'A', name, content, ttl: 300 }) });
      expect((await add('www', '192.0.2.10')).status).toBe(201);
      await expect.poll(() => lookup(`www.${zone.name}`), { timeout: 10_000 }).toEqual(['192.0.2.10']);

      await postgres.stop();
      // Past the DNS thread's periodic comparison with the database, more than once.
      for (let i = 0; i < 4; i++) {
        expect(await lookup(`www.${zone.name}`)).toEqual(['192.0.2.10']);
        await new Promise((resolve) => setTimeout(resolve, 3000));
      }

      await postgres.start();
      // The API's first calls may meet connections the stop broke; the change is made once it answers.
      await expect.poll(async () => (await add('after', '192.0.2.11')).status, { timeout: 30_000, interval: 500 }).toBe(201);
      await expect.poll(() => lookup(`after.${zone.name}`), { timeout: 30_000, interval: 200 }).toEqual(['192.0.2.11']);
      expect(await lookup(`www.${zone.name}`)).toEqual(['192.0.2.10']);
    } finally {
      expect(await platform.stop('SIGTERM')).toBe(0);
    }
  });
});
