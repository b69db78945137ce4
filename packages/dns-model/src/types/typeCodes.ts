import { ValidationError } from '../errors';

/**
 * ALIAS has no IANA code: the server answers it as A/AAAA and it never appears on the wire of an
 * answer. It gets a code from the private-use range (RFC 6895) so it fits the same tables.
 */
export const ALIAS_CODE = 65300;

/** IANA RR type mnemonics (the ones a zone or an NSEC bitmap may name), plus ALIAS. */
const codes: Record<string, number> = {
  A: 1, NS: 2, MD: 3, MF: 4, CNAME: 5, SOA: 6, MB: 7, MG: 8, MR: 9, NULL: 10, WKS: 11, PTR: 12,
  HINFO: 13, MINFO: 14, MX: 15, TXT: 16, RP: 17, AFSDB: 18, X25: 19, ISDN: 20, RT: 21, NSAP: 22,
  SIG: 24, KEY: 25, PX: 26, GPOS: 27, AAAA: 28, LOC: 29, NXT: 30, SRV: 33, NAPTR: 35, KX: 36,
  CERT: 37, DNAME: 39, OPT: 41, APL: 42, DS: 43, SSHFP: 44, IPSECKEY: 45, RRSIG: 46, NSEC: 47,
  DNSKEY: 48, DHCID: 49, NSEC3: 50, NSEC3PARAM: 51, TLSA: 52, SMIMEA: 53, HIP: 55, CDS: 59,
  CDNSKEY: 60, OPENPGPKEY: 61, CSYNC: 62, ZONEMD: 63, SVCB: 64, HTTPS: 65, SPF: 99, EUI48: 108,
  EUI64: 109, TKEY: 249, TSIG: 250, IXFR: 251, AXFR: 252, ANY: 255, URI: 256, CAA: 257,
  ALIAS: ALIAS_CODE,
};

const names = new Map<number, string>(Object.entries(codes).map(([k, v]) => [v, k]));

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
  return (synonyms[upper] ?? upper) in codes || /^TYPE[0-9]{1,5}$/.test(upper);
}
