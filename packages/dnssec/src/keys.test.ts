import { createPrivateKey } from 'node:crypto';
import { DNSKEY, DS, fromBase64, RRSIG, MX, A } from '@kaja/dns-model';
import { describe, expect, it } from 'vitest';
import { CDNSKEY_DELETE, CDS_DELETE, dsRecord } from './ds';
import { exportPrivateKey, generateCryptokey, importCryptokey, keyTag, type Cryptokey } from './keys';
import { signRrset, verifyRrsig } from './rrsig';

const RFC4034_KEY =
  '256 3 5 AQOeiiR0GOMYkDshWoSKz9XzfwJr1AYtsmx3TGkJaNXVbfi/2pHm822aJ5iI9BMzNXxeYCmZDRD99WYwYqUSdjMmmAphXdvxegXd/M5+X7OrzKBaMbCVdFLUUh6DhweJBjEVv5f2wwjM9XzcnOf+EPbtG9DMBmADjFDc2w/rljwvFw==';
const RFC6605_KEY = '257 3 13 GojIhhXUN/u4v54ZQqGSnyhWJwaubCvTmeexv7bR6edbkrSqQpF64cYbcB7wNcP+e+MAnLr+Wi9xMWyQLc8NAA==';
const RFC8080_KEY = '257 3 15 l02Woi0iS8Aa25FQkUd9RMzZHJpBoRQwAQEX1SxZJA4=';

/** The RFC 8080 6.1 example key, from its raw 32-octet private key (PKCS #8 wraps it in 16 octets). */
function rfc8080Key(): Cryptokey {
  const raw = Buffer.from('ODIyNjAzODQ2MjgwODAxMjI2NDUxOTAyMDQxNDIyNjI=', 'base64');
  const pkcs8 = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), raw]);
  return importCryptokey({ keytype: 'ksk', algorithm: 'ED25519' }, pkcs8);
}

describe('key tags and DS (RFC 4034 5.4, RFC 4509, RFC 6605, RFC 8080)', () => {
  it('computes the key tag of the RFC 4034 example key', () => {
    expect(keyTag(DNSKEY.toWire(RFC4034_KEY))).toBe(60485);
  });

  it('computes the SHA-256 DS of RFC 4509 section 2.3', () => {
    const ds = dsRecord('dskey.example.com', DNSKEY.toWire(RFC4034_KEY), 2);
    expect(ds.content).toBe('60485 5 2 d4b7d520e7bb5f0f67674a0cceb1e3e0614b93c4f9e99b8383f6a1e4469da50a');
    expect(ds.presentation).toBe('dskey.example.com. IN DS 60485 5 2 d4b7d520e7bb5f0f67674a0cceb1e3e0614b93c4f9e99b8383f6a1e4469da50a');
    expect(ds.wire).toBe('ec4505' + '02' + 'd4b7d520e7bb5f0f67674a0cceb1e3e0614b93c4f9e99b8383f6a1e4469da50a');
  });

  it('computes the DS of the RFC 6605 and RFC 8080 examples', () => {
    expect(dsRecord('example.net', DNSKEY.toWire(RFC6605_KEY), 2).content).toBe('55648 13 2 b4c8c1fe2e7477127b27115656ad6256f424625bf5c1e2770ce6d6e37df61d17');
    expect(dsRecord('example.com', DNSKEY.toWire(RFC8080_KEY), 2).content).toBe('3613 15 2 3aa5ab37efce57f737fc1627013fee07bdf241bd10f3b1964ab55c78e79a304b');
  });

  it('refuses SHA-1 and unknown digest types', () => {
    expect(() => dsRecord('example.com', DNSKEY.toWire(RFC8080_KEY), 1)).toThrow(/digest type 1/);
  });

  it('has the RFC 8078 delete requests in wire form', () => {
    expect(Buffer.from(CDS_DELETE).toString('hex')).toBe('0000000000');
    expect(Buffer.from(CDNSKEY_DELETE).toString('hex')).toBe('0000030000');
  });

  it('gives the SHA-384 DS the parser accepts', () => {
    const ds = dsRecord('example.com', DNSKEY.toWire(RFC8080_KEY), 4);
    expect(ds.digest).toHaveLength(96);
    expect(DS.parse(ds.content)).toBe(ds.content);
  });
});

