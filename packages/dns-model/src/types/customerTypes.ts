import { ValidationError } from '../errors';
import { isAssignedType, typeCode, typeName } from './typeCodes';

/**
 * The types customers write through the API, the dashboard (its type menu, in this order) and
 * zone-file imports. Never SOA and the DNSSEC types (the platform makes them), never meta types
 * (OPT, TSIG, AXFR, ANY...) and never obsolete ones (MD, MF, NULL, WKS, A6, SPF...).
 */
export const customerTypes = [
  'A',
  'AAAA',
  'CNAME',
  'MX',
  'TXT',
  'NS',
  'SRV',
  'CAA',
  'PTR',
  'ALIAS',
  'HTTPS',
  'SVCB',
  'TLSA',
  'SSHFP',
  'DS',
  'NAPTR',
  'DNAME',
  'URI',
  'LOC',
  'HINFO',
  'RP',
  'OPENPGPKEY',
  'SMIMEA',
  'CERT',
  'AFSDB',
  'KX',
  'EUI48',
  'EUI64',
  'IPSECKEY',
  'DHCID',
] as const;
export type CustomerType = (typeof customerTypes)[number];

const listed: ReadonlySet<string> = new Set(customerTypes);

/**
 * True for a type customers may write: one of `customerTypes` (by mnemonic, `TYPEnnn` or code),
 * or a type nobody has registered yet, written in RFC 3597 form, from the data ranges left for
 * new types (1-127 and 256-61439, RFC 6895 section 3.1) or for private use (65280-65534).
 */
export function isCustomerType(type: string | number): boolean {
  let code: number;
  try {
    code = typeof type === 'number' ? type : typeCode(type);
  } catch (error) {
    if (error instanceof ValidationError) return false;
    throw error;
  }
  if (isAssignedType(code)) return listed.has(typeName(code));
  if (!Number.isInteger(code) || code < 0 || code > 0xffff) return false;
  return (code >= 1 && code <= 127) || (code >= 256 && code <= 61439) || (code >= 65280 && code <= 65534);
}
