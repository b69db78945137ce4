import { isSubdomain } from '../name';
import type { Rule } from './zoneSets';

/** A name server inside the name it serves is only reachable through glue: it needs A or AAAA records. */
export const glueForNameServers: Rule = (zone, report) => {
  for (const name of zone.delegations) {
    const ns = zone.byName.get(name)!.get('NS')!;
    for (const content of ns.contents) {
      const target = content.replace(/\.$/, '');
      if (!isSubdomain(target, name)) continue;
      const there = zone.byName.get(target);
      if (there?.has('A') || there?.has('AAAA')) continue;
      const message = `${target} is inside the delegation ${name}, so it needs A or AAAA glue records`;
      report(ns, 'content', message);
      report({ name: target, type: 'A' }, 'type', message);
      report({ name: target, type: 'AAAA' }, 'type', message);
    }
  }
};
