import type { RecordPolicy, Role } from '@kaja/db';
import { ApiError } from '../../errors';
import type { Principal } from './principal';
import { parseCidr, policiesAllow, ipAllowed, type RrsetTarget } from '@kaja/zone-writes';
import { grants, roleScopes } from './scopes';

/**
 * The one rule for every path that makes, changes or deletes a credential (API keys, their rotation
 * and revocation, TSIG keys and the secondaries that transfer with them, people through invitations,
 * user creation and role changes): the credential made or acted on can never do more than the
 * credential that acts. A session can do what its user's role allows; an API key what its
 * scopes and restrictions allow on top of that. Limits the request leaves out are inherited from
 * the caller; limits given wider than the caller's are refused, naming each field.
 */

/** The limits an API key carries, in stored form (null = no limit). */
export interface ApiKeyLimits {
  scopes: string[];
  allowedZones: string[] | null;
  recordPolicies: RecordPolicy[] | null;
  allowedCidrs: string[] | null;
  expiresAt: Date | null;
  maxAgeSeconds: number | null;
  maxUnusedSeconds: number | null;
}

const refuse = (details: Record<string, string>) =>
  new ApiError('forbidden', `A credential cannot create one that can do more than itself: ${Object.values(details)[0]}`, details);

/** Does the scope list cover `scope`? A wildcard is only covered by the same wildcard. */
const covers = (granted: readonly string[], scope: string) => (scope.endsWith(':*') ? granted.includes(scope) : grants(granted, scope));

/** The scopes the caller holds: its role's, and for a key only those also among the key's. */
function callerCovers(principal: Principal, scope: string): boolean {
  if (!covers(roleScopes(principal.role), scope)) return false;
  return principal.credential.kind === 'session' || covers(principal.credential.apiKey.scopes, scope);
}

/** When the calling key stops working at the latest (its expiry or its maximum age), or null. */
function callerEnd(principal: Principal): Date | null {
  if (principal.credential.kind !== 'api_key') return null;
  const { expiresAt, maxAgeSeconds, createdAt } = principal.credential.apiKey;
  const ends = [expiresAt?.getTime(), maxAgeSeconds === null ? undefined : createdAt.getTime() + maxAgeSeconds * 1000].filter((end) => end !== undefined);
  return ends.length > 0 ? new Date(Math.min(...ends)) : null;
}

/** Is the range inside one of the caller's ranges? */
function cidrWithin(cidr: string, outer: readonly string[]): boolean {
  const inner = parseCidr(cidr);
  if (!inner) return false;
  return outer.some((candidate) => {
    const range = parseCidr(candidate);
    return range !== null && range.family === inner.family && inner.prefix >= range.prefix && ipAllowed([candidate], inner.address);
  });
}

/**
 * Do the `inner` policies allow only what `outer` allows, in the given zones (null = any zone)?
 * A policy decision depends only on which policies match a record, so one record of each kind is
 * enough to compare: every exact name, a fresh name below each `*.suffix` and a fresh name
 * elsewhere, each type named plus one named nowhere, in each zone named plus one named nowhere.
 */
export function policiesWithin(inner: readonly RecordPolicy[] | null, outer: readonly RecordPolicy[] | null, zones: readonly string[] | null): boolean {
  if (!outer || outer.length === 0) return true;
  const all = [...(inner ?? []), ...outer];
  const fresh = 'kaja-unnamed-0';
  const names = new Set<string>(['@', fresh]);
  for (const { name } of all) {
    if (name.startsWith('*.')) names.add(`${fresh}.${name.slice(2)}`);
    else if (name !== '*') names.add(name.toLowerCase());
  }
  const types = new Set<string>(['KAJA-UNNAMED-TYPE', ...all.filter((policy) => policy.type !== '*').map((policy) => policy.type.toUpperCase())]);
  const zoneNames = zones ?? [...new Set([`${fresh}.invalid`, ...all.flatMap((policy) => (policy.zone ? [policy.zone.toLowerCase()] : []))])];
  for (const zone of zoneNames) {
    for (const name of names) {
      for (const type of types) {
        const target: RrsetTarget = { zone, name, type };
        if (policiesAllow(inner, target) && !policiesAllow(outer, target)) return false;
      }
    }
  }
  return true;
}

/**
 * The caller's record policies as they apply inside one zone, without zone names (TSIG keys belong
 * to one zone). A policy for every zone gives way to one for this zone with the same name and type,
 * as it does when both carry their zones.
 */
