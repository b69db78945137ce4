import { ValidationError } from '../errors';

/**
 * ALIAS has no IANA code: the server answers it as A/AAAA and it never appears on the wire of an
 * answer. Its code fits the same tables but lies past the 16 bits of a wire type, so no zone file
 * (`TYPEnnn`), query or transfer can ever name it: a private-use type such as TYPE65300 is served
 * as the unknown type it is (RFC 3597).
 */
export const ALIAS_CODE = 0x10000;

/**
 * The record types by mnemonic: the IANA registry (data, meta and query types, obsolete ones
 * included, so that a zone or an NSEC bitmap may name them), plus ALIAS. The one table of type
 * codes: the wire codec, the answer path and the zone model all read it.
 */
export const RRType = {
  A: 1,
  NS: 2,
  MD: 3,
  MF: 4,
  CNAME: 5,
  SOA: 6,
  MB: 7,
  MG: 8,
  MR: 9,
  NULL: 10,
  WKS: 11,
  PTR: 12,
  HINFO: 13,
  MINFO: 14,
  MX: 15,
  TXT: 16,
  RP: 17,
  AFSDB: 18,
  X25: 19,
  ISDN: 20,
  RT: 21,
  NSAP: 22,
  'NSAP-PTR': 23,
  SIG: 24,
  KEY: 25,
  PX: 26,
  GPOS: 27,
  AAAA: 28,
  LOC: 29,
  NXT: 30,
  EID: 31,
  NIMLOC: 32,
  SRV: 33,
  ATMA: 34,
  NAPTR: 35,
  KX: 36,
  CERT: 37,
  A6: 38,
  DNAME: 39,
  SINK: 40,
  OPT: 41,
  APL: 42,
  DS: 43,
  SSHFP: 44,
  IPSECKEY: 45,
  RRSIG: 46,
  NSEC: 47,
  DNSKEY: 48,
  DHCID: 49,
  NSEC3: 50,
  NSEC3PARAM: 51,
  TLSA: 52,
  SMIMEA: 53,
  HIP: 55,
  NINFO: 56,
  RKEY: 57,
  TALINK: 58,
  CDS: 59,
  CDNSKEY: 60,
  OPENPGPKEY: 61,
  CSYNC: 62,
  ZONEMD: 63,
  SVCB: 64,
  HTTPS: 65,
  DSYNC: 66,
  SPF: 99,
  UINFO: 100,
  UID: 101,
  GID: 102,
  UNSPEC: 103,
  NID: 104,
  L32: 105,
  L64: 106,
  LP: 107,
  EUI48: 108,
  EUI64: 109,
  NXNAME: 128,
  TKEY: 249,
  TSIG: 250,
  IXFR: 251,
  AXFR: 252,
  MAILB: 253,
  MAILA: 254,
  ANY: 255,
  URI: 256,
  CAA: 257,
  AVC: 258,
  DOA: 259,
  AMTRELAY: 260,
  RESINFO: 261,
  WALLET: 262,
  CLA: 263,
  IPN: 264,
  TA: 32768,
  DLV: 32769,
  ALIAS: ALIAS_CODE,
} as const;

export type RRTypeName = keyof typeof RRType;

const codes: Readonly<Record<string, number>> = RRType;
const names = new Map<number, string>(Object.entries(RRType).map(([k, v]) => [v, k]));

/** Accepted spellings that are not the mnemonic we write. */
const synonyms: Record<string, string> = { ANAME: 'ALIAS' };

/** The code of a type mnemonic (any case), `TYPEnnn` (RFC 3597) included. */
export function typeCode(mnemonic: string): number {
  const upper = mnemonic.toUpperCase();
  const code = codes[synonyms[upper] ?? upper];
  if (code !== undefined) return code;
  const m = /^TYPE([0-9]{1,5})$/.exec(upper);
  if (m && Number(m[1]) <= 0xffff) return Number(m[1]);
  throw new ValidationError(`Unknown record type ${mnemonic}`);
}

/** The mnemonic of a type code, or `TYPEnnn` when it has none. */
export function typeName(code: number): string {
  return names.get(code) ?? `TYPE${code}`;
}

/** True when the code has a mnemonic in the registry (or is ALIAS). */
export const isAssignedType = (code: number): boolean => names.has(code);

/**
 * The query type as query counts keep it: itself when it has a mnemonic, else 0 (reserved, never
 * a real type) for all the others together, so random types cannot multiply counters and rows.
 * ALIAS is ours and never a query's.
 */
export const countedType = (qtype: number): number => (qtype !== ALIAS_CODE && names.has(qtype) ? qtype : 0);

/** The name of a counted type (`countedType`): its mnemonic, or OTHER. */
export const countedTypeName = (code: number): string => (code === 0 ? 'OTHER' : typeName(code));

/** True when the word names a record type (zone-file parsing needs to tell types from other words). */
export function isTypeName(word: string): boolean {
  const upper = word.toUpperCase();
  if ((synonyms[upper] ?? upper) in codes) return true;
  const m = /^TYPE([0-9]{1,5})$/.exec(upper);
  return m !== null && Number(m[1]) <= 0xffff;
}
