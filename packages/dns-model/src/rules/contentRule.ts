import type { Rule } from './zoneSets';

/**
 * A rule about single records of some types: good practice for what customers write (a null MX
 * has priority 0, an MX points at a host name...), which the zone-file reader does not impose.
 */
export interface ContentRule {
  types: readonly string[];
  /** The problem with one record's canonical content, if it has one. */
  check(content: string, type: string): string | undefined;
}

/** Runs a content rule on the records of the sets a change touched. */
export function ofContents(rule: ContentRule): Rule {
  return (zone, report) => {
    for (const set of zone.rrsets) {
      if (!rule.types.includes(set.type) || !zone.touched(set.name, set.type)) continue;
      for (const content of set.contents) {
        const problem = rule.check(content, set.type);
        if (problem) report(set, 'content', problem);
      }
    }
  };
}
