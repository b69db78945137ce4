import { isSubdomain } from '../name';
import type { Rule } from './zoneSets';

/** Every owner name is the zone's name or below it. */
export const insideZone: Rule = (zone, report) => {
  for (const [name, types] of zone.byName) {
    if (isSubdomain(name, zone.apex)) continue;
    for (const set of types.values()) report(set, 'name', `${name || '.'} is not inside the zone ${zone.apex}`);
  }
};
