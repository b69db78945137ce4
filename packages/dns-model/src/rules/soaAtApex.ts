import type { Rule } from './zoneSets';

/** The SOA is at the root of the zone and nowhere else. */
export const soaAtApex: Rule = (zone, report) => {
  for (const set of zone.rrsets) {
    if (set.type === 'SOA' && set.name !== zone.apex) report(set, 'type', 'SOA records can only be at the root of a domain');
  }
};
