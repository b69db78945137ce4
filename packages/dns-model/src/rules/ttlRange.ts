import { ttlProblem } from '../rrset';
import type { Rule } from './zoneSets';

/** TTLs from a minute to a week. */
export const ttlRange: Rule = (zone, report) => {
  for (const set of zone.rrsets) {
    if (!zone.touched(set.name, set.type)) continue;
    const problem = ttlProblem(set.ttl);
    if (problem) report(set, 'ttl', problem);
  }
};