export function policiesForZone(policies: readonly RecordPolicy[] | null, zone: string): RecordPolicy[] | null {
  if (!policies || policies.length === 0) return null;
  const here = policies.filter((policy) => policy.zone?.toLowerCase() === zone.toLowerCase());
  const shadowed = (policy: RecordPolicy) =>
    here.some((other) => other.name.toLowerCase() === policy.name.toLowerCase() && other.type.toUpperCase() === policy.type.toUpperCase());
  const everywhere = policies.filter((policy) => policy.zone === null && !shadowed(policy));
  return [...here, ...everywhere].map((policy) => ({ ...policy, zone: null }));
}

/**
 * The limits of a new API key for a user of `ownerRole`, made by `principal`: what the request
 * leaves out comes from the caller, what it sets must lie within the caller and the owner's role.
 */
export function boundApiKey(principal: Principal, ownerRole: Role, requested: ApiKeyLimits): ApiKeyLimits {
  const details: Record<string, string> = {};
  const beyondRole = requested.scopes.filter((scope) => !covers(roleScopes(ownerRole), scope));
  if (beyondRole.length > 0) details.scopes = `The ${ownerRole} role does not allow ${beyondRole.join(', ')}`;
  const beyondCaller = requested.scopes.filter((scope) => !beyondRole.includes(scope) && !callerCovers(principal, scope));
  if (beyondCaller.length > 0)
    details.scopes = `Not held by the calling ${principal.credential.kind === 'api_key' ? 'key' : 'user'}: ${beyondCaller.join(', ')}`;
  if (principal.credential.kind === 'session') {
    if (Object.keys(details).length > 0) throw refuse(details);
    return requested;
  }

  const caller = principal.credential.apiKey;
  const bounded = { ...requested };
  if (caller.allowedZones) {
    if (!requested.allowedZones) bounded.allowedZones = caller.allowedZones;
    else {
      requested.allowedZones.forEach((zone, index) => {
        if (!caller.allowedZones!.includes(zone)) details[`restrictions.allowed_zones.${index}`] = `${zone} is not among the calling key's zones`;
      });
    }
  }
  if (caller.recordPolicies) {
    if (!requested.recordPolicies?.length) bounded.recordPolicies = caller.recordPolicies;
    else if (!policiesWithin(requested.recordPolicies, caller.recordPolicies, bounded.allowedZones)) {
      details['restrictions.record_policies'] = "These policies allow records the calling key's policies do not";
    }
  }
  if (caller.allowedCidrs) {
    if (!requested.allowedCidrs?.length) bounded.allowedCidrs = caller.allowedCidrs;
    else {
      requested.allowedCidrs.forEach((cidr, index) => {
        if (!cidrWithin(cidr, caller.allowedCidrs!)) details[`restrictions.allowed_cidrs.${index}`] = `${cidr} is not inside the calling key's address ranges`;
      });
    }
  }
  const end = callerEnd(principal);
  if (end) {
    if (!requested.expiresAt) bounded.expiresAt = end;
    else if (requested.expiresAt > end) details.expires_at = `The calling key stops working at ${end.toISOString()}; a key it creates cannot outlive it`;
  }
  if (caller.maxUnusedSeconds !== null) {
    if (requested.maxUnusedSeconds === null) bounded.maxUnusedSeconds = caller.maxUnusedSeconds;
    else if (requested.maxUnusedSeconds > caller.maxUnusedSeconds) {
      details['restrictions.max_unused_seconds'] = `The calling key allows at most ${caller.maxUnusedSeconds} seconds unused`;
    }
  }
  if (Object.keys(details).length > 0) throw refuse(details);
  return bounded;
}

const refuseWider = (what: string) => new ApiError('forbidden', `A credential cannot change or delete one that can do more than itself: ${what}`, { id: what });

/**
 * May `principal` change, rotate or revoke this existing API key? Only when the key is no wider than
 * the caller: scopes, zones, record policies, address ranges, unused time and the end of its life.
 */
export function requireNoWiderApiKey(principal: Principal, ownerRole: Role, key: ApiKeyLimits & { createdAt: Date }): void {
  const ends = [key.expiresAt?.getTime(), key.maxAgeSeconds === null ? undefined : key.createdAt.getTime() + key.maxAgeSeconds * 1000].filter(
    (end) => end !== undefined,
  );
  const asMade = { ...key, expiresAt: ends.length > 0 ? new Date(Math.min(...ends)) : null };
  let bounded: ApiKeyLimits | null = null;
  try {
    bounded = boundApiKey(principal, ownerRole, asMade);
  } catch {
    // Wider in some field: refused below, as a whole.
  }
  const inherited = (['allowedZones', 'recordPolicies', 'allowedCidrs', 'maxUnusedSeconds', 'expiresAt'] as const).some(
    (field) => bounded?.[field] !== asMade[field],
  );
  if (!bounded || inherited) throw refuseWider('This API key can do more than the calling credential: act on it with one at least as wide (e.g. signed in)');
}

