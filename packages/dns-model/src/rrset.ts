import { ValidationError } from './errors';
import { isSubdomain, parentName } from './name';
import type { ZoneRecord } from './record';
import { recordType, type RecordType } from './types/index';

/** Records of one name and type: one TTL, canonical contents. */
export interface Rrset {
  name: string;
  type: string;
  ttl: number;
  contents: string[];
}

/** A broken rule, on the set that breaks it, with the request field to point at. */
export interface RrsetProblem {
  name: string;
  type: string;
  field: 'name' | 'type' | 'ttl' | 'content';
  message: string;
}

export const MIN_TTL = 60;
export const MAX_TTL = 604800;
export const MAX_RECORDS_PER_RRSET = 100;
export const MAX_RRSET_OCTETS = 65536;

/** The DNSSEC types: keys, their digests and the proofs come from the platform's signing, never from customers. */
export const DNSSEC_MANAGED_TYPES: ReadonlySet<string> = new Set(['DNSKEY', 'CDS', 'CDNSKEY', 'NSEC3PARAM', 'RRSIG', 'NSEC', 'NSEC3']);

/** Types only the platform writes: the SOA and the DNSSEC types anywhere, NS at the apex. */
export function managedTypeProblem(apex: string, name: string, type: string): string | undefined {
  if (type === 'SOA') return 'SOA records are managed by the platform';
  if (DNSSEC_MANAGED_TYPES.has(type)) return `${type} records are managed by the platform when DNSSEC is on`;
  if (type === 'NS' && name === apex) return 'NS records at the root of a domain are managed by the platform';
  return undefined;
}

export function ttlProblem(ttl: number): string | undefined {
  if (!Number.isInteger(ttl) || ttl < MIN_TTL || ttl > MAX_TTL) return `TTL must be between ${MIN_TTL} and ${MAX_TTL} seconds`;
  return undefined;
}

/** Groups records into RRsets; records of one set with different TTLs are a problem (RFC 2181 5.2). */
export function groupRecords(records: readonly ZoneRecord[]): { rrsets: Rrset[]; problems: RrsetProblem[] } {
  const sets = new Map<string, Rrset>();
  const problems: RrsetProblem[] = [];
  for (const r of records) {
    const key = `${r.name}\u0000${r.type}`;
    const set = sets.get(key);
    if (!set) sets.set(key, { name: r.name, type: r.type, ttl: r.ttl, contents: [r.content] });
    else {
      if (set.ttl !== r.ttl && !problems.some((p) => p.name === r.name && p.type === r.type && p.field === 'ttl')) {
        problems.push({
          name: r.name,
          type: r.type,
          field: 'ttl',
          message: `All ${r.type} records of ${r.name} must have the same TTL (found ${set.ttl} and ${r.ttl})`,
        });
      }
      set.contents.push(r.content);
    }
  }
  return { rrsets: [...sets.values()], problems };
}

export interface CheckOptions {
  /**
   * The sets a change touched (added, replaced or removed). Only problems of these sets, or of
   * sets they conflict with, are reported, and they must not be platform-managed. Without it,
   * the whole zone is checked as it stands.
   */
  changed?: Iterable<{ name: string; type: string }>;
}

const GLUE = new Set(['A', 'AAAA']);
/** Owner names customers may use: the same labels `parseOwnerName` accepts. */
const OWNER = /^(\*\.)?([a-z0-9_-]+\.)*[a-z0-9_-]+$|^\*$/;
const BESIDE_CNAME = new Set(['CNAME', 'RRSIG', 'NSEC']);
const AT_DELEGATION = new Set(['NS', 'DS', 'RRSIG', 'NSEC']);
/** Types whose content names a host that needs addresses, and which word of the content that is. */
const TARGETS: [string, number][] = [
  ['MX', 1],
  ['NS', 0],
  ['SRV', 3],
];

const list = (types: string[]) => [...types].sort().join(', ');

/**
 * Checks the RRset rules of a zone (RFC 1034, 2181, 4035 and provider practice) on the zone's
 * sets after a change: one set per name and type, no duplicate contents, CNAME alone and not at
 * the apex, ALIAS only at the apex and not beside A/AAAA, delegations holding only DS beside the
 * NS and only glue below (and glue for name servers inside them), DS only at delegations, TTL and size limits, and MX/NS/SRV targets in
 * the zone that are not CNAMEs.
 */
