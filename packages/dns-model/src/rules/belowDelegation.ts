import type { Rule } from './zoneSets';

const GLUE = new Set(['A', 'AAAA']);

/** Below a delegation the zone holds only glue: the child zone answers for everything else. */
export const belowDelegation: Rule = (zone, report) => {
  for (const [name, types] of zone.inside()) {
    const cut = zone.cutAbove(name);
    if (!cut) continue;
    for (const set of types.values()) {
      if (GLUE.has(set.type)) continue;
      report(set, 'name', `${name} is below the delegation ${cut}: only A and AAAA glue records can be there, not ${set.type}`);
      report(zone.byName.get(cut)!.get('NS')!, 'name', `Delegating ${cut} would hide ${set.type} records at ${name} below it`);
    }
  }
};
