import type { Rule } from './zoneSets';

/** Types whose content names a host that needs addresses, and which word of the content that is. */
const TARGETS: [string, number][] = [
  ['MX', 1],
  ['NS', 0],
  ['SRV', 3],
];

/** MX, NS and SRV lead to addresses (RFC 2181 section 10.3): a target in the zone that is a CNAME breaks mail and delegation. */
export const targetsNotCname: Rule = (zone, report) => {
  for (const [name, types] of zone.inside()) {
    for (const [type, index] of TARGETS) {
      const set = types.get(type);
      if (!set) continue;
      for (const content of set.contents) {
        const target = content.split(' ')[index]?.replace(/\.$/, '');
        const there = target !== undefined ? zone.byName.get(target) : undefined;
        if (!there?.has('CNAME')) continue;
        report(set, 'content', `${type} target ${target} is a CNAME: point it at a name with A or AAAA records`);
        report(there.get('CNAME')!, 'type', `${target} is the target of ${type} records at ${name}, so it cannot be a CNAME`);
      }
    }
  }
};
