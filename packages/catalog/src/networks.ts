/** The anycast networks a zone is served from. */
export type Network = 'EU' | 'GLOBAL';

/** A zone's region: one network or both. */
export type ZoneRegion = 'EU_GLOBAL' | 'EU' | 'GLOBAL';

export const zoneRegions = ['EU_GLOBAL', 'EU', 'GLOBAL'] as const satisfies readonly ZoneRegion[];

export const defaultZoneRegion: ZoneRegion = 'EU_GLOBAL';

export const networksOfRegion: Record<ZoneRegion, readonly Network[]> = {
  EU_GLOBAL: ['EU', 'GLOBAL'],
  EU: ['EU'],
  GLOBAL: ['GLOBAL'],
};

/** Default name servers per network; the platform's configuration (NS_EU, NS_GLOBAL) overrides them. */
export const defaultNameServers: Record<Network, readonly string[]> = {
  EU: ['ns1.eu.kaja.dns', 'ns2.eu.kaja.dns'],
  GLOBAL: ['ns1.global.kaja.dns', 'ns2.global.kaja.dns'],
};

/** The name servers that serve a zone of the given region, in publishing order. */
export function nameServersOfRegion(region: ZoneRegion, nameServers: Record<Network, readonly string[]> = defaultNameServers): string[] {
  return networksOfRegion[region].flatMap((network) => nameServers[network]);
}
