import type { Rule } from './zoneSets';

/** Records of one name and type form one set (RFC 2181 section 5). */
export const oneSetPerType: Rule = (zone, report) => {
  for (const set of zone.repeated) {
    report(set, 'type', `${set.name} already has a ${set.type} set: records with the same name and type form one set`);
  }
};
