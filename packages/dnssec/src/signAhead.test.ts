import { A } from '@kaja/dns-model';
import { afterAll, describe, expect, it } from 'vitest';
import type { Rrset } from './canonical';
import { generateCryptokey } from './keys';
import { readRrsig, verifyRrsig } from './rrsig';
import { ServedZone } from './servedZone';
import { signAhead, SigningPool } from './signAhead';
import { SignatureCache, signatureCacheCounts, signingKeys } from './signatureCache';

const DAY = 86400;
const pool = new SigningPool(2);
afterAll(() => pool.close());

/** Every RRset a signed answer of the zone can carry, the chain included. */
function everything(zone: ServedZone): Rrset[] {
  return [...[...zone.rrsets.values()].flatMap((types) => [...types.values()]), ...zone.denial.chain()];
}

/** The RRSIGs the cache holds for `rrset` verify under the keys that must sign it, and none was made on the answer path. */
function expectSignedAhead(cache: SignatureCache, rrset: Rrset, now?: number): void {
  const misses = signatureCacheCounts.misses;
  const rrsig = cache.for(rrset)!;
  expect(signatureCacheCounts.misses).toBe(misses);
  const keys = signingKeys(cache.keys, rrset.type);
  expect(rrsig.rdata).toHaveLength(keys.length);
  keys.forEach((key, i) => expect(verifyRrsig(rrset, rrsig.rdata[i]!, key.dnskey, now)).toBe(true));
}

describe('signing ahead', () => {
  for (const nsec3 of [false, true]) {
    it(`${nsec3 ? 'NSEC3' : 'NSEC'}: signs the whole zone in threads, and answers find every signature made`, async () => {
      const zone = new ServedZone('example.com', nsec3);
      const rrsets = everything(zone);
      const signed = await signAhead(pool, zone.signatures, rrsets);
      expect(signed).toBe(rrsets.length);
      for (const rrset of rrsets) expectSignedAhead(zone.signatures, rrset);
      // Signed once: a second run finds nothing to do.
      expect(await signAhead(pool, zone.signatures, rrsets)).toBe(0);
    });

    it(`${nsec3 ? 'NSEC3' : 'NSEC'}: a changed RRset and its chain neighbours are signed again, and nothing else`, async () => {
      const zone = new ServedZone('example.com', nsec3);
      await signAhead(pool, zone.signatures, everything(zone));
      const before = new Map(everything(zone).map((rrset) => [`${rrset.name}/${rrset.type}`, zone.signatures.for(rrset)!]));
      zone.change('new.example.com', 'A', ['192.0.2.77']);
      const touched = [zone.rrsets.get('new.example.com')!.get(1)!, ...zone.denial.neighbours('new.example.com')];
      expect(zone.signatures.wants(touched[0]!)).toBe(true);
      expect(await signAhead(pool, zone.signatures, touched)).toBe(touched.length);
      // Every record of the chain as it is now is signed: the neighbours were the only ones that changed.
      for (const rrset of everything(zone)) expectSignedAhead(zone.signatures, rrset);
      const renewed = everything(zone).filter((rrset) => zone.signatures.for(rrset) !== before.get(`${rrset.name}/${rrset.type}`));
      expect(renewed.map((r) => `${r.name}/${r.type}`).sort()).toEqual(touched.map((r) => `${r.name}/${r.type}`).sort());
    });
  }

  it('renews ahead what would be renewed on use within the horizon, with a later expiration spread by the jitter', async () => {
    const zsk = generateCryptokey({ keytype: 'zsk' });
    const clock = { now: 1_800_000_000 };
    const cache = new SignatureCache('example.com', [zsk], undefined, () => clock.now);
    const rrsets = Array.from({ length: 50 }, (_, i) => ({ name: `h${i}.example.com`, type: 1, ttl: 300, rdata: [A.toWire(`192.0.2.${i}`)] }));
    await signAhead(pool, cache, rrsets, { now: () => clock.now, jitter: DAY });
    const first = rrsets.map((rrset) => readRrsig(cache.for(rrset)!.rdata[0]!).expiration);
    expect(Math.max(...first)).toBeLessThanOrEqual(clock.now + 14 * DAY);
    expect(Math.min(...first)).toBeGreaterThan(clock.now + 13 * DAY);
    // Six days on, nothing is due within a day yet (renewal from 7 days before expiry, less the jitter).
    clock.now += 5 * DAY;
    expect([...cache.due(clock.now + DAY)]).toHaveLength(0);
    clock.now += 2 * DAY;
    const due = [...cache.due(clock.now + 2 * DAY)];
    expect(due).toHaveLength(rrsets.length);
    expect(await signAhead(pool, cache, due, { now: () => clock.now, horizon: 2 * DAY })).toBe(rrsets.length);
    for (const rrset of rrsets) {
      expect(readRrsig(cache.for(rrset)!.rdata[0]!).expiration).toBe(clock.now + 14 * DAY);
      expectSignedAhead(cache, rrset, clock.now);
    }
  });

  it('keeps no signature made for keys the cache no longer has, and signs with the new ones', async () => {
    const zone = new ServedZone('example.com', false);
    const rrsets = everything(zone);
    const run = signAhead(pool, zone.signatures, rrsets);
    // A rollover while the threads sign: the new ZSK is active, the old one is retired.
    const [ksk, oldZsk] = zone.keys;
    const newZsk = generateCryptokey({ keytype: 'zsk' });
    zone.setKeys([ksk!, { ...oldZsk!, active: false }, newZsk]);
    await run;
    expect(zone.signatures.size).toBe(0);
    const now = everything(zone);
    await signAhead(pool, zone.signatures, now);
    for (const rrset of now) {
      expectSignedAhead(zone.signatures, rrset);
      const tags = zone.signatures.for(rrset)!.rdata.map((r) => readRrsig(r).keyTag);
      expect(tags).not.toContain(oldZsk!.keyTag);
    }
  });

  it('does not replace a signature made online for newer content with one made ahead for older', async () => {
    const zsk = generateCryptokey({ keytype: 'zsk' });
    const cache = new SignatureCache('example.com', [zsk]);
    const old = { name: 'www.example.com', type: 1, ttl: 300, rdata: [A.toWire('192.0.2.1')] };
    const run = signAhead(pool, cache, [old]);
    const newer = { ...old, rdata: [A.toWire('192.0.2.2')] };
    const online = cache.for(newer)!;
    await run;
    expect(cache.for(newer)).toBe(online);
  });
});
