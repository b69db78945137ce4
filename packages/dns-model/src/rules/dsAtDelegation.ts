import type { Rule } from './zoneSets';

/** DS records are at delegation points only (RFC 4035 section 2.4). */
export const dsAtDelegation: Rule = (zone, report) => {
  for (const [name, types] of zone.inside()) {
    const ds = types.get('DS');
    if (!ds || zone.delegations.has(name)) continue;
    report(ds, 'type', 'DS records can only be at a delegation point: a name below the root of the domain with NS records');
    // Reported on the NS set too, so removing a delegation's NS set is refused while its DS stays.
    if (name !== zone.apex) report({ name, type: 'NS' }, 'type', `${name} has DS records, which need the NS records of a delegation`);
  }
};