describe('the RFC 8080 Ed25519 example (deterministic)', () => {
  it('derives the published DNSKEY from the private key', () => {
    const key = rfc8080Key();
    expect(DNSKEY.fromWire(key.dnskey)).toBe(RFC8080_KEY);
    expect(key.keyTag).toBe(3613);
  });

  it('signs the MX RRset to exactly the published signature', () => {
    const key = rfc8080Key();
    const rrset = { name: 'example.com', type: 15, ttl: 3600, rdata: [MX.toWire('10 mail.example.com.')] };
    const rrsig = signRrset(rrset, key, 'example.com', { inception: 1438207200, expiration: 1440021600 });
    expect(RRSIG.fromWire(rrsig)).toBe(
      'MX 15 2 3600 20150819220000 20150729220000 3613 example.com. oL9krJun7xfBOIWcGHi7mag5/hdZrKWw15jPGrHpjQeRAvTdszaPD+QLs3fx8A4M3e23mRZ9VrbpMngwcrqNAg==',
    );
    expect(verifyRrsig(rrset, rrsig, key.dnskey, 1439000000)).toBe(true);
    expect(verifyRrsig(rrset, rrsig, key.dnskey, 1440021601)).toBe(false);
  });
});

describe('the RFC 6605 ECDSA P-256 example', () => {
  const rrset = { name: 'www.example.net', type: 1, ttl: 3600, rdata: [A.toWire('192.0.2.1')] };
  const rrsig = RRSIG.toWire(
    'A 13 3 3600 20100909100439 20100812100439 55648 example.net. qx6wLYqmh+l9oCKTN6qIc+bw6ya+KJ8oMz0YP107epXAyGmt+3SNruPFKG7tZoLBLlUzGGus7ZwmwWep666VCw==',
  );

  it('verifies the published signature', () => {
    expect(verifyRrsig(rrset, rrsig, DNSKEY.toWire(RFC6605_KEY))).toBe(true);
  });

  it('rejects it over other data', () => {
    const other = { ...rrset, rdata: [A.toWire('192.0.2.2')] };
    expect(verifyRrsig(other, rrsig, DNSKEY.toWire(RFC6605_KEY))).toBe(false);
  });

  it('derives the published key from the private key', () => {
    const d = Buffer.from('GU6SnQ/Ou+xC5RumuIUIuJZteXT2z0O/ok1s38Et6mQ=', 'base64');
    const pub = fromBase64(RFC6605_KEY.split(' ')[3]!, 'key');
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      d: d.toString('base64url'),
      x: Buffer.from(pub.subarray(0, 32)).toString('base64url'),
      y: Buffer.from(pub.subarray(32)).toString('base64url'),
    };
    const pkcs8 = createPrivateKey({ key: jwk, format: 'jwk' }).export({ format: 'der', type: 'pkcs8' });
    const key = importCryptokey({ keytype: 'ksk', algorithm: 13 }, pkcs8);
    expect(DNSKEY.fromWire(key.dnskey)).toBe(RFC6605_KEY);
    expect(key.keyTag).toBe(55648);
  });
});

describe('generated keys', () => {
  for (const algorithm of [8, 13, 15]) {
    it(`algorithm ${algorithm}: DNSKEY, PKCS #8 round trip, sign and verify`, () => {
      const ksk = generateCryptokey({ keytype: 'ksk', algorithm });
      const zsk = generateCryptokey({ keytype: 'zsk', algorithm });
      expect(DNSKEY.fromWire(ksk.dnskey).startsWith(`257 3 ${algorithm} `)).toBe(true);
      expect(DNSKEY.fromWire(zsk.dnskey).startsWith(`256 3 ${algorithm} `)).toBe(true);
      const again = importCryptokey({ keytype: 'zsk', algorithm }, exportPrivateKey(zsk));
      expect(again.dnskey).toEqual(zsk.dnskey);
      const rrset = { name: 'www.example.com', type: 1, ttl: 300, rdata: [A.toWire('192.0.2.1'), A.toWire('192.0.2.2')] };
      const rrsig = signRrset(rrset, again, 'example.com', { inception: 1000, expiration: 2000 });
      expect(verifyRrsig({ ...rrset, rdata: [...rrset.rdata].reverse() }, rrsig, zsk.dnskey, 1500)).toBe(true);
      expect(verifyRrsig(rrset, rrsig, ksk.dnskey, 1500)).toBe(false);
    });
  }

  it('defaults to ECDSAP256SHA256 and refuses other algorithms', () => {
    expect(generateCryptokey({ keytype: 'zsk' }).algorithm).toBe(13);
    expect(() => generateCryptokey({ keytype: 'zsk', algorithm: 5 })).toThrow(/Unsupported DNSSEC algorithm 5/);
  });

  it('refuses a private key of another algorithm', () => {
    const ed = generateCryptokey({ keytype: 'zsk', algorithm: 15 });
    expect(() => importCryptokey({ keytype: 'zsk', algorithm: 13 }, exportPrivateKey(ed))).toThrow(/not a key for ECDSAP256SHA256/);
  });
});
