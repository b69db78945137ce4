import { isIP } from 'node:net';

export interface Cidr {
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

/** A CIDR such as `192.0.2.0/24` or `2001:db8::/32` (a bare address means just that address); null when it is none. */
export function parseCidr(text: string): Cidr | null {
  const [address = '', prefixText, ...rest] = text.trim().split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return null;
  const max = version === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (prefix > max) return null;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/** What a network exempt from response rate limiting must be, said when one is not. */
export const rateLimitExemptionRule =
  'must be IPv4 networks of /8 to /24 or IPv6 networks of /40 to /56, as responses are counted per /24 and /56 (192.0.2.0/24, 2001:db8::/48)';

/**
 * A network response rate limiting leaves alone. Responses are counted per client network, an IPv4
 * /24 or an IPv6 /56, so an exemption is made of whole such networks: an IPv4 prefix of /8 to /24
 * or an IPv6 prefix of /40 to /56 (at most 65,536 networks); null when the text is none of these.
 */
export function parseRateLimitExemption(text: string): Cidr | null {
  const cidr = parseCidr(text);
  // An IPv6 address with an IPv4 tail is a mapped client, which is never limited.
  if (!cidr || !text.includes('/') || (cidr.family === 'ipv6' && cidr.address.includes('.'))) return null;
  const [widest, narrowest] = cidr.family === 'ipv4' ? [8, 24] : [40, 56];
  return cidr.prefix >= widest && cidr.prefix <= narrowest ? cidr : null;
}
