import { MX, RRSIG, TXT } from '@kaja/dns-model';
import { describe, expect, it } from 'vitest';
import { generateCryptokey } from './keys';
import { readRrsig, signRrset, verifyRrsig } from './rrsig';

const key = generateCryptokey({ keytype: 'zsk', algorithm: 15 });
const times = { inception: 1_800_000_000, expiration: 1_801_000_000 };

describe('RRSIG (RFC 4034 3.1.8.1, RFC 4035 5.3)', () => {
  const wildcard = { name: '*.wild.example.com', type: 16, ttl: 300, rdata: [TXT.toWire('"hi"')] };

  it('a wildcard signature verifies for the names it was expanded to (RFC 4035 5.3.2)', () => {
    const rrsig = signRrset(wildcard, key, 'example.com', times);
    expect(readRrsig(rrsig).labels).toBe(3);
    expect(verifyRrsig({ ...wildcard, name: 'a.b.wild.example.com' }, rrsig, key.dnskey, times.inception)).toBe(true);
    expect(verifyRrsig({ ...wildcard, name: 'a.other.example.com' }, rrsig, key.dnskey, times.inception)).toBe(false);
  });

  it('signs the original TTL, so a decremented TTL still verifies and a changed one in the RRSIG does not', () => {
    const mx = { name: 'Example.COM', type: 15, ttl: 3600, rdata: [MX.toWire('10 mail.example.com.')] };
    const rrsig = signRrset(mx, key, 'example.com', times);
    expect(verifyRrsig({ ...mx, name: 'example.com', ttl: 17 }, rrsig, key.dnskey)).toBe(true);
    const text = RRSIG.fromWire(rrsig).replace(' 3600 ', ' 7200 ');
    expect(verifyRrsig(mx, RRSIG.toWire(text), key.dnskey)).toBe(false);
  });

  it('checks the validity period with serial arithmetic', () => {
    const rrsig = signRrset(wildcard, key, 'example.com', times);
    expect(verifyRrsig(wildcard, rrsig, key.dnskey, times.inception - 1)).toBe(false);
    expect(verifyRrsig(wildcard, rrsig, key.dnskey, times.expiration)).toBe(true);
    expect(verifyRrsig(wildcard, rrsig, key.dnskey, times.expiration + 1)).toBe(false);
  });

  it('says no to truncated or malformed rdata instead of throwing', () => {
    expect(verifyRrsig(wildcard, Uint8Array.of(0, 16, 15), key.dnskey)).toBe(false);
    expect(verifyRrsig(wildcard, new Uint8Array(30).fill(0xff), key.dnskey)).toBe(false);
    expect(verifyRrsig(wildcard, signRrset(wildcard, key, 'example.com', times), Uint8Array.of(1))).toBe(false);
  });

  it('refuses a signature made by another key or over another type', () => {
    const rrsig = signRrset(wildcard, key, 'example.com', times);
    expect(verifyRrsig(wildcard, rrsig, generateCryptokey({ keytype: 'zsk', algorithm: 15 }).dnskey)).toBe(false);
    expect(verifyRrsig({ ...wildcard, type: 99 }, rrsig, key.dnskey)).toBe(false);
  });
});
