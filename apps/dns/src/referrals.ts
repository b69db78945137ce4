import { RRType } from '@kaja/dns-model';
import type { Answer } from './answer';
import { addAddresses } from './additional';
import type { Zone, ZoneNode } from './zone';

/**
 * The topmost zone cut (a node below the apex holding NS) at or above `names[0]`, given with its
 * ancestors up to the apex (`ancestors`), or undefined when the zone is authoritative for it. A DS
 * query at the cut itself is answered by the parent side (RFC 4035 3.1.4.1), so that cut does not
 * count for it.
 */
export function findDelegation(zone: Zone, names: readonly string[], qtype: number): ZoneNode | undefined {
  for (let i = names.length - 2; i >= 0; i--) {
    const node = zone.nodes.get(names[i]!);
    // Every ancestor of an existing name exists (empty non-terminals are nodes), so a gap ends the walk.
    if (!node) return undefined;
    if (node.rrsets.has(RRType.NS) && !(i === 0 && qtype === RRType.DS)) return node;
  }
  return undefined;
}

/** A referral to the child zone: its NS set in authority, glue addresses in additional (RFC 1034 4.3.2 3b). */
export function addReferral(zone: Zone, cut: ZoneNode, answer: Answer): void {
  const ns = cut.rrsets.get(RRType.NS)!;
  answer.authority.push(ns);
  addAddresses(zone, ns, answer, true);
}
