import { DnsClass, type ResourceRecord, RRType } from '@kaja/dns-model';
import { generateCryptokey } from '@kaja/dnssec';
import { StaticKeySource, type SigningSettings } from '../keySource';
import { keyRecords } from '../publishedKeys';
import { startServer, type DnsServer, type ServerOptions } from '../server';
import { ZoneSigning } from '../signing';
import type { Zone, ZoneChange } from '../zone';
import { loadZoneText } from '../zoneFile';
import { ZoneStore } from '../zoneStore';

export interface SignedTestServer extends DnsServer {
  port: number;
  zones: ZoneStore;
  keys: StaticKeySource;
  signing: ZoneSigning;
}

/** A KSK and a ZSK, ECDSAP256SHA256 unless told. */
export function freshSettings(nsec3: boolean, algorithm: number | string = 13): SigningSettings {
  return { keys: [generateCryptokey({ keytype: 'ksk', algorithm }), generateCryptokey({ keytype: 'zsk', algorithm })], nsec3 };
}

/**
 * Serves zone texts on 127.0.0.1 (a free port), signed with the given settings when the query
 * has DO, the key sets published at each apex. The test that starts it closes it.
 */
export async function serveSignedZones(
  zones: Record<string, { text: string; settings?: SigningSettings }>,
  options: Partial<ServerOptions> = {},
): Promise<SignedTestServer> {
  const store = new ZoneStore();
  const keys = new StaticKeySource();
  for (const [name, { text, settings }] of Object.entries(zones)) {
    store.put(loadZoneText(name, text, name, settings ? keyRecords(name, settings) : []));
    if (settings) keys.set(name, settings);
  }
  const signing = new ZoneSigning(store, keys);
  await signing.ready();
  const server = await startServer({ listen: [{ host: '127.0.0.1', port: 0 }], nodeName: 'test-node', ...options, zones: store, signing });
  return { ...server, port: server.addresses[0]!.port, zones: store, keys, signing };
}

/** A change with the next serial: the SOA replaced, and the given records removed and added. */
export function nextChange(zone: Zone, removed: ResourceRecord[], added: ResourceRecord[]): ZoneChange {
  const soa = zone.soa;
  const old = soa.rdata[0]!;
  const serial = (zone.serial + 1) >>> 0;
  const rdata = old.slice();
  new DataView(rdata.buffer, rdata.length - 20, 4).setUint32(0, serial);
  const soaRecord = (r: Uint8Array): ResourceRecord => ({ name: zone.name, type: RRType.SOA, class: DnsClass.IN, ttl: soa.ttl, rdata: r });
  return { previousSerial: zone.serial, serial, removed: [soaRecord(old), ...removed], added: [soaRecord(rdata), ...added] };
}

/**
 * What the API does when a zone's keys change: the apex key sets replaced with those of the new
 * settings, in one change. The key source is told first, as the database has the keys first.
 */
export function publishKeys(server: SignedTestServer, zone: string, settings: SigningSettings): void {
  server.keys.set(zone, settings);
  const current = server.zones.get(zone)!;
  const old: ResourceRecord[] = [];
  for (const type of [RRType.DNSKEY, RRType.CDS, RRType.CDNSKEY, RRType.NSEC3PARAM]) {
    const rrset = current.apex.rrsets.get(type);
    for (const rdata of rrset?.rdata ?? []) old.push({ name: zone, type, class: DnsClass.IN, ttl: rrset!.ttl, rdata });
  }
  const result = server.zones.apply(zone, nextChange(current, old, keyRecords(zone, settings)));
  if (result !== 'applied') throw new Error(`the key change to ${zone} was ${result}`);
}
