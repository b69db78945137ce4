import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DnsClass, parseIpv4 } from '@kaja/dns-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AliasResolver } from './alias';
import { Type } from './rrtypes';
import { delv, writeTrustAnchor } from './testing/delv';
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
  server = await serveSignedZones({ [ZONE]: { text: `$TTL 300\n${soa}@ ALIAS lb.cdn.example.\n`, settings } }, { alias: new AliasResolver([`127.0.0.1:${target.port}`]) });
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
    const entries = signatures.size;

    const cdn = target.zones.get('cdn.example')!;
    const a = (address: string) => ({ name: 'lb.cdn.example', type: Type.A, class: DnsClass.IN, ttl: 1, rdata: parseIpv4(address) });
    expect(target.zones.apply('cdn.example', nextChange(cdn, [a('198.51.100.1')], [a('198.51.100.2')]))).toBe('applied');
    await new Promise((resolve) => setTimeout(resolve, 1100)); // the resolved addresses' TTL
    expect(await delv(server.port, anchors, ZONE, ZONE, 'A')).toMatch(/; fully validated\n.*alias\.example\.\s+\d+\s+IN\s+A\s+198\.51\.100\.2/s);
    expect(signatures.size).toBe(entries);
  });
});
