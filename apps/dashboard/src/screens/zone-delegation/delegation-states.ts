import type { Delegation } from './delegation-data';

/** The NS state in words: a title and what to do. */
export const nsStates: Record<Delegation['ns_state'], { title: string; help: string }> = {
  unchecked: { title: 'Not checked yet', help: 'The first check runs in a moment.' },
  ours: { title: 'Delegated to Kaja DNS', help: 'The parent zone sends resolvers to our name servers only.' },
  partly: {
    title: 'Partly delegated to Kaja DNS',
    help: 'The parent zone lists our name servers and others: resolvers get different answers depending on the server they ask. Keep only ours at your registrar.',
  },
  elsewhere: {
    title: 'Delegated elsewhere',
    help: 'The parent zone sends resolvers to other name servers. Set ours at your registrar to have this zone answered.',
  },
  unregistered: {
    title: 'Not delegated',
    help: 'The parent zone has no delegation for this name: it is not registered, or has no name servers set. Set ours at your registrar.',
  },
  unknown: { title: 'Could not check', help: 'The parent zone could not be read at the last check; the next check tries again.' },
};

/** The DS state in words. */
export const dsStates: Record<Delegation['ds_state'], { title: string; help: string; broken?: boolean }> = {
  unchecked: { title: 'Not checked yet', help: '' },
  matching: { title: 'DS matches', help: 'The parent publishes a DS record of an active key: resolvers validate the zone’s answers.' },
  missing: {
    title: 'DS missing',
    help: 'The zone is signed, but the parent publishes no DS record: resolvers treat the zone as unsigned. Add a DS record below at your registrar.',
  },
  stale: {
    title: 'DS of a retired key',
    help: 'The parent’s DS record points to a key that no longer signs: validating resolvers fail to resolve the zone. Replace it with a DS record below.',
    broken: true,
  },
  wrong: {
    title: 'DS does not match',
    help: 'The parent’s DS record matches none of the zone’s keys: validating resolvers fail to resolve the zone. Replace it with a DS record below.',
    broken: true,
  },
  unexpected: {
    title: 'DS without signing',
    help: 'The parent publishes a DS record but the zone is not signed (or being turned off): remove the DS record at your registrar, or validating resolvers fail to resolve the zone.',
    broken: true,
  },
  none: { title: 'Not signed, no DS', help: 'The zone is not signed and the parent publishes no DS record: consistent.' },
  unknown: { title: 'Could not check', help: 'The parent zone could not be read at the last check.' },
};
