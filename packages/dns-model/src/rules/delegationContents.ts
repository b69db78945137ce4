import { list, type Rule } from './zoneSets';

const AT_DELEGATION = new Set(['NS', 'DS', 'RRSIG', 'NSEC']);

/** A delegation is not a wildcard and holds only DS beside its NS (RFC 1034 section 4.2.1, RFC 4035). */
export const delegationContents: Rule = (zone, report) => {
  for (const name of zone.delegations) {
    const types = zone.byName.get(name)!;
    const ns = types.get('NS')!;
    if (name.startsWith('*.')) report(ns, 'type', 'NS records cannot be at a wildcard name');
    const rest = [...types.keys()].filter((t) => !AT_DELEGATION.has(t));
    if (rest.length === 0) continue;
    report(ns, 'type', `${name} cannot be delegated while it has ${list(rest)} records: only DS records can be beside NS`);
    for (const t of rest) report(types.get(t)!, 'type', `${name} is delegated (it has NS records): only DS records can be beside them, not ${t}`);
  }
};
