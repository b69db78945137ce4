import type { Rrset, RrsetProblem } from './rrset';
import { runRules, zoneRules } from './rules/index';

export interface CheckOptions {
  /**
   * The sets a change touched (added, replaced or removed). Only problems of these sets, or of
   * sets they conflict with, are reported, and they must not be platform-managed. Without it,
   * the whole zone is checked as it stands.
   */
  changed?: Iterable<{ name: string; type: string }>;
}

/**
 * Checks the rules of what a customer's zone may hold (RFC 1034, 2181, 4035, 6672 and provider
 * practice, one module per rule in `rules/`) on the zone's sets after a change.
 */
export function checkRrsets(apex: string, rrsets: readonly Rrset[], options: CheckOptions = {}): RrsetProblem[] {
  return runRules(zoneRules, apex, rrsets, options.changed);
}
