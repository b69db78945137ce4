import { ValidationError } from '../errors';
import type { WireReader } from '../wire/buffer';
import { formatIpv4, formatIpv6, parseIpv4, parseIpv6 } from './address';
import { fromBase64, fromHex, toBase64, toHex } from './encoding';
import { base64Rest, name, uint, type Cursor, type Field, type RdataBuilder } from './fields';
import { defineType, fields } from './recordType';
import { parseUint } from './tokens';

/** DNSSEC algorithm mnemonics (RFC 4034 appendix A.1 and the IANA registry), for CERT. */
const algorithms: Record<string, number> = {
  RSAMD5: 1,
  DH: 2,
  DSA: 3,
  RSASHA1: 5,
  'DSA-NSEC3-SHA1': 6,
  'RSASHA1-NSEC3-SHA1': 7,
  RSASHA256: 8,
  RSASHA512: 10,
  'ECC-GOST': 12,
  ECDSAP256SHA256: 13,
  ECDSAP384SHA384: 14,
  ED25519: 15,
  ED448: 16,
  INDIRECT: 252,
  PRIVATEDNS: 253,
  PRIVATEOID: 254,
};

/** CERT types (RFC 4398 section 2.1). */
const certTypes: Record<string, number> = { PKIX: 1, SPKI: 2, PGP: 3, IPKIX: 4, ISPKI: 5, IPGP: 6, ACPKIX: 7, IACPKIX: 8, URI: 253, OID: 254 };
const certTypeNames = new Map(Object.entries(certTypes).map(([k, v]) => [v, k]));

/** A number, or a mnemonic from `names`. */
const mnemonicOrNumber = (bits: 8 | 16, what: string, names: Record<string, number>, show: (v: number) => string): Field => ({
  parse(c, out) {
    const word = c.word(what);
    const v = names[word.toUpperCase()] ?? parseUint(word, bits === 8 ? 0xff : 0xffff, what);
    if (bits === 8) out.u8(v);
    else out.u16(v);
    return show(v);
  },
  read(r) {
    return show(bits === 8 ? r.u8() : r.u16());
  },
});

/** CERT (RFC 4398): a certificate or a certificate revocation list. */
export const CERT = defineType(
  37,
  'CERT',
  fields([
    mnemonicOrNumber(16, 'The certificate type', certTypes, (v) => certTypeNames.get(v) ?? String(v)),
    uint(16, 'The key tag'),
    mnemonicOrNumber(8, 'The algorithm', algorithms, String),
    base64Rest('the certificate'),
  ]),
);

/** OPENPGPKEY (RFC 7929): an OpenPGP transferable public key. */
export const OPENPGPKEY = defineType(61, 'OPENPGPKEY', fields([base64Rest('the public key')]));

/** DHCID (RFC 4701): the identity of a DHCP client that owns the name. */
export const DHCID = defineType(49, 'DHCID', fields([base64Rest('the identifier')]));

/** KEY (RFC 2535, 3445): a key as DNSKEY writes it, for SIG(0) and other uses. */
export const KEY = defineType(
  25,
  'KEY',
  fields([uint(16, 'The flags'), uint(8, 'The protocol'), uint(8, 'The algorithm'), base64Rest('the public key', true)]),
);

/** IPSECKEY (RFC 4025): precedence, gateway type, algorithm, gateway, public key. */
export const IPSECKEY = defineType(45, 'IPSECKEY', {
  encode(c: Cursor, out: RdataBuilder) {
    const precedence = parseUint(c.word('the precedence'), 0xff, 'The precedence');
    const gatewayType = parseUint(c.word('the gateway type'), 0xff, 'The gateway type');
    const algorithm = parseUint(c.word('the algorithm'), 0xff, 'The algorithm');
    out.u8(precedence);
    out.u8(gatewayType);
    out.u8(algorithm);
    const word = c.word('the gateway');
    let gateway: string;
    if (gatewayType === 0) {
      if (word !== '.') throw new ValidationError('An IPSECKEY of gateway type 0 has "." as its gateway');
      gateway = '.';
    } else if (gatewayType === 1) {
      const bytes = parseIpv4(word);
      out.put(bytes);
      gateway = formatIpv4(bytes);
    } else if (gatewayType === 2) {
      const bytes = parseIpv6(word);
      out.put(bytes);
      gateway = formatIpv6(bytes);
    } else if (gatewayType === 3) {
      c.index--;
      gateway = name('the gateway').parse(c, out);
    } else throw new ValidationError('The IPSECKEY gateway type must be 0 (none), 1 (IPv4), 2 (IPv6) or 3 (a name)');
    const key = base64Rest('the public key', true).parse(c, out);
    return [precedence, gatewayType, algorithm, gateway, key].filter((v) => v !== '').join(' ');
  },
  decode(r: WireReader) {
    const precedence = r.u8();
    const gatewayType = r.u8();
    const algorithm = r.u8();
    let gateway: string;
    if (gatewayType === 0) gateway = '.';
    else if (gatewayType === 1) gateway = formatIpv4(r.take(4));
    else if (gatewayType === 2) gateway = formatIpv6(r.take(16));
    else if (gatewayType === 3) gateway = name('the gateway').read(r);
    else throw new ValidationError(`IPSECKEY gateway type ${gatewayType} is unknown`);
    const key = r.remaining > 0 ? toBase64(r.take(r.remaining)) : '';
    return [precedence, gatewayType, algorithm, gateway, key].filter((v) => v !== '').join(' ');
  },
});

/** HIP (RFC 8005): the host identity tag, the public key and the rendezvous servers. */
export const HIP = defineType(55, 'HIP', {
  encode(c: Cursor, out: RdataBuilder) {
    const algorithm = parseUint(c.word('the public key algorithm'), 0xff, 'The public key algorithm');
    const hit = fromHex(c.word('the host identity tag'), 'The host identity tag');
    const key = fromBase64(c.word('the public key'), 'The public key');
    if (hit.length === 0 || hit.length > 255) throw new ValidationError('The host identity tag must be 1 to 255 octets');
    out.u8(hit.length);
    out.u8(algorithm);
    out.u16(key.length);
    out.put(hit);
    out.put(key);
    const servers: string[] = [];
    while (!c.done) servers.push(name('a rendezvous server').parse(c, out));
    return [String(algorithm), toHex(hit), toBase64(key), ...servers].join(' ');
  },
  decode(r: WireReader) {
    const hitLength = r.u8();
    const algorithm = r.u8();
    const keyLength = r.u16();
    const hit = r.take(hitLength);
    const key = r.take(keyLength);
    const servers: string[] = [];
    while (r.remaining > 0) servers.push(name('a rendezvous server').read(r));
    return [String(algorithm), toHex(hit), toBase64(key), ...servers].join(' ');
  },
});
