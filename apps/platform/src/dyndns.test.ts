// Dynamic DNS with Debian's ddclient, as a customer runs it: its dyndns2 protocol against the
// platform's /nic/update with a key limited to one host, and the platform's DNS server answers the
// new address.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { dig } from '@kaja/test-support/dig';
import { freePort } from '@kaja/test-support/ports';
import { platformClient, platformDatabase, signUpFromOutbox, startPlatform } from './testing';

const run = promisify(execFile);

/** Runs ddclient once in the foreground with its own configuration and cache in `dir`; resolves with what it printed. */
async function ddclient(dir: string, settings: string[], options: string[] = []): Promise<string> {
  const file = join(dir, 'ddclient.conf');
  // ddclient refuses a configuration holding a password that others may read.
  writeFileSync(file, `${settings.join('\n')}\n`, { mode: 0o600 });
  const { stdout, stderr } = await run(
    'ddclient',
    ['-foreground', '-daemon=0', '-noquiet', '-verbose', '-file', file, '-cache', join(dir, 'ddclient.cache'), ...options],
    {
      timeout: 60_000,
    },
  );
  return stdout + stderr;
}

describe('dynamic DNS with ddclient', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kaja-dyndns-'));
  const clientDir = mkdtempSync(join(tmpdir(), 'kaja-ddclient-'));
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('updates a host’s A record with ddclient (protocol=dyndns2), which dig then answers; the second run is nochg', { timeout: 300_000 }, async () => {
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
    try {
      const client = platformClient(port);
      const { apiKey } = await signUpFromOutbox(client, dataDir, 'ddclient@example.test');
      const created = await client.call('POST', '/zones', { token: apiKey, body: JSON.stringify({ name: 'ddclient-example.com' }) });
      expect(created.status).toBe(201);
      const zone = created.body.data as { id: string; name: string };
      const userId = (await client.call('GET', '/users', { token: apiKey })).body.data[0].id as string;
      const key = await client.call('POST', `/users/${userId}/apikeys`, {
        token: apiKey,
        body: JSON.stringify({
          name: 'router',
          scopes: ['records:write'],
          restrictions: { record_policies: [{ zone: zone.name, name: 'home', type: 'A', allow: true }] },
        }),
      });
      expect(key.status).toBe(201);
      const host = `home.${zone.name}`;
      const settings = (address: string) => [
        'daemon=0',
        'syslog=no',
        'protocol=dyndns2',
        `server=127.0.0.1:${port}`,
        'ssl=no',
        'usev4=ipv4',
        `ipv4=${address}`,
        `login=${host}`,
        `password=${key.body.data.key as string}`,
        host,
      ];

      const first = await ddclient(clientDir, settings('198.51.100.23'));
      expect(first).toMatch(/SUCCESS:\s+updating home\.ddclient-example\.com: good: IP address set to 198\.51\.100\.23/);
      await expect.poll(async () => (await dig(dnsPort, host, 'A')).answer, { timeout: 10_000 }).toEqual([`${host}. 60 IN A 198.51.100.23`]);

      const history = await client.call('GET', `/zones/${zone.id}/history?limit=1`, { token: apiKey });
      expect(history.body.data[0]).toMatchObject({ source: 'api', actor: { type: 'api_key', api_key_id: key.body.data.id } });

      // ddclient remembers what it sent in its cache; a forced run asks again and hears nochg.
      const second = await ddclient(clientDir, settings('198.51.100.23'), ['-force']);
      expect(second).toMatch(/updating home\.ddclient-example\.com: nochg/);

      // A new address within ddclient's minimum interval of 30 s between updates is sent when forced.
      const moved = await ddclient(clientDir, settings('198.51.100.24'), ['-force']);
      expect(moved).toMatch(/good: IP address set to 198\.51\.100\.24/);
      await expect.poll(async () => (await dig(dnsPort, host, 'A')).answer, { timeout: 10_000 }).toEqual([`${host}. 60 IN A 198.51.100.24`]);
    } finally {
      expect(await platform.stop('SIGINT')).toBe(0);
    }
  });
});
