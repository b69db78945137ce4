import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DnsClass, parseIpv4, RRType } from '@kaja/dns-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AliasResolver } from './alias';
import { delv, writeTrustAnchor } from '@kaja/test-support/delv';
import { dig } from '@kaja/test-support/dig';
import { freshSettings, nextChange, serveSignedZones, type SignedTestServer } from './testing/signedServer';
import { serveZones, type TestServer } from './testing/server';

/*
 * An apex ALIAS in a signed zone: its addresses are resolved per query and signed live; delv
 * validates them, and the signature cache keeps one entry however often they change.
 */

const ZONE = 'alias.example';
const soa = '@ SOA ns1 hostmaster 1 7200 3600 1209600 60\n@ NS ns1\nns1 A 192.0.2.1\n';
const settings = freshSettings(false);
let target: TestServer;
let server: SignedTestServer;
let dir: string;
let anchors: string;

beforeAll(async () => {
  // The target zone lives on a second server, which plays the recursive resolver ALIAS asks.
  target = await serveZones({ 'cdn.example': `$TTL 1\n${soa}lb A 198.51.100.1\n` });
  server = await serveSignedZones(
    { [ZONE]: { text: `$TTL 300\n${soa}@ ALIAS lb.cdn.example.\n`, settings } },
    { alias: new AliasResolver([`127.0.0.1:${target.port}`]) },
  );
  dir = await mkdtemp(join(tmpdir(), 'dns-signing-alias-'));
  anchors = join(dir, 'anchors.conf');
  await writeTrustAnchor(anchors, ZONE, settings.keys[0]!);
});
afterAll(async () => {
  await server.close();
  await target.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a signed apex ALIAS', () => {
  it('validates, follows the target, and keeps one cached signature for it', async () => {
    expect(await delv(server.port, anchors, ZONE, ZONE, 'A')).toMatch(/; fully validated\n.*alias\.example\.\s+\d+\s+IN\s+A\s+198\.51\.100\.1/s);
    const signatures = server.signing.signer(server.zones.get(ZONE)!)!.signatures;
    // The zone is signed ahead in threads: counted once that is done, so only the ALIAS can move the count.
    await server.signing.signedAhead();
    const entries = signatures.size;

    const cdn = target.zones.get('cdn.example')!;
    const a = (address: string) => ({ name: 'lb.cdn.example', type: RRType.A, class: DnsClass.IN, ttl: 1, rdata: parseIpv4(address) });
    expect(target.zones.apply('cdn.example', nextChange(cdn, [a('198.51.100.1')], [a('198.51.100.2')]))).toBe('applied');
    await new Promise((resolve) => setTimeout(resolve, 1100)); // the resolved addresses' TTL
    expect(await delv(server.port, anchors, ZONE, ZONE, 'A')).toMatch(/; fully validated\n.*alias\.example\.\s+\d+\s+IN\s+A\s+198\.51\.100\.2/s);
    expect(signatures.size).toBe(entries);
  });
});

describe('a signed apex ALIAS whose target has no address of the type asked', () => {
  for (const nsec3 of [false, true]) {
    it(`answers a validated NODATA, its apex proof without that type (${nsec3 ? 'NSEC3' : 'NSEC'})`, async () => {
      const zone = nsec3 ? 'alias3.example' : 'alias4.example';
      const keys = freshSettings(nsec3);
      // lb.cdn.example has an A record and no AAAA.
      const signed = await serveSignedZones(
        { [zone]: { text: `$TTL 300\n${soa}@ ALIAS lb.cdn.example.\n`, settings: keys } },
        { alias: new AliasResolver([`127.0.0.1:${target.port}`]) },
      );
      try {
        const zoneAnchors = join(dir, `${zone}.conf`);
        await writeTrustAnchor(zoneAnchors, zone, keys.keys[0]!);
        expect(await delv(signed.port, zoneAnchors, zone, zone, 'AAAA')).toMatch(/; negative response, fully validated/);
        const proof = await dig(signed.port, zone, 'AAAA', { client: 'kdig', args: ['+dnssec'] });
        const denial = proof.authority.find((r) => r.split(' ')[3] === (nsec3 ? 'NSEC3' : 'NSEC'))!;
        expect(denial).toMatch(/ A /);
        expect(denial).not.toMatch(/ AAAA /);
        // The address the target has still validates, and so does the zone's own apex denial.
        expect(await delv(signed.port, zoneAnchors, zone, zone, 'A')).toMatch(/; fully validated\n.*\s+IN\s+A\s+198\.51\.100\./s);
        expect(await delv(signed.port, zoneAnchors, zone, zone, 'TXT')).toMatch(/; negative response, fully validated/);
        const apex = await dig(signed.port, zone, 'TXT', { client: 'kdig', args: ['+dnssec'] });
        expect(apex.authority.find((r) => r.split(' ')[3] === (nsec3 ? 'NSEC3' : 'NSEC'))).toMatch(/ AAAA /);
      } finally {
        await signed.close();
      }
    });
  }
});
