import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { algorithmSuite, type AlgorithmNumber } from './algorithms';
import { concat } from './bytes';

export type Keytype = 'ksk' | 'zsk';

/** DNSKEY flags (RFC 4034 2.1.1): Zone Key, plus Secure Entry Point for a KSK. */
export const ZSK_FLAGS = 256;
export const KSK_FLAGS = 257;

/**
 * A zone's signing key: the private key and what the DNSKEY publishes of it. An inactive key is
 * published in the DNSKEY set but signs nothing (pre-published for a rollover).
 */
export interface Cryptokey {
  keytype: Keytype;
  algorithm: AlgorithmNumber;
  active: boolean;
  /** The DNSKEY rdata (flags, protocol 3, algorithm, public key). */
  dnskey: Uint8Array;
  keyTag: number;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

export interface CryptokeyOptions {
  keytype: Keytype;
  /** Number or mnemonic; ECDSAP256SHA256 (13) by default. */
  algorithm?: number | string;
  active?: boolean;
}

/** Generates a new KSK or ZSK (RSA keys are 2048 bits). */
export function generateCryptokey(options: CryptokeyOptions): Cryptokey {
  const suite = algorithmSuite(options.algorithm ?? 13);
  const { privateKey, publicKey } = suite.generate();
  return cryptokey(options, privateKey, publicKey);
}

/** A cryptokey from its stored private key (PKCS #8 DER, as `exportPrivateKey` gives it). */
export function importCryptokey(options: CryptokeyOptions, pkcs8: Uint8Array): Cryptokey {
  const privateKey = createPrivateKey({ key: Buffer.from(pkcs8), format: 'der', type: 'pkcs8' });
  return cryptokey(options, privateKey, createPublicKey(privateKey));
}

/** The private key as PKCS #8 DER, to be encrypted before it is stored (see keyEncryption). */
export function exportPrivateKey(key: Cryptokey): Uint8Array {
  return new Uint8Array(key.privateKey.export({ format: 'der', type: 'pkcs8' }));
}

function cryptokey(options: CryptokeyOptions, privateKey: KeyObject, publicKey: KeyObject): Cryptokey {
  const suite = algorithmSuite(options.algorithm ?? 13);
  const expected = suite.number === 13 ? 'ec' : suite.number === 15 ? 'ed25519' : 'rsa';
  if (privateKey.asymmetricKeyType !== expected) {
    throw new RangeError(`The private key is ${privateKey.asymmetricKeyType}, not a key for ${suite.mnemonic}`);
  }
  const flags = options.keytype === 'ksk' ? KSK_FLAGS : ZSK_FLAGS;
  const dnskey = dnskeyRdata(flags, suite.number, suite.publicKeyField(publicKey));
  return {
    keytype: options.keytype,
    algorithm: suite.number,
    active: options.active ?? true,
    dnskey,
    keyTag: keyTag(dnskey),
    privateKey,
    publicKey,
  };
}

export function dnskeyRdata(flags: number, algorithm: number, publicKey: Uint8Array): Uint8Array {
  return concat([Uint8Array.of(flags >> 8, flags & 0xff, 3, algorithm), publicKey]);
}

/** The fields of DNSKEY (or CDNSKEY) rdata. */
export function readDnskey(rdata: Uint8Array): { flags: number; protocol: number; algorithm: number; publicKey: Uint8Array } {
  if (rdata.length < 5) throw new RangeError('DNSKEY rdata is too short');
  return { flags: (rdata[0]! << 8) | rdata[1]!, protocol: rdata[2]!, algorithm: rdata[3]!, publicKey: rdata.subarray(4) };
}

/** The key tag of DNSKEY rdata (RFC 4034 appendix B; algorithm 1 is not supported for signing). */
export function keyTag(rdata: Uint8Array): number {
  let ac = 0;
  for (let i = 0; i < rdata.length; i++) ac += i & 1 ? rdata[i]! : rdata[i]! << 8;
  ac += (ac >>> 16) & 0xffff;
  return ac & 0xffff;
}
