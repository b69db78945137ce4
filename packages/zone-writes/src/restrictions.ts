import { BlockList, isIP } from 'node:net';
import type { RecordPolicy } from '@kaja/db';
import { parseName } from '@kaja/dns-model';
import type { Actor } from './audit';

/** The IPv4 address inside an IPv4-mapped IPv6 address, else the address as given. */
export const unmapAddress = (ip: string) => (ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip);

/** A CIDR such as `192.0.2.0/24` or `2001:db8::/32` (a bare address means just that address). */
export function parseCidr(cidr: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText, ...rest] = cidr.trim().split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return null;
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (!/^\d+$/.test(prefixText ?? String(max)) || prefix > max) return null;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

export function ipAllowed(allowedCidrs: readonly string[] | null, ip: string): boolean {
  if (!allowedCidrs || allowedCidrs.length === 0) return true;
  const list = new BlockList();
  for (const cidr of allowedCidrs) {
    const parsed = parseCidr(cidr);
    if (parsed) list.addSubnet(parsed.address, parsed.prefix, parsed.family);
  }
  const address = unmapAddress(ip);
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * A record policy's name pattern and type in stored form (API keys and TSIG keys alike); problems
 * go into `details` under `field.name` and `field.type`.
 */
export function normaliseRecordPolicy(policy: { name: string; type: string; allow: boolean }, field: string, details: Record<string, string>) {
  let name = policy.name.trim().toLowerCase();
  if (name !== '@' && name !== '*') {
    try {
      name = parseName(name.replace(/\.$/, ''));
    } catch {
      details[`${field}.name`] = `${policy.name} is not a valid record name pattern (use @, *, *.name or a name relative to the zone)`;
    }
  }
  const type = policy.type.trim().toUpperCase();
  if (type !== '*' && !/^[A-Z][A-Z0-9]{0,15}$/.test(type)) details[`${field}.type`] = `${policy.type} is not a record type`;
  return { name, type, allow: policy.allow };
}

/**
 * Who writes, as far as the write path cares: the customer, the actor the zone change and audit event name,
 * and the credential (a session may touch every zone of its customer, an API key what it allows).
 */
export interface Caller {
  customerId: string;
  actor: Actor;
  credential: { kind: 'session' } | { kind: 'api_key'; apiKey: { allowedZones: string[] | null; recordPolicies: RecordPolicy[] | null } };
}

/** May the caller touch this zone at all? (API keys can be limited to some zones.) */
export function canAccessZone(caller: Caller, zoneName: string): boolean {
  if (caller.credential.kind !== 'api_key') return true;
  const allowed = caller.credential.apiKey.allowedZones;
  return !allowed || allowed.includes(zoneName.toLowerCase());
}

/**
 * How specifically a policy name matches a record name (both relative to the zone, `@` = apex):
 * an exact name beats `*.suffix` (longer suffixes first), which beats `*`. -1 = no match.
 */
function nameSpecificity(pattern: string, name: string): number {
  if (pattern === '*') return 0;
  if (pattern.startsWith('*.')) {
    const suffix = pattern.slice(2);
    return name.endsWith(`.${suffix}`) ? 1 + suffix.split('.').length : -1;
  }
  return pattern === name ? 1000 : -1;
}

export interface RrsetTarget {
  /** Zone name, lowercase, without the trailing dot. */
  zone: string;
  /** Record name relative to the zone, `@` for the apex. */
  name: string;
  type: string;
}

/**
 * May these policies change records of this name and type? No policies = yes. Otherwise the most
 * specific matching policy decides (name, then type, then zone); a tie between allow and deny denies;
 * nothing matching denies.
 */
export function policiesAllow(policies: readonly RecordPolicy[] | null, target: RrsetTarget): boolean {
  if (!policies || policies.length === 0) return true;
  const name = target.name.toLowerCase();
  const type = target.type.toUpperCase();
  let best: [number, number, number] | null = null;
  let allow = false;
  for (const policy of policies) {
    if (policy.zone !== null && policy.zone.toLowerCase() !== target.zone.toLowerCase()) continue;
    if (policy.type !== '*' && policy.type.toUpperCase() !== type) continue;
    const specificity = nameSpecificity(policy.name.toLowerCase(), name);
    if (specificity < 0) continue;
    const rank: [number, number, number] = [specificity, policy.type === '*' ? 0 : 1, policy.zone === null ? 0 : 1];
    const comparison = best === null ? 1 : compareRanks(rank, best);
    if (comparison > 0) {
      best = rank;
      allow = policy.allow;
    } else if (comparison === 0) {
      allow = allow && policy.allow;
    }
  }
  return best !== null && allow;
}

function compareRanks(a: readonly number[], b: readonly number[]): number {
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return a[index]! - b[index]!;
  return 0;
}

/** For the record endpoints: may the caller write records of this name and type in this zone? */
export function canWriteRrset(caller: Caller, target: RrsetTarget): boolean {
  if (!canAccessZone(caller, target.zone)) return false;
  if (caller.credential.kind !== 'api_key') return true;
  return policiesAllow(caller.credential.apiKey.recordPolicies, target);
}
