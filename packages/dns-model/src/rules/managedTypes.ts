import { managedTypeProblem } from '../rrset';
import type { Rule } from './zoneSets';

/** A change does not write the sets only the platform writes (SOA, DNSSEC, NS at the apex). */
export const managedTypes: Rule = (zone, report) => {
  if (!zone.partial) return;
  for (const set of zone.rrsets) {
    if (!zone.touched(set.name, set.type)) continue;
    const problem = managedTypeProblem(zone.apex, set.name, set.type);
    if (problem) report(set, 'type', problem);
  }
};
