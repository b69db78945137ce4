import { generateKeyPairSync, sign, verify } from 'node:crypto';
import { expect, it } from 'vitest';
import { algorithmSuite, p1363FromDer } from './algorithms';

it('converts DER ECDSA signatures to r | s, integers shorter than the curve padded and DER sign octets dropped', () => {
  const r = Uint8Array.of(0x01, 0x02);
  const s = Uint8Array.of(0x00, ...new Uint8Array(32).fill(0x80));
  const der = Uint8Array.of(0x30, 4 + r.length + s.length, 0x02, r.length, ...r, 0x02, s.length, ...s);
  const out = p1363FromDer(der, 32);
  expect([...out.subarray(0, 32)]).toEqual([...new Uint8Array(30), 0x01, 0x02]);
  expect([...out.subarray(32)]).toEqual([...new Uint8Array(32).fill(0x80)]);
  expect(() => p1363FromDer(Uint8Array.of(0x30, 3, 0x04, 1, 0), 32)).toThrow(RangeError);
});

it('ECDSA P-256 signatures verify as IEEE P1363 (RFC 6605), whatever the lengths of r and s', () => {
  const suite = algorithmSuite(13);
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  for (let i = 0; i < 500; i++) {
    const data = Buffer.from(`rrset ${i}`);
    const signature = suite.sign(data, privateKey);
    expect(signature.length).toBe(64);
    expect(verify('sha256', data, { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature)).toBe(true);
    expect(suite.verify(data, publicKey, signature)).toBe(true);
  }
  // The conversion reads what Node's DER signer writes, not only what it verifies.
  const der = sign('sha256', Buffer.from('x'), privateKey);
  expect(verify('sha256', Buffer.from('x'), { key: publicKey, dsaEncoding: 'ieee-p1363' }, p1363FromDer(der, 32))).toBe(true);
});
