// After a restart on the same embedded database (PGlite in a data directory), everything is
// served as before: the zones are loaded from their records, not from anything kept in memory.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveKeyEncryptionKey } from '@kaja/config';
import { openDatabase } from '@kaja/db';
import { signUpOwner, startTestApi } from '@kaja/api/testing';
import { createZone, setPlan } from '@kaja/api/testing/zones';
import { afterAll, describe, expect, it } from 'vitest';
import { RRType } from '@kaja/dns-model';
import { serveDatabaseZones } from '@kaja/dns';
import { lookupWith } from './testing';

const dataDir = mkdtempSync(join(tmpdir(), 'kaja-dns-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the DNS server after a restart', () => {
  it('serves every zone and record as before, and still refuses a disabled zone', { timeout: 180_000 }, async () => {
    const listen = [{ host: '127.0.0.1', port: 0 }];
    let database = await openDatabase({ dataDir });
    const api = await startTestApi({ database });
    let dns = await serveDatabaseZones({
      database,
      keyEncryptionKey: resolveKeyEncryptionKey(api.config),
      subscribe: (listener) => api.app.zoneChanges.subscribe(listener),
      listen,
      nodeName: 'first-run',
    });
    const owner = await signUpOwner(api);
    await setPlan(api, owner, 'scale');
    const zone = await createZone(api, owner);
    const disabled = await createZone(api, owner);
    const imported = await api.request('POST', `/zones/${zone.id}/import`, {
      token: owner.apiKey,
      headers: { 'content-type': 'text/dns' },
      body: [
        `$ORIGIN ${zone.name}.`,
        '@ 300 IN ALIAS lb.example.net.',
        '@ 300 IN MX 10 mail',
        '@ 300 IN TXT "v=spf1 -all"',
        'mail 300 IN A 192.0.2.25',
        'www 300 IN CNAME mail',
        '*.apps 300 IN AAAA 2001:db8::80',
        'sub 300 IN NS ns.sub',
        'ns.sub 300 IN A 192.0.2.53',
      ].join('\n'),
    });
    expect(imported.status).toBe(200);
    expect((await api.request('PUT', `/zones/${disabled.id}`, { token: owner.apiKey, body: { status: 'disabled' } })).status).toBe(200);

    const questions = [
      [zone.name, 'SOA'],
      [zone.name, 'NS'],
      [zone.name, 'MX'],
      [zone.name, 'TXT'],
      [`mail.${zone.name}`, 'A'],
      [`www.${zone.name}`, 'A'],
      [`x.apps.${zone.name}`, 'AAAA'],
      [`nothing.${zone.name}`, 'A'],
      [disabled.name, 'SOA'],
    ] as const;
    const answers = (port: number) => {
      const look = lookupWith(port);
      return Promise.all(questions.map(([name, type]) => look(name, type)));
    };
    await expect.poll(async () => (await answers(dns.addresses[0]!.port))[5], { timeout: 3000, interval: 5 }).toEqual(['192.0.2.25']);
    const before = await answers(dns.addresses[0]!.port);
    expect(before[7]).toBe('ENOTFOUND');
    expect(before[8]).toBe('EREFUSED');
    const serial = dns.zones.get(zone.name)!.serial;

    await dns.close();
    await api.close();
    await database.close();

    database = await openDatabase({ dataDir });
    try {
      dns = await serveDatabaseZones({ database, keyEncryptionKey: resolveKeyEncryptionKey(api.config), listen, nodeName: 'second-run' });
      expect(await answers(dns.addresses[0]!.port)).toEqual(before);
      // The apex ALIAS (type 65536 in the database, past any wire type) is loaded too; it is answered through a resolver.
      expect(dns.zones.get(zone.name)!.apex.rrsets.get(RRType.ALIAS)?.rdata).toHaveLength(1);
      expect(dns.zones.get(zone.name)!.serial).toBe(serial);
      await dns.close();
    } finally {
      await database.close();
    }
  });
});
