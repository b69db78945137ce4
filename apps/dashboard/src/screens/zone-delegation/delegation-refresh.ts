import type { components } from '@kaja/api-client';

type Delegation = components['schemas']['ZoneDelegation'];

/** A stored result older than this is refreshed in the background when the tab opens. */
const staleAfterMs = 15 * 60_000;

/** Whether the stored result is worth a fresh check: checks on, none under way, and none recent. */
export function isStale(delegation: Delegation, now = Date.now()): boolean {
  if (!delegation.checks_enabled || delegation.check_pending) return false;
  return delegation.checked_at === null || now - Date.parse(delegation.checked_at) > staleAfterMs;
}
