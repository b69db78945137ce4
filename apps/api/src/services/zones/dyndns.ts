import { isIP } from 'node:net';
import { and, eq, inArray } from '@kaja/db/orm';
import { rrsets, zones } from '@kaja/db';
import { parentName, parseName, recordType, ValidationError } from '@kaja/dns-model';
import { canWriteRrset, editableZone, editZone, relativeName, unmapAddress, ZoneWriteError, type RecordEdit, type ZoneRow } from '@kaja/zone-writes';
import { ApiError } from '../../errors';
import type { Principal } from '../accounts/principal';
import type { ZoneContext } from '../context';

// Dynamic DNS in the dyndns2 protocol routers and ddclient speak (decision 053): a host name's A
// and AAAA sets take the caller's address, through the same write path as the record endpoints.

/** What dyndns2 answers for one host name. */
export type HostAnswer = 'good' | 'nochg' | 'nohost' | 'notfqdn' | 'dnserr' | '911';

/** The address each set of a host gets: one IPv4 address for A, one IPv6 address for AAAA. */
export type HostAddresses = Partial<Record<'A' | 'AAAA', string>>;

/** dyndns2's limit of host names in one update. */
export const maxHostsPerUpdate = 20;

/** A set a dyndns update creates starts with the shortest TTL the platform allows: the address may change at any time. */
export const newSetTtl = 60;

/**
 * The host names of an update: `hostname` (a comma-separated list), else the basic-auth user name
 * when it is one (routers often send only that; an e-mail address is a login, not a host).
 */
export function hostnamesOf(hostname: string | undefined, username: string | undefined): string[] {
  const listed = (hostname ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (listed.length > 0) return listed;
  return username && !username.includes('@') ? [username.trim()].filter(Boolean) : [];
}

const familyType = (address: string) => (isIP(address) === 4 ? 'A' : 'AAAA');

/**
 * The addresses to publish: those in `myip` (IPv4 or IPv6, comma-separated, as FRITZ!Box sends
 * `<ipaddr>,<ip6addr>`) and `myipv6`; with none given, the client's own address. A family not given
 * is left as it is. Throws bad_request for an address that is not one, or two of one family.
 */
export function addressesOf(query: { myip?: string | undefined; myipv6?: string | undefined }, clientIp: string): HostAddresses {
  const given = [
    ...(query.myip ?? '').split(',').map((value) => ({ field: 'myip', value: value.trim() })),
    ...(query.myipv6 ?? '').split(',').map((value) => ({ field: 'myipv6', value: value.trim() })),
  ].filter((entry) => entry.value !== '');
  if (given.length === 0) given.push({ field: 'client address', value: unmapAddress(clientIp) });
  const addresses: HostAddresses = {};
  for (const { field, value } of given) {
    const version = isIP(value);
    if (version === 0) throw new ApiError('bad_request', `${field}: ${value} is not an IPv4 or IPv6 address`);
    if (field === 'myipv6' && version !== 6) throw new ApiError('bad_request', `myipv6: ${value} is not an IPv6 address`);
    const type = familyType(value);
    const canonical = recordType(type).parse(value, '');
    if (addresses[type] !== undefined && addresses[type] !== canonical) {
      throw new ApiError('bad_request', `${field}: one ${type === 'A' ? 'IPv4' : 'IPv6'} address per update, not ${addresses[type]} and ${canonical}`);
    }
    addresses[type] = canonical;
  }
  return addresses;
}

/** The host name as the platform writes names, or undefined when it is not a fully qualified host name. */
function hostName(text: string): string | undefined {
  try {
    const name = parseName(text.replace(/\.$/, ''), '', { hostname: true, wildcard: false });
    return name.includes('.') ? name : undefined;
  } catch (error) {
    if (error instanceof ValidationError) return undefined;
    throw error;
  }
}

/** The customer's zone that holds `name`: the closest enclosing one, as a parent zone delegates to a child. */
async function zoneOf(ctx: ZoneContext, customerId: string, name: string): Promise<ZoneRow | undefined> {
  const candidates: string[] = [];
  for (let candidate = name; candidate !== ''; candidate = parentName(candidate)) candidates.push(candidate);
  const found = await ctx.db
    .select()
    .from(zones)
    .where(and(eq(zones.customerId, customerId), inArray(zones.name, candidates)));
  return found.sort((a, b) => b.name.length - a.name.length)[0];
}

/** How the write path's refusals read in dyndns2: names the key may not touch are no host of its. */
const refusalAnswers: Record<ZoneWriteError['code'], HostAnswer> = {
  zone_not_found: 'nohost',
  zone_deleting: 'nohost',
  zone_is_secondary: 'nohost',
  zone_is_catalog: 'nohost',
  not_permitted: 'nohost',
  invalid_change: 'dnserr',
  quota_exceeded: 'dnserr',
  // The set went away between reading it and writing: the client tries again.
  rrset_not_found: '911',
  // dyndns2 plans against no serial; listed for completeness of the mapping.
  serial_mismatch: '911',
};

/**
 * Sets the host's A and/or AAAA set to the address given for it, as one change of its zone (one
 * serial, one history entry, NOTIFY and signing as for any edit). `nochg` when each set already
 * holds just that address; the key's zones and record policies are checked before that answer too.
 */
export async function updateHost(ctx: ZoneContext, principal: Principal, hostname: string, addresses: HostAddresses): Promise<HostAnswer> {
  const name = hostName(hostname);
  if (!name) return 'notfqdn';
  const zone = await zoneOf(ctx, principal.customerId, name);
  if (!zone) return 'nohost';
  const wanted = Object.entries(addresses) as ['A' | 'AAAA', string][];
  const target = (type: string) => ({ zone: zone.name, name: relativeName(name, zone.name), type });
  if (!wanted.every(([type]) => canWriteRrset(principal, target(type)))) return 'nohost';

  const stored = await ctx.db
    .select()
    .from(rrsets)
    .where(
      and(
        eq(rrsets.zoneId, zone.id),
        eq(rrsets.name, name),
        inArray(
          rrsets.type,
          wanted.map(([type]) => type),
        ),
      ),
    );
  const edits = wanted.flatMap(([type, address]): RecordEdit[] => {
    const set = stored.find((row) => row.type === type);
    if (set?.contents.length === 1 && set.contents[0] === address) return [];
    // An existing set keeps its TTL (the customer may have chosen one); a new one gets the shortest.
    return set
      ? [{ action: 'update', id: set.id, name, type, ttl: null, contents: [address] }]
      : [{ action: 'replace', name, type, ttl: newSetTtl, contents: [address], path: '' }];
  });
  if (edits.length === 0) return 'nochg';
  try {
    const result = await editZone(ctx, principal, editableZone(zone), edits, {
      source: 'api',
      action: 'records.replaced',
      summary: { protocol: 'dyndns2' },
    });
    return result.diffs.length > 0 ? 'good' : 'nochg';
  } catch (error) {
    if (error instanceof ZoneWriteError) return refusalAnswers[error.code];
    throw error;
  }
}
