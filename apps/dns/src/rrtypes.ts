import { ALIAS_CODE, typeCode } from '@kaja/dns-model';

/** Type codes the answer algorithm acts on, by mnemonic. */
export const Type = {
  A: typeCode('A'),
  NS: typeCode('NS'),
  CNAME: typeCode('CNAME'),
  SOA: typeCode('SOA'),
  MX: typeCode('MX'),
  TXT: typeCode('TXT'),
  AAAA: typeCode('AAAA'),
  SRV: typeCode('SRV'),
  OPT: typeCode('OPT'),
  DNAME: typeCode('DNAME'),
  DS: typeCode('DS'),
  RRSIG: typeCode('RRSIG'),
  DNSKEY: typeCode('DNSKEY'),
  NSEC3: typeCode('NSEC3'),
  NSEC3PARAM: typeCode('NSEC3PARAM'),
  CDS: typeCode('CDS'),
  CDNSKEY: typeCode('CDNSKEY'),
  TKEY: typeCode('TKEY'),
  TSIG: typeCode('TSIG'),
  IXFR: typeCode('IXFR'),
  AXFR: typeCode('AXFR'),
  ANY: typeCode('ANY'),
  ALIAS: ALIAS_CODE,
} as const;
