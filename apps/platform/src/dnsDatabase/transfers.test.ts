// A signed zone transferred to a secondary set up through the API: the TSIG key and the secondary
// are made with POST /tsig-keys and /secondaries, BIND's dig takes the AXFR from the database node,
// and ldns-verify-zone and BIND's dnssec-verify judge what it got, before and after API changes.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createZone } from '@kaja/api/testing/zones';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AliasResolver } from '@kaja/dns';
import { delv, writeDsTrustAnchor } from '@kaja/test-support/delv';
import { serveZones, type TestServer } from '@kaja/dns/testing/server';
import { coverageZoneText, signThroughApi, startApiWithNode, type ApiWithNode } from './testing';
import { zoneVerifierFailures } from '@kaja/dnssec/testing';

const run = promisify(execFile);

describe(`signed zone transfers set up through the API (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let kit: ApiWithNode;
  let dir: string;
  /** Plays the recursive resolver apex ALIAS targets are resolved through: lb.cdn.example has an A and no AAAA. */
  let resolver: TestServer;
  beforeAll(async () => {
    resolver = await serveZones({ 'cdn.example': '$TTL 60\n@ SOA ns1 hostmaster 1 7200 3600 1209600 60\n@ NS ns1\nns1 A 192.0.2.1\nlb A 198.51.100.1\n' });
    // The secondaries here are dig on loopback: the operator allows it.
    kit = await startApiWithNode({ alias: new AliasResolver([`127.0.0.1:${resolver.port}`]), env: { SECONDARY_ALLOWED_CIDRS: '127.0.0.0/8' } });
    dir = await mkdtemp(join(tmpdir(), 'dns-database-xfr-'));
  });
  afterAll(async () => {
    await kit?.close();
    await resolver?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** The AXFR dig takes with the key, as a zone file (dig's TSIG lines left out), and what the validators say of it. */
  async function transfer(zone: string, key: { algorithm: string; name: string; secret: string }) {
    const { stdout } = await run(
      'dig',
      ['@127.0.0.1', '-p', String(kit.port), '-y', `${key.algorithm}:${key.name}:${key.secret}`, zone, 'AXFR', '+onesoa', '+nocmd', '+nostats'],
      { timeout: 30_000 },
    );
    const text = stdout
      .split('\n')
      .filter((line) => line.split(/\s+/)[3] !== 'TSIG')
      .join('\n');
    const file = join(dir, `${zone}.zone`);
    await writeFile(file, text);
    return { text, failures: await zoneVerifierFailures(zone, file) };
  }

  for (const nsec3 of [false, true]) {
    it(`gives an AXFR that ldns-verify-zone and dnssec-verify accept, before and after record changes (${nsec3 ? 'NSEC3' : 'NSEC'})`, async () => {
      const zone = await createZone(kit.api, kit.owner);
      await kit.send('POST', `/zones/${zone.id}/import`, coverageZoneText(zone.name), { 'content-type': 'text/dns' });
      await signThroughApi(kit, zone, { nsec3 });
      const key = await kit.send('POST', `/zones/${zone.id}/tsig-keys`, { can_transfer: true, can_update: false });
      await kit.send('POST', `/zones/${zone.id}/secondaries`, { address: '127.0.0.1', port: 53, tsig_key_id: key.id });
      await kit.served(zone);

      const types = (text: string) =>
        new Set(
          text
            .split('\n')
            .filter((line) => line && !line.startsWith(';'))
            .map((line) => line.split(/\s+/)[3]),
        );

      const before = await transfer(zone.name, key);
      expect(before.failures).toEqual([]);
      expect([...types(before.text)]).toEqual(expect.arrayContaining(['SOA', 'DNSKEY', 'CDS', 'CDNSKEY', 'RRSIG', nsec3 ? 'NSEC3' : 'NSEC', 'DS', 'TLSA']));
      // Only a secondary's address may transfer, even with the right key.
      expect(
        (await run('dig', ['@127.0.0.1', '-p', String(kit.port), '-b', '127.0.0.2', '-y', `${key.algorithm}:${key.name}:${key.secret}`, zone.name, 'AXFR']))
          .stdout,
      ).toMatch(/Transfer failed/);
      // IXFR over UDP (RFC 1995 2): the secondary gets the current SOA alone, signed; unsigned is refused.
      const udp = (await run('dig', ['@127.0.0.1', '-p', String(kit.port), '+notcp', '-y', `${key.algorithm}:${key.name}:${key.secret}`, zone.name, 'IXFR=1']))
        .stdout;
      expect(udp).not.toMatch(/[Cc]ouldn't verify|failed/);
      expect(
        udp
          .split('\n')
          .filter((line) => /\sIN\s/.test(line) && !line.startsWith(';'))
          .map((line) => line.split(/\s+/)[3]),
      ).toEqual(['SOA']);
      const unsigned = await run('kdig', ['@127.0.0.1', '-p', String(kit.port), '+notcp', zone.name, 'IXFR=1']).catch(
        (error: { stdout: string; stderr: string }) => error,
      );
      expect(unsigned.stdout + unsigned.stderr).toMatch(/REFUSED/);

      await kit.send('POST', `/zones/${zone.id}/records`, { type: 'TXT', name: 'deep.new', content: 'added through the API' });
      await kit.send('PATCH', `/zones/${zone.id}/records`, {
        changes: [
          { action: 'delete', type: 'A', name: 'a.b.c' },
          { action: 'delete', type: 'A', name: 'mail' },
        ],
      });
      await kit.served(zone);
      const after = await transfer(zone.name, key);
      expect(after.failures).toEqual([]);
      expect(after.text).toMatch(new RegExp(`^deep\\.new\\.${zone.name.replace(/\./g, '\\.')}\\.\\s+\\d+\\s+IN\\s+TXT\\s+"added through the API"`, 'm'));
      expect(after.text).not.toMatch(new RegExp(`^(a\\.b\\.c|b\\.c|c|mail)\\.${zone.name.replace(/\./g, '\\.')}\\.\\s`, 'm'));
    });
  }

  it('transfers an apex ALIAS as the addresses it resolves to, the apex proof listing only those; answers validate', async () => {
    const zone = await createZone(kit.api, kit.owner);
    await kit.send('POST', `/zones/${zone.id}/records`, { type: 'ALIAS', name: '@', content: 'lb.cdn.example.' });
    const anchors = join(dir, `${zone.name}.conf`);
    await writeDsTrustAnchor(anchors, zone.name, await signThroughApi(kit, zone));
    const key = await kit.send('POST', `/zones/${zone.id}/tsig-keys`, { can_transfer: true });
    await kit.send('POST', `/zones/${zone.id}/secondaries`, { address: '127.0.0.1', tsig_key_id: key.id });
    await kit.served(zone);

    const { text, failures } = await transfer(zone.name, key);
    expect(failures).toEqual([]);
    const apex = text
      .split('\n')
      .filter((line) => line.startsWith(`${zone.name}.`))
      .map((line) => line.split(/\s+/).slice(3).join(' '));
    expect(apex).toContain('A 198.51.100.1');
    expect(apex.some((line) => /^(ALIAS|AAAA) /.test(line))).toBe(false);
    expect(apex.find((line) => line.startsWith('NSEC '))).toMatch(/^NSEC \S+ A NS SOA (?!.*AAAA)/);

    expect(await delv(kit.port, anchors, zone.name, zone.name, 'A')).toMatch(/; fully validated\n.*\s+IN\s+A\s+198\.51\.100\.1/s);
    expect(await delv(kit.port, anchors, zone.name, zone.name, 'AAAA')).toMatch(/; negative response, fully validated/);
  });
});
