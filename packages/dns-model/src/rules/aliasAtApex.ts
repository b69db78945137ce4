import { list, type Rule } from './zoneSets';

const ADDRESSES = new Set(['A', 'AAAA']);

/** ALIAS is at the apex only, one record, and not beside the A and AAAA the server answers from it. */
export const aliasAtApex: Rule = (zone, report) => {
  for (const [name, types] of zone.inside()) {
    const alias = types.get('ALIAS');
    if (!alias) continue;
    if (name !== zone.apex) report(alias, 'type', 'ALIAS records can only be at the root of a domain: use a CNAME below it');
    const addresses = [...types.keys()].filter((t) => ADDRESSES.has(t));
    if (addresses.length) {
      report(alias, 'type', `ALIAS cannot be beside ${list(addresses)} records at ${name}: the server answers them from the ALIAS target`);
      for (const t of addresses) report(types.get(t)!, 'type', `${name} has an ALIAS record, so it cannot have ${t} records`);
    }
    if (alias.contents.length > 1) report(alias, 'content', 'An ALIAS set holds exactly one record');
  }
};
