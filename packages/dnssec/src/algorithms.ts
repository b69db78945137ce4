import { createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { concat } from './bytes';

/** DNSSEC algorithm numbers we sign with (IANA "DNS Security Algorithm Numbers"). */
export const Algorithm = {
  RSASHA256: 8,
  ECDSAP256SHA256: 13,
  ED25519: 15,
} as const;
export type AlgorithmNumber = (typeof Algorithm)[keyof typeof Algorithm];

/** How one algorithm makes keys, writes its public key into a DNSKEY, signs and verifies. */
export interface AlgorithmSuite {
  number: AlgorithmNumber;
  mnemonic: string;
  generate(): { privateKey: KeyObject; publicKey: KeyObject };
  /** The public key field of the DNSKEY rdata. */
  publicKeyField(publicKey: KeyObject): Uint8Array;
  /** The public key a DNSKEY's key field stands for. */
  publicKeyFromField(field: Uint8Array): KeyObject;
  sign(data: Uint8Array, privateKey: KeyObject): Uint8Array;
  verify(data: Uint8Array, publicKey: KeyObject, signature: Uint8Array): boolean;
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const fromB64url = (text: string | undefined) => new Uint8Array(Buffer.from(text ?? '', 'base64url'));

function jwkOf(key: KeyObject) {
  return key.export({ format: 'jwk' });
}

/** RFC 6605: the key is X | Y, 32 octets each; the signature is r | s (IEEE P1363). */
const ecdsaP256: AlgorithmSuite = {
  number: Algorithm.ECDSAP256SHA256,
  mnemonic: 'ECDSAP256SHA256',
  generate: () => generateKeyPairSync('ec', { namedCurve: 'P-256' }),
  publicKeyField(publicKey) {
    const jwk = jwkOf(publicKey);
    return concat([fromB64url(jwk.x), fromB64url(jwk.y)]);
  },
  publicKeyFromField(field) {
    if (field.length !== 64) throw new RangeError('An ECDSA P-256 public key is 64 octets');
    return createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: b64url(field.subarray(0, 32)), y: b64url(field.subarray(32)) },
      format: 'jwk',
    });
  },
  // Node takes a bare key object much faster than an options object (which it checks for key
  // types at every call, the bulk of a signature's time), so the DER signature is converted here.
  sign: (data, privateKey) => p1363FromDer(sign('sha256', data, privateKey), 32),
  verify: (data, publicKey, signature) => signature.length === 64 && verify('sha256', data, { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature),
};

/**
 * An ECDSA signature from DER (SEQUENCE of the INTEGERs r and s) to r | s, each `size` octets:
 * DER drops leading zeros of a positive integer and adds one before a high bit.
 */
export function p1363FromDer(der: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(2 * size);
  let p = der[1]! & 0x80 ? 2 + (der[1]! & 0x7f) : 2;
  for (let i = 0; i < 2; i++) {
    if (der[p] !== 0x02) throw new RangeError('The ECDSA signature is not DER');
    let length = der[p + 1]!;
    p += 2;
    while (length > size && der[p] === 0) {
      p++;
      length--;
    }
    if (length > size) throw new RangeError('The ECDSA signature has an integer too long for its curve');
    out.set(der.subarray(p, p + length), (i + 1) * size - length);
    p += length;
  }
  return out;
}

/** RFC 8080: the key is the 32-octet Ed25519 public key; the signature is 64 octets. */
const ed25519: AlgorithmSuite = {
  number: Algorithm.ED25519,
  mnemonic: 'ED25519',
  generate: () => generateKeyPairSync('ed25519'),
  publicKeyField: (publicKey) => fromB64url(jwkOf(publicKey).x),
  publicKeyFromField(field) {
    if (field.length !== 32) throw new RangeError('An Ed25519 public key is 32 octets');
    return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: b64url(field) }, format: 'jwk' });
  },
  sign: (data, privateKey) => sign(null, data, privateKey),
  verify: (data, publicKey, signature) => verify(null, data, publicKey, signature),
};

/** RFC 3110 / RFC 5702: exponent length, exponent, modulus; PKCS #1 v1.5 signatures with SHA-256. */
const rsaSha256: AlgorithmSuite = {
  number: Algorithm.RSASHA256,
  mnemonic: 'RSASHA256',
  generate: () => generateKeyPairSync('rsa', { modulusLength: 2048, publicExponent: 0x10001 }),
  publicKeyField(publicKey) {
    const jwk = jwkOf(publicKey);
    const e = fromB64url(jwk.e);
    const n = fromB64url(jwk.n);
    const length = e.length < 256 ? Uint8Array.of(e.length) : Uint8Array.of(0, e.length >> 8, e.length & 0xff);
    return concat([length, e, n]);
  },
  publicKeyFromField(field) {
    let offset = 1;
    let eLength = field[0] ?? 0;
    if (eLength === 0) {
      eLength = ((field[1] ?? 0) << 8) | (field[2] ?? 0);
      offset = 3;
    }
    if (eLength === 0 || field.length <= offset + eLength) throw new RangeError('The RSA public key is truncated');
    const e = field.subarray(offset, offset + eLength);
    const n = field.subarray(offset + eLength);
    return createPublicKey({ key: { kty: 'RSA', e: b64url(e), n: b64url(n) }, format: 'jwk' });
  },
  sign: (data, privateKey) => sign('sha256', data, privateKey),
  verify: (data, publicKey, signature) => verify('sha256', data, publicKey, signature),
};

const suites = new Map<number, AlgorithmSuite>([ecdsaP256, ed25519, rsaSha256].map((s) => [s.number, s]));

/** The suite of an algorithm number or mnemonic; throws RangeError for one we do not sign with. */
export function algorithmSuite(algorithm: number | string): AlgorithmSuite {
  const found =
    typeof algorithm === 'number'
      ? suites.get(algorithm)
      : [...suites.values()].find((s) => s.mnemonic === algorithm.toUpperCase() || String(s.number) === algorithm);
  if (!found) {
    throw new RangeError(`Unsupported DNSSEC algorithm ${algorithm}: use ECDSAP256SHA256 (13), ED25519 (15) or RSASHA256 (8)`);
  }
  return found;
}
