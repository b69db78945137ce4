import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DnsClass, recordType, type ResourceRecord, RRType, typeCode } from '@kaja/dns-model';
import { RRSIG_TYPE, writeSignedZone } from '@kaja/dnssec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomFor } from './additional';
import { lookup } from './lookup';
import { keyRecords } from './publishedKeys';
import { freshSettings, nextChange } from './testing/signedServer';
import { loadZoneText } from './zoneFile';
import { ZoneSigner } from './zoneSigner';
import { zoneVerifierFailures } from '@kaja/dnssec/testing';

/*
 * The signed zone a transfer carries (`signedRecords`), judged by ldns-verify-zone and BIND's
 * dnssec-verify, before and after changes, and consistent with the signatures answers carry.
 */

const ZONE = 'example.com';
const TEXT = `$TTL 300
@ 3600 SOA ns1 hostmaster 2026112201 7200 3600 1209600 300
@ 3600 NS ns1
ns1 A 192.0.2.53
mail A 192.0.2.25
www CNAME @
*.wild TXT "wildcard"
a.b.c A 192.0.2.7
secure NS ns.secure
secure DS 12345 13 2 4b1b1b4e4c8a9c2e2b9f1e2d3c4b5a69788796a5b4c3d2e1f0e1d2c3b4a59687
ns.secure A 192.0.2.60
insecure NS ns.insecure
ns.insecure A 192.0.2.61
`;

const record = (name: string, type: string, content: string): ResourceRecord => ({
  name,
  type: typeCode(type),
  class: DnsClass.IN,
  ttl: 300,
  rdata: recordType(type).toWire(content),
});

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dns-signed-zone-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

for (const nsec3 of [false, true]) {
  describe(`the signed zone for transfers, ${nsec3 ? 'NSEC3' : 'NSEC'}`, () => {
    it('is accepted by ldns-verify-zone and dnssec-verify, before and after changes', async () => {
      const settings = freshSettings(nsec3);
      const zone = loadZoneText(ZONE, TEXT, ZONE, keyRecords(ZONE, settings));
      const signer = new ZoneSigner(zone, settings);
      const file = join(dir, `${nsec3}.zone`);
      await writeFile(file, writeSignedZone(ZONE, signer.signedRecords()));
      expect(await zoneVerifierFailures(ZONE, file)).toEqual([]);

      const change = nextChange(
        zone,
        [record(`mail.${ZONE}`, 'A', '192.0.2.25'), record(`a.b.c.${ZONE}`, 'A', '192.0.2.7')],
        [record(`new.x.${ZONE}`, 'TXT', '"new"'), record(`mail.${ZONE}`, 'AAAA', '2001:db8::25')],
      );
      expect(zone.apply(change)).toBe('applied');
      expect(signer.update(change)).toBe('updated');
      const after = signer.signedRecords();
      await writeFile(file, writeSignedZone(ZONE, after));
      expect(await zoneVerifierFailures(ZONE, file)).toEqual([]);
      expect(after.some((r) => r.name === `a.b.c.${ZONE}` || r.name === `c.${ZONE}`)).toBe(false);
    });

    it('carries the signatures the answers carry, and leaves delegation NS and glue unsigned', () => {
      const settings = freshSettings(nsec3);
      const zone = loadZoneText(ZONE, TEXT, ZONE, keyRecords(ZONE, settings));
      const signer = new ZoneSigner(zone, settings);
      const mail = zone.nodes.get(`mail.${ZONE}`)!.rrsets.get(RRType.A)!;
      const online = signer.sign({ rcode: 0, aa: true, answer: [mail], authority: [], additional: [], proofs: [], zone }).answer[1]!;
      const signed = signer.signedRecords();
      const coversA = (rdata: Uint8Array) => ((rdata[0]! << 8) | rdata[1]!) === RRType.A;
      const transferred = signed
        .filter((r) => r.name === `mail.${ZONE}` && r.type === RRSIG_TYPE && coversA(r.rdata))
        .map((r) => Buffer.from(r.rdata).toString('hex'));
      expect(transferred).toEqual(online.rdata.map((r) => Buffer.from(r).toString('hex')));
      const covered = (name: string) => signed.filter((r) => r.name === name && r.type === RRSIG_TYPE).map((r) => (r.rdata[0]! << 8) | r.rdata[1]!);
      expect(covered(`secure.${ZONE}`)).toEqual(nsec3 ? [RRType.DS] : [RRType.DS, 47]);
      expect(covered(`insecure.${ZONE}`)).toEqual(nsec3 ? [] : [47]);
      expect(covered(`ns.secure.${ZONE}`)).toEqual([]);
    });
  });
}

describe('an apex ALIAS in the signed zone', () => {
  it('is left out of a transfer; the addresses it resolves to are signed in instead', async () => {
    const settings = freshSettings(false);
    const zone = loadZoneText(ZONE, `${TEXT}@ ALIAS lb.cdn.example.\n`, ZONE, keyRecords(ZONE, settings));
    const signer = new ZoneSigner(zone, settings);
    const addresses = { name: ZONE, type: RRType.A, ttl: 60, rdata: [Uint8Array.of(198, 51, 100, 1)] };
    const signed = signer.signedRecords([addresses]);
    expect(signed.some((r) => r.type === RRType.ALIAS)).toBe(false);
    const file = join(dir, 'alias.zone');
    await writeFile(file, writeSignedZone(ZONE, signed));
    // Only A resolved: the apex NSEC lists A and not AAAA, as the records transferred show.
    expect(await zoneVerifierFailures(ZONE, file)).toEqual([]);
    expect(signed.filter((r) => r.name === ZONE && r.type === RRType.A)).toHaveLength(1);
    const apexNsec = signed.find((r) => r.name === ZONE && r.type === 47)!;
    expect(recordType('NSEC').fromWire(apexNsec.rdata)).toMatch(/^\S+ A NS SOA (?!.*AAAA)/);
    // Nothing resolved: neither is listed.
    await writeFile(file, writeSignedZone(ZONE, signer.signedRecords()));
    expect(await zoneVerifierFailures(ZONE, file)).toEqual([]);
  });
});

describe('proofs about SVCB targets in the additional section', () => {
  it('stop being made and signed once the section would pass the largest message', () => {
    const targets = 1000;
    let text = TEXT;
    for (let i = 0; i < targets; i++) text += `svc SVCB ${i + 1} t${i}\nt${i} TXT "no addresses"\n`;
    const settings = freshSettings(false);
    const signer = new ZoneSigner(loadZoneText(ZONE, text, ZONE, keyRecords(ZONE, settings)), settings);
    const answer = lookup(signer.zone, `svc.${ZONE}`, RRType.SVCB);
    expect(answer.proofs.filter((proof) => proof.kind === 'targetNodata')).toHaveLength(targets);
    const signed = signer.sign(answer);
    const nsecs = signed.additional.filter((rrset) => rrset.type === RRType.NSEC);
    // Each target's NSEC with its RRSIG, up to just past 64 KiB: far fewer than the targets.
    expect(nsecs.length).toBeGreaterThan(100);
    expect(nsecs.length).toBeLessThan(targets);
    expect(roomFor(signed.additional)).toBe(false);
    expect(roomFor(signed.additional.slice(0, -2))).toBe(true);
    expect(signed.additional.filter((rrset) => rrset.type === RRSIG_TYPE)).toHaveLength(nsecs.length);
    expect(signed.answer.map((rrset) => rrset.type)).toEqual([RRType.SVCB, RRSIG_TYPE]);
  });
});
