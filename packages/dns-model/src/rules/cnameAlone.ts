import { list, type Rule } from './zoneSets';

const BESIDE_CNAME = new Set(['CNAME', 'RRSIG', 'NSEC']);

/** A CNAME is alone at its name (RFC 1034 section 3.6.2, RFC 2181 section 10.1), one record, and not at the apex. */
export const cnameAlone: Rule = (zone, report) => {
  for (const [name, types] of zone.inside()) {
    const cname = types.get('CNAME');
    if (!cname) continue;
    const rest = [...types.keys()].filter((t) => !BESIDE_CNAME.has(t));
    // The apex always has its SOA and NS records: that the CNAME is not alone there follows from
    // where it is, and is not said again (one message for one mistake).
    if (name === zone.apex) report(cname, 'content', 'CNAME cannot be at the root of a domain');
    else if (rest.length) {
      report(cname, 'type', `A CNAME must be the only record at its name: ${name} already has ${list(rest)} records`);
      for (const t of rest) report(types.get(t)!, 'type', `${name} has a CNAME record, so it cannot have ${t} records`);
    }
    if (cname.contents.length > 1) report(cname, 'content', 'A CNAME set holds exactly one record: a name can alias only one other name');
  }
};
