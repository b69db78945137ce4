import type { Rule } from './zoneSets';

/** RFC 6672 section 2.4: the names below a DNAME are all redirected, so none of them can hold records. */
export const belowDname: Rule = (zone, report) => {
  for (const [name, types] of zone.inside()) {
    const owner = zone.dnameAbove(name);
    if (!owner) continue;
    for (const set of types.values()) {
      report(set, 'name', `${name} is below the DNAME at ${owner}, which redirects every name below it: it cannot have ${set.type} records`);
      report(zone.byName.get(owner)!.get('DNAME')!, 'name', `A DNAME at ${owner} would hide ${set.type} records at ${name} below it`);
    }
  }
};
