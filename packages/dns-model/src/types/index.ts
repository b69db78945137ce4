import { A, AAAA } from './addressRecords';
import { ALIAS, CNAME, DNAME, NS, PTR } from './aliases';
import { CAA } from './caa';
import { CDNSKEY, DNSKEY, NSEC, NSEC3, NSEC3PARAM, RRSIG } from './dnssec';
import { CDS, DS } from './ds';
import { SSHFP, TLSA } from './fingerprints';
import { genericType } from './generic';
import { MX } from './mx';
import { NAPTR } from './naptr';
import type { RecordType } from './recordType';
import { SOA } from './soa';
import { SRV } from './srv';
import { HTTPS, SVCB } from './svcb';
import { TSIG } from './tsig';
import { TXT } from './txt';
import { typeCode } from './typeCodes';

const known = [
  A, AAAA, CNAME, DNAME, NS, PTR, ALIAS, MX, TXT, SRV, CAA, HTTPS, SVCB, TLSA, SSHFP, DS, CDS, NAPTR, SOA,
  DNSKEY, CDNSKEY, RRSIG, NSEC, NSEC3, NSEC3PARAM, TSIG,
];

const byCode = new Map<number, RecordType>(known.map((t) => [t.code, t]));

/**
 * The record type for a mnemonic (any case, ANAME for ALIAS, TYPEnnn) or a code. Types without a
 * codec of their own (OPT, anything unknown) read and write the RFC 3597 `\# len hex` form.
 * Throws ValidationError for a mnemonic nobody knows.
 */
export function recordType(type: string | number): RecordType {
  const code = typeof type === 'number' ? type : typeCode(type);
  let found = byCode.get(code);
  if (!found) {
    found = genericType(code);
    byCode.set(code, found);
  }
  return found;
}

/** Types customers create through the API, the dashboard and zone files (SOA is the platform's). */
export const customerTypes = [
  'A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS', 'SRV', 'CAA', 'PTR', 'ALIAS', 'HTTPS', 'SVCB', 'TLSA', 'SSHFP', 'DS', 'NAPTR',
] as const;
export type CustomerType = (typeof customerTypes)[number];

export { A, AAAA, ALIAS, CAA, CDNSKEY, CDS, CNAME, DNAME, DNSKEY, DS, HTTPS, MX, NAPTR, NS, NSEC, NSEC3, NSEC3PARAM, PTR, RRSIG, SOA, SRV, SSHFP, SVCB, TLSA, TSIG, TXT };
export { genericType } from './generic';
export { defineType, type ParseOptions, type RecordType } from './recordType';
export { ALIAS_CODE, countedType, countedTypeName, isTypeName, typeCode, typeName } from './typeCodes';
export { parseTtl } from './ttl';
export { formatIpv4, formatIpv6, parseIpv4, parseIpv6 } from './address';
export { fromBase64, fromBase32Hex, fromHex, toBase32Hex, toBase64, toHex } from './encoding';
