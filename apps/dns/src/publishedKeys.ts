import { DnsClass, NSEC3PARAM, type ResourceRecord, RRType } from '@kaja/dns-model';
import { dsRdata, RFC9276_PARAMETERS } from '@kaja/dnssec';
import type { SigningSettings } from './keySource';

/** The TTL of the key sets a standalone zone publishes. */
export const KEY_TTL = 3600;

/** Apex types that follow the keys and the denial: a change to them re-reads the key source. */
export const keySetTypes: ReadonlySet<number> = new Set([RRType.DNSKEY, RRType.CDS, RRType.CDNSKEY, RRType.NSEC3PARAM]);

/**
 * What a signed zone publishes at its apex for its keys: every key in DNSKEY, the active KSKs in
 * CDS (SHA-256) and CDNSKEY (RFC 7344), NSEC3PARAM with NSEC3. In database mode the API writes the
 * same sets into the zone; in standalone mode they are added to the zone file's records.
 */
export function keyRecords(zone: string, settings: SigningSettings, ttl = KEY_TTL): ResourceRecord[] {
  const record = (type: number, rdata: Uint8Array): ResourceRecord => ({ name: zone, type, class: DnsClass.IN, ttl, rdata });
  const ksks = settings.keys.filter((k) => k.active && k.keytype === 'ksk');
  const records = [
    ...settings.keys.map((k) => record(RRType.DNSKEY, k.dnskey)),
    ...ksks.map((k) => record(RRType.CDS, dsRdata(zone, k.dnskey, 2))),
    ...ksks.map((k) => record(RRType.CDNSKEY, k.dnskey)),
  ];
  if (settings.nsec3) {
    const { iterations } = RFC9276_PARAMETERS;
    records.push(record(RRType.NSEC3PARAM, NSEC3PARAM.toWire(`1 0 ${iterations} -`)));
  }
  return records;
}
