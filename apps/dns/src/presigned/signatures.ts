import { RRType } from '@kaja/dns-model';
import type { Rrset, Zone, ZoneNode } from '../zone';

/** The type an RRSIG covers: the first field of its rdata (RFC 4034 3.1.1). */
export function coveredType(rrsig: Uint8Array): number {
  return (rrsig[0]! << 8) | rrsig[1]!;
}

/** The node that holds `name`'s records: a name of the zone, or the hashed owner of an NSEC3. */
export function storedNode(zone: Zone, name: string): ZoneNode | undefined {
  return zone.nodes.get(name) ?? zone.hashed.get(name);
}

/**
 * The RRSIGs the zone file holds over `name`/`type`, as an RRset served under `owner` with `ttl`
 * (the owner differs for a wildcard expansion, the TTL for a negative SOA); undefined when the
 * file has none (a delegation's NS set, glue, or a CNAME synthesised by the server).
 */
export function storedSignatures(zone: Zone, name: string, type: number, owner = name, ttl?: number): Rrset | undefined {
  const rrsigs = storedNode(zone, name)?.rrsets.get(RRType.RRSIG);
  if (!rrsigs) return undefined;
  const rdata = rrsigs.rdata.filter((r) => coveredType(r) === type);
  if (rdata.length === 0) return undefined;
  return { name: owner, type: RRType.RRSIG, ttl: ttl ?? rrsigs.ttl, rdata };
}

/**
 * A stored RRSIG RRset as it goes out whole (qtype RRSIG, AXFR): one RRset per covered type, each
 * with the TTL of the RRset it covers (RFC 4034 3), as the file has it. The zone keeps one TTL per
 * name and type, which would give every RRSIG of an owner the TTL of one of them.
 */
export function rrsigsByCoveredType(node: ZoneNode, rrsigs: Rrset): Rrset[] {
  const byType = new Map<number, Uint8Array[]>();
  for (const rdata of rrsigs.rdata) {
    const type = coveredType(rdata);
    let list = byType.get(type);
    if (!list) byType.set(type, (list = []));
    list.push(rdata);
  }
  if (byType.size === 1) return [rrsigs];
  return [...byType].map(([type, rdata]) => ({ name: rrsigs.name, type: RRType.RRSIG, ttl: node.rrsets.get(type)?.ttl ?? rrsigs.ttl, rdata }));
}