/**
 * An existing key rotated by `principal`: the new secret keeps the key's limits, so the key may not
 * be wider than the caller (its lifetime is capped at the caller's).
 */
export function boundRotation(principal: Principal, ownerRole: Role, key: ApiKeyLimits & { createdAt: Date }): ApiKeyLimits {
  requireNoWiderApiKey(principal, ownerRole, key);
  return boundApiKey(principal, ownerRole, key);
}

export interface TsigKeyLimits {
  canUpdate: boolean;
  canTransfer: boolean;
  /** Policies without zones (the key belongs to one zone); null = every record. */
  recordPolicies: RecordPolicy[] | null;
}

/**
 * The permissions of a TSIG key of `zone` made or changed by `principal`. Updates need records:write
 * and transfers records:read (they reveal the whole zone). Record policies left out carry the
 * caller's for this zone. TSIG keys cannot be tied to addresses or a lifetime, so a key with such
 * limits cannot give a TSIG key powers.
 */
export function boundTsigKey(
  principal: Principal,
  zone: string,
  requested: { canUpdate: boolean; canTransfer: boolean; recordPolicies: RecordPolicy[] | null | undefined },
): TsigKeyLimits {
  const details: Record<string, string> = {};
  if (requested.canUpdate && !callerCovers(principal, 'records:write')) details.can_update = 'Signing updates needs the records:write scope';
  if (requested.canTransfer && !callerCovers(principal, 'records:read')) details.can_transfer = 'Zone transfers need the records:read scope';
  let recordPolicies = requested.recordPolicies ?? null;
  if (principal.credential.kind === 'api_key') {
    const caller = principal.credential.apiKey;
    const own = policiesForZone(caller.recordPolicies, zone);
    if (own) {
      if (!requested.recordPolicies?.length) recordPolicies = own;
      else if (!policiesWithin(requested.recordPolicies, own, [zone]))
        details.record_policies = "These policies allow records the calling key's policies do not";
    }
    if ((requested.canUpdate || requested.canTransfer) && (caller.allowedCidrs || callerEnd(principal) || caller.maxUnusedSeconds !== null)) {
      details.key = 'The calling key is limited to address ranges or a lifetime, which a TSIG key cannot carry: use a key without those limits';
    }
  }
  if (Object.keys(details).length > 0) throw refuse(details);
  return { canUpdate: requested.canUpdate, canTransfer: requested.canTransfer, recordPolicies };
}

/**
 * May `principal` change or delete this existing TSIG key of `zone` (or a secondary that transfers with
 * it)? Only when the key is no wider than the caller: the scopes its powers need, record policies within
 * the caller's, and no powers from a caller with address or lifetime limits.
 */
export function requireNoWiderTsigKey(principal: Principal, zone: string, key: TsigKeyLimits): void {
  let bounded: TsigKeyLimits | null = null;
  try {
    bounded = boundTsigKey(principal, zone, key);
  } catch {
    // Wider in some field: refused below, as a whole.
  }
  if (!bounded || bounded.recordPolicies !== key.recordPolicies) {
    throw refuseWider('This TSIG key can do more than the calling credential: act on it with one at least as wide (e.g. signed in)');
  }
}

/**
 * May the caller give a person this role (invitation, new user, role change)? A person signs in
 * with the role's full powers and no restrictions, so the caller needs every scope of the role and
 * no restrictions of its own.
 */
export function requireMayGrantRole(principal: Principal, role: Role): void {
  const missing = roleScopes(role).filter((scope) => !callerCovers(principal, scope));
  if (missing.length > 0) throw refuse({ role: `The ${role} role includes ${missing.join(', ')}, which the caller does not hold` });
  if (principal.credential.kind === 'api_key') {
    const key = principal.credential.apiKey;
    if (key.allowedZones || key.recordPolicies || key.allowedCidrs || callerEnd(principal) || key.maxUnusedSeconds !== null) {
      throw refuse({ role: 'A person has no zone, record, address or lifetime limits: a key with such limits cannot give anyone a role' });
    }
  }
}
