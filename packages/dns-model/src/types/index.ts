import { A, AAAA } from './addressRecords';
import { ALIAS, CNAME, DNAME, NS, PTR } from './aliases';
import { APL } from './apl';
import { CAA } from './caa';
import { CDNSKEY, DNSKEY, NSEC, NSEC3, NSEC3PARAM, RRSIG } from './dnssec';
import { CDS, DLV, DS, TA } from './ds';
import { EUI48, EUI64 } from './eui';
import { SMIMEA, SSHFP, TLSA } from './fingerprints';
import { genericType } from './generic';
import { HINFO, ISDN, X25 } from './hostInfo';
import { L32, L64, NID } from './ilnp';
import { LOC } from './loc';
import { MB, MG, MINFO, MR, RP } from './mailboxes';
import { MX } from './mx';
import { NAPTR } from './naptr';
import { AFSDB, KX, LP, RT } from './preferenceHosts';
import { CERT, DHCID, HIP, IPSECKEY, KEY, OPENPGPKEY } from './publicKeys';
import type { RecordType } from './recordType';
import { SOA } from './soa';
import { SRV } from './srv';
import { HTTPS, SVCB } from './svcb';
import { TSIG } from './tsig';
import { AVC, NINFO, RESINFO, SPF, TXT } from './txt';
import { typeCode } from './typeCodes';
import { URI } from './uri';
import { CSYNC, ZONEMD } from './zoneSync';

/** Every type with a presentation format of its own; the others read and write RFC 3597's `\#` form. */
const known = [
  A,
  AAAA,
  CNAME,
  DNAME,
  NS,
  PTR,
  ALIAS,
  MX,
  TXT,
  SPF,
  SRV,
  CAA,
  HTTPS,
  SVCB,
  TLSA,
  SMIMEA,
  SSHFP,
  DS,
  CDS,
  TA,
  DLV,
  NAPTR,
  SOA,
  DNSKEY,
  CDNSKEY,
  KEY,
  RRSIG,
  NSEC,
  NSEC3,
  NSEC3PARAM,
  TSIG,
  MB,
  MG,
  MR,
  MINFO,
  RP,
  AFSDB,
  RT,
  KX,
  LP,
  HINFO,
  X25,
  ISDN,
  LOC,
  EUI48,
  EUI64,
  URI,
  CERT,
  OPENPGPKEY,
  DHCID,
  IPSECKEY,
  HIP,
  APL,
  CSYNC,
  ZONEMD,
  NID,
  L32,
  L64,
  NINFO,
  AVC,
  RESINFO,
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

export {
  A,
  AAAA,
  AFSDB,
  ALIAS,
  APL,
  AVC,
  CAA,
  CDNSKEY,
  CDS,
  CERT,
  CNAME,
  CSYNC,
  DHCID,
  DLV,
  DNAME,
  DNSKEY,
  DS,
  EUI48,
  EUI64,
  HINFO,
  HIP,
  HTTPS,
  IPSECKEY,
  ISDN,
  KEY,
  KX,
  L32,
  L64,
  LOC,
  LP,
  MB,
  MG,
  MINFO,
  MR,
  MX,
  NAPTR,
  NID,
  NINFO,
  NS,
  NSEC,
  NSEC3,
  NSEC3PARAM,
  OPENPGPKEY,
  PTR,
  RESINFO,
  RP,
  RRSIG,
  RT,
  SMIMEA,
  SOA,
  SPF,
  SRV,
  SSHFP,
  SVCB,
  TA,
  TLSA,
  TSIG,
  TXT,
  URI,
  X25,
  ZONEMD,
};
export { customerTypes, isCustomerType, type CustomerType } from './customerTypes';
export { genericType } from './generic';
export { defineType, type ParseOptions, type RecordType } from './recordType';
export { ALIAS_CODE, countedType, countedTypeName, isAssignedType, isTypeName, RRType, typeCode, typeName, type RRTypeName } from './typeCodes';
export { parseTtl } from './ttl';
export { typeBitmapWire } from './fields';
export { formatIpv4, formatIpv6, parseIpv4, parseIpv6 } from './address';
export { fromBase64, fromBase32Hex, fromHex, toBase32Hex, toBase64, toHex } from './encoding';
