import { eq, asc } from '@kaja/db/orm';
import { cryptokeys, type Executor } from '@kaja/db';
import { recordType, type Rrset } from '@kaja/dns-model';
import { algorithmSuite, CDNSKEY_DELETE, CDS_DELETE, DigestType, dnskeyRdata, dsRdata, RFC9276_PARAMETERS } from '@kaja/dnssec';
import { type Actor, type SetChange, setKey, writeSystemChanges, type ZoneRow } from '@kaja/zone-writes';
import type { ServiceContext } from '../context';

export type CryptokeyRow = typeof cryptokeys.$inferSelect;

/** The sets a signed zone publishes at its apex, all written by the platform. */
export const dnssecApexTypes = ['DNSKEY', 'CDS', 'CDNSKEY', 'NSEC3PARAM'] as const;

/** The DNSKEY rdata of a stored key. */
export const dnskeyOf = (key: Pick<CryptokeyRow, 'flags' | 'algorithm' | 'publicKey'>) =>
  dnskeyRdata(key.flags, algorithmSuite(key.algorithm).number, new Uint8Array(Buffer.from(key.publicKey, 'base64')));

/** The zone's keys, oldest first: every one is in the DNSKEY set. */
export const zoneCryptokeys = (executor: Executor, zoneId: string) =>
  executor.select().from(cryptokeys).where(eq(cryptokeys.zoneId, zoneId)).orderBy(asc(cryptokeys.createdAt), asc(cryptokeys.id));

/**
 * What the apex publishes for DNSSEC in the zone's state: every key in the DNSKEY set; CDS
 * (SHA-256) and CDNSKEY for the active KSKs while signing is on, or the RFC 8078 delete records
 * while it is being turned off (the zone stays signed then, so parents can validate them); the
 * NSEC3PARAM of the RFC 9276 parameters when NSEC3 is chosen. Nothing before the keys exist.
 */
export function dnssecApexSets(zone: Pick<ZoneRow, 'name' | 'ttl' | 'dnssecState' | 'nsec3'>, keys: readonly CryptokeyRow[]): Rrset[] {
  const signed = zone.dnssecState === 'active' || zone.dnssecState === 'disabling';
  if (!signed || keys.length === 0) return [];
  const set = (type: string, rdata: Uint8Array[]): Rrset => ({
    name: zone.name,
    type,
    ttl: zone.ttl,
    contents: [...new Set(rdata.map((data) => recordType(type).fromWire(data)))],
  });
  const sets = [set('DNSKEY', keys.map(dnskeyOf))];
  if (zone.dnssecState === 'disabling') {
    sets.push(set('CDS', [CDS_DELETE]), set('CDNSKEY', [CDNSKEY_DELETE]));
  } else {
    const ksks = keys.filter((key) => key.active && key.keytype === 'ksk').map(dnskeyOf);
    if (ksks.length > 0)
      sets.push(
        set(
          'CDS',
          ksks.map((dnskey) => dsRdata(zone.name, dnskey, DigestType.SHA256)),
        ),
        set('CDNSKEY', ksks),
      );
  }
  if (zone.nsec3) {
    const { iterations, salt } = RFC9276_PARAMETERS;
    // RFC 5155 4.1.2: the flags of NSEC3PARAM are 0 (opt-out is a property of NSEC3 records only).
    const saltText = salt.length === 0 ? '-' : Buffer.from(salt).toString('hex');
    sets.push({ name: zone.name, type: 'NSEC3PARAM', ttl: zone.ttl, contents: [recordType('NSEC3PARAM').parse(`1 0 ${iterations} ${saltText}`, zone.name)] });
  }
  return sets;
}

/** The set changes that bring the apex's DNSSEC sets to what `dnssecApexSets` says. */
export function dnssecSetChanges(zone: ZoneRow, keys: readonly CryptokeyRow[]): SetChange[] {
  const wanted = new Map(dnssecApexSets(zone, keys).map((set) => [setKey(set.name, set.type), set]));
  return dnssecApexTypes.map((type) => ({ name: zone.name, type, next: wanted.get(setKey(zone.name, type)) ?? null, path: '' }));
}

export interface PublishOptions {
  action: string;
  actor: Actor;
  summary?: Record<string, unknown>;
  /** A new serial even when the sets stay the same (a key's activation changes the signatures). */
  newSerial?: boolean;
}

/**
 * Writes the apex's DNSSEC sets for the zone as it is now (the row locked in `tx`, with its new
 * state) as one zone change with a new serial, so DNS servers and secondaries see key changes
 * like any other change. Returns the serial (unchanged when nothing was written).
 */
export async function publishDnssecSets(tx: Executor, ctx: ServiceContext, zone: ZoneRow, options: PublishOptions): Promise<number> {
  const keys = await zoneCryptokeys(tx, zone.id);
  const { serial } = await writeSystemChanges(tx, ctx, zone, () => dnssecSetChanges(zone, keys), { source: 'system', ...options });
  return serial;
}
