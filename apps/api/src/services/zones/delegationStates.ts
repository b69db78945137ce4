import type { DsDelegationState, DnssecState, NsDelegationState } from '@kaja/db';

/** A host name as compared: lowercase, without the trailing dot. */
export const hostKey = (name: string) => name.toLowerCase().replace(/\.$/, '');

/**
 * The parent's NS set against ours: `ours` when every name it delegates to is ours (all of them or
 * a part: resolvers only ever reach us), `partly` with ours and others mixed, `elsewhere` with
 * none of ours, `unregistered` when it delegates nothing.
 */
export function nsStateOf(parentNs: readonly string[] | null, ours: readonly string[]): NsDelegationState {
  if (parentNs === null || parentNs.length === 0) return 'unregistered';
  const own = new Set(ours.map(hostKey));
  const mine = parentNs.filter((name) => own.has(hostKey(name))).length;
  if (mine === parentNs.length) return 'ours';
  return mine > 0 ? 'partly' : 'elsewhere';
}

/** A delegation to any of our name servers: only the holder of the name at its registrar can set it. */
export const pointsToUs = (state: NsDelegationState) => state === 'ours' || state === 'partly';

/** A DS record as compared: its fields, digest in uppercase (presentation of RFC 4034 allows either case and spaces). */
export function dsKey(content: string): string {
  const [keyTag = '', algorithm = '', digestType = '', ...digest] = content.trim().split(/\s+/);
  return `${Number(keyTag)} ${Number(algorithm)} ${Number(digestType)} ${digest.join('').toUpperCase()}`;
}

export interface ExpectedDs {
  /** DS contents of the active KSKs (every digest type we offer). */
  active: readonly string[];
  /** DS contents of KSKs still published but no longer signing. */
  retired: readonly string[];
}

/**
 * The parent's DS set against the zone's keys. A signed zone (`active`) needs a DS of an active
 * KSK: `matching` when one is there (validators need only one), `stale` when the set only names
 * keys that no longer sign, `wrong` when it names no key of ours, `missing` when empty. A zone
 * not signed (or being turned off, or whose keys are not made yet) must have none: `unexpected`
 * otherwise, `none` when empty.
 */
export function dsStateOf(parentDs: readonly string[], dnssecState: DnssecState, expected: ExpectedDs): DsDelegationState {
  if (dnssecState !== 'active') return parentDs.length === 0 ? 'none' : 'unexpected';
  if (parentDs.length === 0) return 'missing';
  const active = new Set(expected.active.map(dsKey));
  const retired = new Set(expected.retired.map(dsKey));
  const keys = parentDs.map(dsKey);
  if (keys.some((key) => active.has(key))) return 'matching';
  if (keys.some((key) => retired.has(key))) return 'stale';
  return 'wrong';
}

/** DS states that break validation of a signed zone: the owners hear of each change into one. */
export const brokenDsStates: ReadonlySet<DsDelegationState> = new Set(['missing', 'stale', 'wrong']);
