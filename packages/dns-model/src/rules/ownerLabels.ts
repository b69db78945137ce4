import type { Rule } from './zoneSets';

/** Owner names customers may use: the labels `parseOwnerName` accepts. */
const OWNER = /^(\*\.)?([a-z0-9_-]+\.)*[a-z0-9_-]+$|^\*$/;

/** Owner names are letters, digits, hyphens and underscores, with `*` only as the leftmost label. */
export const ownerLabels: Rule = (zone, report) => {
  for (const set of zone.rrsets) {
    if (!zone.touched(set.name, set.type) || OWNER.test(set.name)) continue;
    report(set, 'name', `${set.name} may only contain letters, digits, hyphens and underscores in its labels (and * as the leftmost label)`);
  }
};
