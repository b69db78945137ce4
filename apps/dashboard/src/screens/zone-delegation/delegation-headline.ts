import type { Delegation } from './delegation-data';
import { dsStates } from './delegation-states';

export type Headline = {
  title: string;
  description: string;
  /** `ok`: nothing to do; `attention`: something to set at the registrar; `error`: resolvers fail. */
  tone: 'neutral' | 'ok' | 'attention' | 'error';
};

/** Whether the parent's answer at the last check can be held against what it should say. */
export const parentRead = (delegation: Delegation) =>
  delegation.checks_enabled && delegation.checked_at !== null && delegation.ns_state !== 'unchecked' && delegation.ns_state !== 'unknown';

/**
 * The one state the Delegation tab leads with. Exactly one applies: checks off, not checked yet,
 * could not check, then what the parent said (a DS that breaks validation before a delegation
 * that is otherwise fine). Whether the zone is `pending` or `active` is the zone's status, shown
 * beside it, not a claim about the parent.
 */
export function delegationHeadline(delegation: Delegation): Headline {
  if (!delegation.checks_enabled) {
    return {
      title: 'Delegation not checked',
      description:
        'This platform does not read parent zones, so it cannot tell what your registrar has set. The zone is served already: set the name servers below at your registrar.',
      tone: 'neutral',
    };
  }
  if (delegation.ns_state === 'unchecked') {
    return {
      title: 'Not checked yet',
      description: delegation.check_pending
        ? 'The parent zone is being asked now; its answer shows here in a moment.'
        : 'The first check of the parent zone runs in a moment.',
      tone: 'neutral',
    };
  }
  if (delegation.ns_state === 'unknown') {
    return {
      title: 'Could not check',
      description: 'The parent zone could not be read at the last check; what it said before is shown below. The next check tries again.',
      tone: 'attention',
    };
  }
  const delegatedToUs = delegation.ns_state === 'ours' || delegation.ns_state === 'partly';
  const ds = dsStates[delegation.ds_state];
  if (delegatedToUs && ds.broken) return { title: ds.title, description: ds.help, tone: 'error' };
  switch (delegation.ns_state) {
    case 'ours':
      return delegation.ds_state === 'missing'
        ? { title: 'Delegated to Kaja DNS, DS missing', description: dsStates.missing.help, tone: 'attention' }
        : { title: 'Delegated to Kaja DNS', description: 'The parent zone sends resolvers to our name servers only.', tone: 'ok' };
    case 'partly':
      return {
        title: 'Partly delegated to Kaja DNS',
        description:
          'The parent zone lists our name servers and others: resolvers get different answers depending on the server they ask. Keep only ours at your registrar.',
        tone: 'attention',
      };
    case 'elsewhere':
      return {
        title: 'Not delegated to Kaja DNS',
        description: 'The parent zone sends resolvers to other name servers. Set ours at your registrar to have this zone answered.',
        tone: 'attention',
      };
    default:
      return {
        title: 'Not delegated',
        description: 'The parent zone has no delegation for this name: it is not registered, or has no name servers set. Set ours at your registrar.',
        tone: 'attention',
      };
  }
}
