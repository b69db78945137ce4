import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DnsClass, parseIpv4, RRType } from '@kaja/dns-model';
import { generateCryptokey, readRrsig, signatureCacheCounts } from '@kaja/dnssec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delv, writeTrustAnchor } from '@kaja/test-support/delv';
import { dig } from '@kaja/test-support/dig';
import { freshSettings, nextChange, publishKeys, serveSignedZones, type SignedTestServer } from './testing/signedServer';

/*
 * A signed zone signed ahead in the signing threads (decision 068): once that is done, answers
 * validate (delv) with no signature made on the answer path — at load, after a change, after
 * signatures are renewed ahead of their expiry, and after a ZSK rollover.
 */

const ZONE = 'ahead.example';
const DAY = 86400;
const TEXT = `$TTL 300
@       SOA   ns1 hostmaster 1 7200 3600 1209600 300
@       NS    ns1
ns1     A     192.0.2.1
www     A     192.0.2.10
mail    MX    10 www
*.wild  TXT   "from the wildcard"
a.b.c   A     192.0.2.7
`;
const validated = /; fully validated/;
const negative = /; negative response, fully validated/;

for (const nsec3 of [false, true]) {
  describe(`a zone signed ahead (${nsec3 ? 'NSEC3' : 'NSEC'})`, () => {
    const settings = freshSettings(nsec3);
    let server: SignedTestServer;
    let dir: string;
    let anchors: string;
    const check = (name: string, type: string) => delv(server.port, anchors, ZONE, name, type);
    /** Answers to these questions, asked the first time, with the number of signatures made on the answer path meanwhile. */
    const madeOnline = async (questions: [string, string, RegExp][]) => {
      const misses = signatureCacheCounts.misses;
      for (const [name, type, expected] of questions) expect(await check(name, type)).toMatch(expected);
      return signatureCacheCounts.misses - misses;
    };

    beforeAll(async () => {
      server = await serveSignedZones({ [ZONE]: { text: TEXT, settings } });
      dir = await mkdtemp(join(tmpdir(), 'dns-signing-ahead-'));
      anchors = join(dir, 'anchors.conf');
      await writeTrustAnchor(anchors, ZONE, settings.keys[0]!);
    });
    afterAll(async () => {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    });

    it('answers from signatures made at load: positive, NXDOMAIN, NODATA, wildcard, empty non-terminal', async () => {
      await server.signing.signedAhead();
      const made = await madeOnline([
        [ZONE, 'SOA', validated],
        [ZONE, 'DNSKEY', validated],
        [`www.${ZONE}`, 'A', validated],
        [`mail.${ZONE}`, 'MX', validated],
        [`nothere.${ZONE}`, 'A', negative],
        [`www.${ZONE}`, 'TXT', negative],
        [`x.wild.${ZONE}`, 'TXT', validated],
        [`b.c.${ZONE}`, 'A', negative],
      ]);
      expect(made).toBe(0);
    });

    it('signs a changed RRset and its chain neighbours again after the change', async () => {
      const zone = server.zones.get(ZONE)!;
      const signer = server.signing.signer(zone)!;
      const www = zone.nodes.get(`www.${ZONE}`)!.rrsets.get(RRType.A)!;
      const before = signer.signatures.for(www)!;
      const a = (name: string, address: string) => ({ name, type: RRType.A, class: DnsClass.IN, ttl: 300, rdata: parseIpv4(address) });
      const change = nextChange(zone, [a(`www.${ZONE}`, '192.0.2.10')], [a(`www.${ZONE}`, '192.0.2.11'), a(`new.${ZONE}`, '192.0.2.12')]);
      expect(server.zones.apply(ZONE, change)).toBe('applied');
      await server.signing.signedAhead();
      const changed = server.zones.get(ZONE)!.nodes.get(`www.${ZONE}`)!.rrsets.get(RRType.A)!;
      const misses = signatureCacheCounts.misses;
      expect(signer.signatures.for(changed)).not.toBe(before);
      expect(signatureCacheCounts.misses).toBe(misses);
      const made = await madeOnline([
        [`www.${ZONE}`, 'A', /; fully validated\n.*192\.0\.2\.11/s],
        [`new.${ZONE}`, 'A', validated],
        // Names next to the new one in the chain: their denial records changed and were signed again.
        [`mail.${ZONE}`, 'TXT', negative],
        [`nothere.${ZONE}`, 'A', negative],
        [`zz.${ZONE}`, 'A', negative],
      ]);
      expect(made).toBe(0);
    });

    it('renews ahead the signatures that would be renewed within the horizon, and they validate', async () => {
      const zone = server.zones.get(ZONE)!;
      const signer = server.signing.signer(zone)!;
      const soa = signer.signatures.for(zone.soa)!;
      // The SOA's signature as if made 13 days ago: due for renewal within the hour.
      signer.signatures.invalidate(zone.name, RRType.SOA);
      const cache = signer.signatures;
      expect(cache.store(zone.soa, soa, Math.floor(Date.now() / 1000) + 3600, { generation: cache.generation, written: cache.written })).toBe(true);
      expect([...cache.due(Math.floor(Date.now() / 1000) + 2 * DAY)].map((r) => r.type)).toEqual([RRType.SOA]);
      await server.signing.renew(2 * DAY);
      const renewed = signer.signatures.for(zone.soa)!;
      expect(renewed).not.toBe(soa);
      expect([...cache.due(Math.floor(Date.now() / 1000) + 2 * DAY)]).toHaveLength(0);
      expect(readRrsig(renewed.rdata[0]!).expiration).toBeGreaterThan(Math.floor(Date.now() / 1000) + 13 * DAY);
      const made = await madeOnline([
        [ZONE, 'SOA', validated],
        [`www.${ZONE}`, 'A', validated],
        [`nothere.${ZONE}`, 'A', negative],
      ]);
      expect(made).toBe(0);
    });

    it('signs everything again ahead with the new ZSK after a rollover', async () => {
      const [ksk, oldZsk] = settings.keys as [(typeof settings.keys)[0], (typeof settings.keys)[0]];
      const newZsk = generateCryptokey({ keytype: 'zsk' });
      publishKeys(server, ZONE, { keys: [ksk, { ...oldZsk, active: false }, newZsk], nsec3 });
      await server.signing.ready();
      await server.signing.signedAhead();
      const made = await madeOnline([
        [`www.${ZONE}`, 'A', validated],
        [`nothere.${ZONE}`, 'A', negative],
        [`x.wild.${ZONE}`, 'TXT', validated],
      ]);
      expect(made).toBe(0);
      const answer = await dig(server.port, `www.${ZONE}`, 'A', { client: 'kdig', args: ['+dnssec'] });
      const signers = answer.answer.filter((r) => r.includes(' RRSIG ')).map((r) => Number(r.split(' ')[10]));
      expect(signers).toEqual([newZsk.keyTag]);
    });
  });
}
