import { nameLabels, nameToWire, Rcode, readName, RRType } from '@kaja/dns-model';
import type { Answer } from './answer';
import type { Rrset, Zone, ZoneNode } from './zone';

/**
 * The DNAME (RFC 6672) that redirects `names[0]`, given with its ancestors up to the apex
 * (`ancestors`): the topmost proper ancestor holding one, unless a zone cut (`cut`, from
 * `findDelegation`) is above it, so the DNAME belongs to the child zone. The name that owns a
 * DNAME is not redirected itself.
 */
export function findDname(zone: Zone, names: readonly string[], cut: ZoneNode | undefined): ZoneNode | undefined {
  if (!zone.hasDname) return undefined;
  for (let i = names.length - 1; i >= 1; i--) {
    const node = zone.nodes.get(names[i]!);
    // Every ancestor of an existing name exists (empty non-terminals are nodes), so a gap ends the walk.
    if (!node || node === cut) return undefined;
    if (node.rrsets.has(RRType.DNAME)) return node;
  }
  return undefined;
}

/**
 * Answers `name` through the DNAME at `owner` (RFC 6672 3.2): the DNAME goes into the answer with a
 * CNAME from `name` to the name with the owner's labels replaced by the target, with the DNAME's
 * TTL. The CNAME is made up for this answer, so it is never signed (5.3.1): it is listed in the
 * answer's `unsigned`. Returns the new name to follow, or undefined when the new name would be
 * longer than 255 octets: the answer is then YXDOMAIN with the DNAME alone (2.2).
 */
export function followDname(owner: ZoneNode, name: string, answer: Answer): string | undefined {
  const dname = owner.rrsets.get(RRType.DNAME)!;
  answer.answer.push(dname);
  const target = readName(dname.rdata[0]!, 0).name.toLowerCase();
  const next = substitute(name, owner.name, target);
  if (next === undefined) {
    answer.rcode = Rcode.YXDOMAIN;
    return undefined;
  }
  const cname: Rrset = { name, type: RRType.CNAME, ttl: dname.ttl, rdata: [nameToWire(next)] };
  answer.answer.push(cname);
  (answer.unsigned ??= new Set()).add(cname);
  return next;
}

/** `name` with its ancestor `owner` replaced by `target`; undefined when the result is too long for DNS. */
export function substitute(name: string, owner: string, target: string): string | undefined {
  const labels = nameLabels(name);
  const kept = labels.slice(0, labels.length - nameLabels(owner).length);
  const prefix = owner === '' ? name : name.slice(0, name.length - owner.length - 1);
  let octets = 1;
  for (const label of [...kept, ...nameLabels(target)]) octets += label.length + 1;
  if (octets > 255) return undefined;
  if (prefix === '') return target;
  return target === '' ? prefix : `${prefix}.${target}`;
}
