import type { Rule } from './zoneSets';

/** RFC 6672 section 2.4: a name has one DNAME at most, and no CNAME beside it. */
export const dnameAlone: Rule = (zone, report) => {
  for (const [name, types] of zone.inside()) {
    const dname = types.get('DNAME');
    if (!dname) continue;
    if (dname.contents.length > 1) report(dname, 'content', 'A DNAME set holds exactly one record: a name can be redirected to only one other name');
    const cname = types.get('CNAME');
    if (cname) {
      report(dname, 'type', `${name} has a CNAME record, so it cannot have a DNAME record`);
      report(cname, 'type', `${name} has a DNAME record, so it cannot have a CNAME record`);
    }
  }
};
