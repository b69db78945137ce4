// The DNS server on its own thread of the platform process: it reads the embedded database
// through the platform's thread, hears the API's changes, and applies dynamic updates through the
// API's write path.
import { Resolver } from 'node:dns/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { nsupdate } from '@kaja/test-support/nsupdate';
import { freePort } from '@kaja/test-support/ports';
import { platformClient, platformDatabase, signUpFromOutbox, startPlatform } from './testing';

describe('the DNS thread of the platform', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kaja-dns-thread-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('serves the API’s changes, applies dynamic updates through the API, and stops with the platform on SIGINT', { timeout: 300_000 }, async () => {
    const port = await freePort();
    const dnsPort = await freePort();
    const database = await platformDatabase(dataDir);
    onTestFinished(() => database.close());
    const platform = await startPlatform({
      ...database.env,
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
      const { apiKey } = await signUpFromOutbox(client, dataDir, 'dns-thread@example.test');
      const created = await client.call('POST', '/zones', { token: apiKey, body: JSON.stringify({ name: 'dns-thread-example.com' }) });
      expect(created.status).toBe(201);
      const zone = created.body.data as { id: string; name: string };

      const record = await client.call('POST', `/zones/${zone.id}/records`, {
        token: apiKey,
        body: JSON.stringify({ type: 'A', name: 'www', content: '192.0.2.10', ttl: 300 }),
      });
      expect(record.status).toBe(201);
      await expect.poll(() => lookup(`www.${zone.name}`), { timeout: 10_000 }).toEqual(['192.0.2.10']);

      const key = await client.call('POST', `/zones/${zone.id}/tsig-keys`, { token: apiKey, body: JSON.stringify({}) });
      expect(key.status).toBe(201);
      const { name, algorithm, secret } = key.body.data as { name: string; algorithm: string; secret: string };
      const update = await nsupdate(dnsPort, { name, algorithm, secret }, [`zone ${zone.name}`, `update add dyn.${zone.name} 300 A 192.0.2.53`, 'send']);
      expect(update).toMatchObject({ code: 0 });
      await expect.poll(() => lookup(`dyn.${zone.name}`), { timeout: 10_000 }).toEqual(['192.0.2.53']);
      const history = await client.call('GET', `/zones/${zone.id}/history?limit=1`, { token: apiKey });
      expect(history.body.data[0]).toMatchObject({ source: 'dynamic_update', added: [{ name: `dyn.${zone.name}`, type: 'A', content: '192.0.2.53' }] });

      const refused = await nsupdate(dnsPort, { name, algorithm, secret: Buffer.alloc(32, 1).toString('base64') }, [
        `zone ${zone.name}`,
        `update add bad.${zone.name} 300 A 192.0.2.54`,
        'send',
      ]);
      expect(refused.code).not.toBe(0);
      expect(await lookup(`bad.${zone.name}`)).toBe('ENOTFOUND');
    } finally {
      expect(await platform.stop('SIGINT')).toBe(0);
    }
    expect(platform.output()).toContain(`DNS        127.0.0.1:${dnsPort}  (UDP and TCP, 0 zone(s))`);
  });
});