export function checkRrsets(apex: string, rrsets: readonly Rrset[], options: CheckOptions = {}): RrsetProblem[] {
  const problems: RrsetProblem[] = [];
  const byName = new Map<string, Map<string, Rrset>>();
  const report = (set: { name: string; type: string }, field: RrsetProblem['field'], message: string) =>
    problems.push({ name: set.name, type: set.type, field, message });

  for (const set of rrsets) {
    let types = byName.get(set.name);
    if (!types) byName.set(set.name, (types = new Map<string, Rrset>()));
    if (types.has(set.type)) {
      report(set, 'type', `${set.name} already has a ${set.type} set: records with the same name and type form one set`);
    }
    types.set(set.type, set);
  }
  const changed = options.changed ? new Set([...options.changed].map((c) => `${c.name}\u0000${c.type}`)) : undefined;
  const wasChanged = (name: string, type: string) => !changed || changed.has(`${name}\u0000${type}`);

  const delegations = new Set<string>();
  for (const [name, types] of byName) if (name !== apex && types.has('NS')) delegations.add(name);
  const cutAbove = (name: string): string | undefined => {
    for (let n = parentName(name); n !== apex && isSubdomain(n, apex) && n !== ''; n = parentName(n)) {
      if (delegations.has(n)) return n;
    }
    return undefined;
  };

  for (const [name, types] of byName) {
    const others = (except: Set<string>) => [...types.keys()].filter((t) => !except.has(t));
    for (const set of types.values()) {
      checkSet(apex, set, report, {
        limits: wasChanged(set.name, set.type),
        managed: changed !== undefined && changed.has(`${set.name}\u0000${set.type}`),
      });
    }

    if (!isSubdomain(name, apex)) {
      for (const set of types.values()) report(set, 'name', `${name || '.'} is not inside the zone ${apex}`);
      continue;
    }

    const cname = types.get('CNAME');
    if (cname) {
      if (name === apex) report(cname, 'content', 'CNAME cannot be at the root of a domain');
      const rest = others(BESIDE_CNAME);
      if (rest.length) {
        report(cname, 'type', `A CNAME must be the only record at its name: ${name} already has ${list(rest)} records`);
        for (const t of rest) report(types.get(t)!, 'type', `${name} has a CNAME record, so it cannot have ${t} records`);
      }
      if (cname.contents.length > 1) report(cname, 'content', 'A CNAME set holds exactly one record: a name can alias only one other name');
    }

    const alias = types.get('ALIAS');
    if (alias) {
      if (name !== apex) report(alias, 'type', 'ALIAS records can only be at the root of a domain: use a CNAME below it');
      const addresses = [...types.keys()].filter((t) => GLUE.has(t));
      if (addresses.length) {
        report(alias, 'type', `ALIAS cannot be beside ${list(addresses)} records at ${name}: the server answers them from the ALIAS target`);
        for (const t of addresses) report(types.get(t)!, 'type', `${name} has an ALIAS record, so it cannot have ${t} records`);
      }
      if (alias.contents.length > 1) report(alias, 'content', 'An ALIAS set holds exactly one record');
    }

    const ds = types.get('DS');
    if (ds && !delegations.has(name)) {
      report(ds, 'type', 'DS records can only be at a delegation point: a name below the root of the domain with NS records');
      // Reported on the NS set too, so removing a delegation's NS set is refused while its DS stays.
      if (name !== apex) report({ name, type: 'NS' }, 'type', `${name} has DS records, which need the NS records of a delegation`);
    }

    const ns = types.get('NS');
    if (ns && name !== apex) {
      if (name.startsWith('*.')) report(ns, 'type', 'NS records cannot be at a wildcard name');
      const rest = others(AT_DELEGATION);
      if (rest.length) {
        report(ns, 'type', `${name} cannot be delegated while it has ${list(rest)} records: only DS records can be beside NS`);
        for (const t of rest) {
          report(types.get(t)!, 'type', `${name} is delegated (it has NS records): only DS records can be beside them, not ${t}`);
        }
      }
    }

    // A name server inside the delegated name is only reachable through glue.
    if (ns && name !== apex) {
      for (const content of ns.contents) {
        const target = content.replace(/\.$/, '');
        if (!isSubdomain(target, name)) continue;
        const there = byName.get(target);
        if (there?.has('A') || there?.has('AAAA')) continue;
        const message = `${target} is inside the delegation ${name}, so it needs A or AAAA glue records`;
        report(ns, 'content', message);
        report({ name: target, type: 'A' }, 'type', message);
        report({ name: target, type: 'AAAA' }, 'type', message);
      }
    }

    const cut = cutAbove(name);
    if (cut) {
      for (const set of types.values()) {
        if (GLUE.has(set.type)) continue;
        const message = `${name} is below the delegation ${cut}: only A and AAAA glue records can be there, not ${set.type}`;
        report(set, 'name', message);
        report(byName.get(cut)!.get('NS')!, 'name', `Delegating ${cut} would hide ${set.type} records at ${name} below it`);
      }
    }

    // MX, NS and SRV must lead to addresses: a target in the zone that is a CNAME breaks mail and delegation.
    for (const [type, index] of TARGETS) {
      const set = types.get(type);
      if (!set) continue;
      for (const content of set.contents) {
        const target = content.split(' ')[index]?.replace(/\.$/, '');
        const there = target !== undefined ? byName.get(target) : undefined;
        if (there?.has('CNAME')) {
          report(set, 'content', `${type} target ${target} is a CNAME: point it at a name with A or AAAA records`);
          report(there.get('CNAME')!, 'type', `${target} is the target of ${type} records at ${name}, so it cannot be a CNAME`);
        }
      }
    }
  }

  const unique = new Map(problems.map((p) => [`${p.name}\u0000${p.type}\u0000${p.field}\u0000${p.message}`, p]));
  return [...unique.values()].filter((p) => wasChanged(p.name, p.type));
}

