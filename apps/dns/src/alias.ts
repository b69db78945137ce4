import { Resolver } from 'node:dns/promises';
import { parseIpv4, parseIpv6, RRType } from '@kaja/dns-model';
import { readName } from '@kaja/dns-model';
import type { Rrset, Zone } from './zone';

/** Addresses of an ALIAS target as served: rdata in wire form and the TTL to give them. */
export interface AliasAddresses {
  rdata: Uint8Array[];
  ttl: number;
}

/** How long a failed or empty resolution is remembered before the target is asked again. */
const FAILURE_TTL = 30;

interface Entry {
  expires: number;
  addresses: Promise<AliasAddresses>;
}

/**
 * Resolves apex ALIAS targets into A/AAAA addresses through a configured recursive resolver, and
 * caches them for their TTL. A target that cannot be resolved gives no addresses (the query then
 * gets an empty answer), never an error.
 */
export class AliasResolver {
  private readonly resolver: Resolver;
  private readonly cache = new Map<string, Entry>();

  constructor(servers: string[], timeoutMs = 2000) {
    this.resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
    if (servers.length > 0) this.resolver.setServers(servers);
  }

  resolve(target: string, type: number): Promise<AliasAddresses> {
    const key = `${type} ${target}`;
    const now = Date.now();
    const cached = this.cache.get(key);
    if (cached && cached.expires > now) return cached.addresses;
    const entry: Entry = { expires: now + FAILURE_TTL * 1000, addresses: this.query(target, type) };
    this.cache.set(key, entry);
    void entry.addresses.then((a) => {
      entry.expires = now + (a.rdata.length > 0 ? a.ttl : FAILURE_TTL) * 1000;
    });
    return entry.addresses;
  }

  private async query(target: string, type: number): Promise<AliasAddresses> {
    try {
      const records = type === RRType.AAAA ? await this.resolver.resolve6(target, { ttl: true }) : await this.resolver.resolve4(target, { ttl: true });
      if (records.length === 0) return { rdata: [], ttl: FAILURE_TTL };
      return {
        rdata: records.map((r) => (type === RRType.AAAA ? parseIpv6(r.address) : parseIpv4(r.address))),
        ttl: Math.min(...records.map((r) => r.ttl)),
      };
    } catch {
      return { rdata: [], ttl: FAILURE_TTL };
    }
  }

  cancel(): void {
    this.resolver.cancel();
  }
}

/**
 * The A and AAAA sets a zone's apex ALIAS resolves to now, under the apex name with the lower of
 * the two TTLs, for a transfer that must carry addresses instead of the ALIAS. None when the zone
 * has no apex ALIAS or there is no resolver.
 */
export async function apexAliasAddresses(zone: Zone, resolver: AliasResolver | undefined): Promise<Rrset[]> {
  const alias = zone.apex.rrsets.get(RRType.ALIAS);
  if (!alias || !resolver) return [];
  const target = readName(alias.rdata[0]!, 0).name.toLowerCase();
  const sets: Rrset[] = [];
  for (const type of [RRType.A, RRType.AAAA]) {
    const addresses = await resolver.resolve(target, type);
    if (addresses.rdata.length > 0) sets.push({ name: zone.name, type, ttl: Math.min(alias.ttl, addresses.ttl), rdata: addresses.rdata });
  }
  return sets;
}
