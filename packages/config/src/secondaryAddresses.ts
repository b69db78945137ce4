import { BlockList, isIP } from 'node:net';
import type { Cidr } from './cidr';

// NOTIFY goes wherever a customer says its secondary is: without this, to the platform's own loopback,
// its private network (10.0.0.1:5432), the cloud metadata service (169.254.169.254), broadcast or
// multicast. So secondaries live on public unicast addresses only, unless the operator allows a
// special-purpose network (SECONDARY_ALLOWED_CIDRS: a lab, the tests' loopback secondaries).

/** The IANA IPv4 and IPv6 Special-Purpose Address Registries, plus multicast (and the old site-local block); the first match names it. */
const specialPurpose: [string, number, string][] = [
  ['0.0.0.0', 8, 'this network'],
  ['10.0.0.0', 8, 'a private network'],
  ['100.64.0.0', 10, 'shared address space (carrier-grade NAT)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'a private network'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation (TEST-NET-1)'],
  ['192.31.196.0', 24, 'AS112'],
  ['192.52.193.0', 24, 'AMT'],
  ['192.88.99.0', 24, 'the deprecated 6to4 relay anycast'],
  ['192.168.0.0', 16, 'a private network'],
  ['192.175.48.0', 24, 'AS112 direct delegation'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation (TEST-NET-2)'],
  ['203.0.113.0', 24, 'documentation (TEST-NET-3)'],
  ['224.0.0.0', 4, 'multicast'],
  ['255.255.255.255', 32, 'broadcast'],
  ['240.0.0.0', 4, 'reserved'],
  ['::', 128, 'the unspecified address'],
  ['::1', 128, 'loopback'],
  ['::ffff:0:0', 96, 'IPv4-mapped'],
  ['64:ff9b::', 96, 'IPv4/IPv6 translation'],
  ['64:ff9b:1::', 48, 'IPv4/IPv6 translation'],
  ['100::', 64, 'discard-only'],
  ['100:0:0:1::', 64, 'the dummy prefix'],
  ['2001::', 23, 'IETF protocol assignments'],
  ['2001:db8::', 32, 'documentation'],
  ['2002::', 16, '6to4'],
  ['2620:4f:8000::', 48, 'AS112'],
  ['3fff::', 20, 'documentation'],
  ['5f00::', 16, 'segment routing (SRv6) SIDs'],
  ['fc00::', 7, 'unique local'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
];

const purposes = specialPurpose.map(([address, prefix, purpose]) => {
  const list = new BlockList();
  const family = isIP(address) === 4 ? 'ipv4' : 'ipv6';
  list.addSubnet(address, prefix, family);
  return { list, family, purpose };
});

/**
 * The special-purpose network `address` (a normalised IPv4 or IPv6 address) is in, named, or null when
 * it is a public unicast address or inside one of the operator's `allowed` networks. Secondaries and
 * webhook endpoints (decision 057) share this rule, each with the operator's own allowance.
 */
export function specialPurposeOf(address: string, allowed: readonly Cidr[]): string | null {
  const family = isIP(address) === 4 ? 'ipv4' : 'ipv6';
  const special = purposes.find((entry) => entry.family === family && entry.list.check(address, family));
  if (!special) return null;
  const allowance = new BlockList();
  for (const cidr of allowed) allowance.addSubnet(cidr.address, cidr.prefix, cidr.family);
  if (allowance.check(address, family)) return null;
  return special.purpose;
}

/**
 * Why NOTIFY may not go to `address` (a normalised IPv4 or IPv6 address), or null when it may:
 * special-purpose addresses are refused unless inside one of the operator's `allowed` networks.
 */
export function secondaryAddressProblem(address: string, allowed: readonly Cidr[]): string | null {
  const purpose = specialPurposeOf(address, allowed);
  return purpose === null ? null : `${address} is a special-purpose address (${purpose}): a secondary needs a public unicast address`;
}
