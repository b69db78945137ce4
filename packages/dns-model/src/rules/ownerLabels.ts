import type { Rule } from './zoneSets';

/** Owner names customers may use: the labels `parseOwnerName` accepts. */
const OWNER = /^(([a-z0-9_-]+|\*)\.)*([a-z0-9_-]+|\*)$/;

/**
 * Owner names are letters, digits, hyphens and underscores in labels, or `*`: a wildcard as the
 * leftmost label, an ordinary label elsewhere (RFC 4592 section 2.1.1).
 */
export const ownerLabels: Rule = (zone, report) => {
  for (const set of zone.rrsets) {
    if (!zone.touched(set.name, set.type) || OWNER.test(set.name)) continue;
    report(set, 'name', `${set.name} may only contain letters, digits, hyphens and underscores in its labels (a label may also be *)`);
  }
};