function checkSet(
  apex: string,
  set: Rrset,
  report: (set: Rrset, field: RrsetProblem['field'], message: string) => void,
  checks: { limits: boolean; managed: boolean },
): void {
  if (set.type === '') {
    report(set, 'type', 'Record type is required');
    return;
  }
  let type: RecordType;
  try {
    type = recordType(set.type);
  } catch (error) {
    if (error instanceof ValidationError) report(set, 'type', error.message);
    else throw error;
    return;
  }
  if (set.type === 'SOA' && set.name !== apex) report(set, 'type', 'SOA records can only be at the root of a domain');
  if (checks.managed) {
    const managed = managedTypeProblem(apex, set.name, set.type);
    if (managed) report(set, 'type', managed);
  }
  if (!checks.limits) return;
  if (!OWNER.test(set.name)) {
    report(set, 'name', `${set.name} may only contain letters, digits, hyphens and underscores in its labels (and * as the leftmost label)`);
  }
  if (set.contents.length === 0) report(set, 'content', 'Content is required');
  const ttl = ttlProblem(set.ttl);
  if (ttl) report(set, 'ttl', ttl);
  if (set.contents.length > MAX_RECORDS_PER_RRSET) {
    report(set, 'content', `A set holds at most ${MAX_RECORDS_PER_RRSET} records, not ${set.contents.length}`);
  }
  const seen = new Set<string>();
  let textLength = 0;
  for (const content of set.contents) {
    if (seen.has(content)) report(set, 'content', `Duplicate content ${content}`);
    seen.add(content);
    textLength += content.length;
  }
  // No presentation text is more than 8 times shorter than its rdata ("::" is 16 octets), so
  // only sets near the limit need their exact wire size.
  if (textLength * 8 + set.contents.length * 16 <= MAX_RRSET_OCTETS) return;
  let octets = 0;
  for (const content of set.contents) {
    try {
      octets += type.toWire(content).length;
    } catch (error) {
      if (error instanceof ValidationError) report(set, 'content', error.message);
      else throw error;
    }
  }
  if (octets > MAX_RRSET_OCTETS) report(set, 'content', 'The records of a set can hold at most 64 KiB of data together');
}
