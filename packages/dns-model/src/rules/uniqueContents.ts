import type { Rule } from './zoneSets';

/** A set holds each record once. */
export const uniqueContents: Rule = (zone, report) => {
  for (const set of zone.rrsets) {
    if (!zone.touched(set.name, set.type)) continue;
    const seen = new Set<string>();
    for (const content of set.contents) {
      if (seen.has(content)) report(set, 'content', `Duplicate content ${content}`);
      seen.add(content);
    }
  }
};
