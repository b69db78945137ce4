import { A, DNSKEY } from '@kaja/dns-model';
import { describe, expect, it } from 'vitest';
import { generateCryptokey } from './keys';
import { readRrsig, verifyRrsig } from './rrsig';
import { SignatureCache, signingKeys } from './signatureCache';

const ZONE = 'example.com';
const DAY = 86400;
const ksk = generateCryptokey({ keytype: 'ksk' });
const zsk = generateCryptokey({ keytype: 'zsk' });
const www = { name: `www.${ZONE}`, type: 1, ttl: 300, rdata: [A.toWire('192.0.2.1')] };

function cacheAt(start: number, keys = [ksk, zsk]) {
  const clock = { now: start };
  return { clock, cache: new SignatureCache(ZONE, keys, undefined, () => clock.now) };
}

describe('the signature cache', () => {
  it('signs once and answers later asks from the cache', () => {
    const { cache } = cacheAt(1_800_000_000);
    const first = cache.for(www)!;
    expect(cache.for({ ...www, rdata: [A.toWire('192.0.2.1')] })).toBe(first);
    expect(cache.size).toBe(1);
    const fields = readRrsig(first.rdata[0]!);
    expect(fields).toMatchObject({ keyTag: zsk.keyTag, inception: 1_800_000_000 - 3600, expiration: 1_800_000_000 + 14 * DAY, signer: ZONE });
    expect(verifyRrsig(www, first.rdata[0]!, zsk.dnskey, 1_800_000_000)).toBe(true);
    expect(first).toMatchObject({ name: www.name, type: 46, ttl: 300 });
  });

  it('says what it holds without signing: nothing for a new, changed or ageing RRset', () => {
    const { clock, cache } = cacheAt(1_800_000_000);
    expect(cache.held(www)).toBeUndefined();
    expect(cache.size).toBe(0);
    const signed = cache.for(www)!;
    expect(cache.held(www)).toBe(signed);
    expect(cache.held({ ...www, rdata: [A.toWire('192.0.2.2')] })).toBeUndefined();
    clock.now += 7 * DAY;
    expect(cache.held(www)).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it('signs again when the RRset or its TTL changed', () => {
    const { cache } = cacheAt(1_800_000_000);
    const first = cache.for(www)!;
    const changed = { ...www, rdata: [A.toWire('192.0.2.2')] };
    const second = cache.for(changed)!;
    expect(second).not.toBe(first);
    expect(verifyRrsig(changed, second.rdata[0]!, zsk.dnskey)).toBe(true);
    expect(cache.for({ ...changed, ttl: 600 })).not.toBe(second);
    expect(cache.size).toBe(1);
  });

  it('compares an RRset that keeps its records packed by its own comparison, and signs again when it says they differ', () => {
    const { cache } = cacheAt(1_800_000_000);
    const first = cache.for(www)!;
    /** `www` as a zone keeps it: its records packed; they are read as rdata only to be signed. */
    const packed = (records: Uint8Array, rdata?: Uint8Array[]) => ({
      name: www.name,
      type: www.type,
      ttl: www.ttl,
      get rdata(): Uint8Array[] {
        if (!rdata) throw new Error('a packed RRset compared through its rdata');
        return rdata;
      },
      packedEquals: (other: Uint8Array) => other.length === records.length && other.every((octet, i) => octet === records[i]),
    });
    expect(cache.for(packed(Uint8Array.of(0, 4, 192, 0, 2, 1)))).toBe(first);
    const changed = [A.toWire('192.0.2.2')];
    const second = cache.for(packed(Uint8Array.of(0, 4, 192, 0, 2, 2), changed))!;
    expect(second).not.toBe(first);
    expect(verifyRrsig({ ...www, rdata: changed }, second.rdata[0]!, zsk.dnskey)).toBe(true);
  });

  it('refreshes a signature once less than 7 of its 14 days are left', () => {
    const { cache, clock } = cacheAt(1_800_000_000);
    const first = cache.for(www)!;
    clock.now += 7 * DAY - 1;
    expect(cache.for(www)).toBe(first);
    clock.now += 1;
    const fresh = cache.for(www)!;
    expect(fresh).not.toBe(first);
    expect(readRrsig(fresh.rdata[0]!).expiration).toBe(clock.now + 14 * DAY);
  });

  it('forgets what is invalidated, by RRset or by name', () => {
    const { cache } = cacheAt(1_800_000_000);
    const first = cache.for(www)!;
    cache.for({ ...www, type: 16, rdata: [Uint8Array.of(2, 0x68, 0x69)] });
    cache.invalidate(www.name, 1);
    expect(cache.size).toBe(1);
    expect(cache.for(www)).not.toBe(first);
    cache.invalidate(www.name);
    expect(cache.size).toBe(0);
  });

  it('signs the DNSKEY set with the KSK, the rest with the ZSK, and re-signs after a key change', () => {
    const { cache } = cacheAt(1_800_000_000);
    const dnskeys = { name: ZONE, type: 48, ttl: 3600, rdata: [ksk.dnskey, zsk.dnskey] };
    expect(readRrsig(cache.for(dnskeys)!.rdata[0]!).keyTag).toBe(ksk.keyTag);
    const next = generateCryptokey({ keytype: 'zsk' });
    cache.setKeys([ksk, { ...zsk, active: false }, next]);
    const sigs = cache.for(www)!.rdata.map((r) => readRrsig(r).keyTag);
    expect(sigs).toEqual([next.keyTag]);
    expect(DNSKEY.fromWire(ksk.dnskey)).toMatch(/^257 3 13 /);
  });

  it('gives nothing to sign with when no key is active', () => {
    const { cache } = cacheAt(1_800_000_000, [{ ...zsk, active: false }]);
    expect(cache.for(www)).toBeUndefined();
  });
});

describe('which keys sign', () => {
  const ed = generateCryptokey({ keytype: 'ksk', algorithm: 15 });
  it('uses a KSK whose algorithm has no active ZSK for everything (RFC 6840 5.11)', () => {
    expect(signingKeys([ksk, zsk, ed], 1)).toEqual([zsk, ed]);
    expect(signingKeys([ksk, zsk, ed], 48)).toEqual([ksk, ed]);
  });
  it('signs the key sets with a ZSK when no KSK is active', () => {
    expect(signingKeys([{ ...ksk, active: false }, zsk], 48)).toEqual([zsk]);
    expect(signingKeys([ksk, zsk], 59)).toEqual([ksk]);
  });
});
