import { ValidationError } from '../errors';
import { MAX_RECORDS_PER_RRSET, MAX_RRSET_OCTETS } from '../rrset';
import { recordType } from '../types/index';
import type { Rule } from './zoneSets';

/** A set holds at least one and at most 100 records, and at most 64 KiB of rdata. */
export const setSize: Rule = (zone, report) => {
  for (const set of zone.rrsets) {
    if (!zone.touched(set.name, set.type)) continue;
    if (set.contents.length === 0) report(set, 'content', 'Content is required');
    if (set.contents.length > MAX_RECORDS_PER_RRSET) {
      report(set, 'content', `A set holds at most ${MAX_RECORDS_PER_RRSET} records, not ${set.contents.length}`);
    }
    // No presentation text is more than 8 times shorter than its rdata ("::" is 16 octets), so
    // only sets near the limit need their exact wire size.
    const textLength = set.contents.reduce((n, c) => n + c.length, 0);
    if (textLength * 8 + set.contents.length * 16 <= MAX_RRSET_OCTETS) continue;
    let octets = 0;
    try {
      const type = recordType(set.type);
      for (const content of set.contents) octets += type.toWire(content).length;
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      report(set, 'content', error.message);
      continue;
    }
    if (octets > MAX_RRSET_OCTETS) report(set, 'content', 'The records of a set can hold at most 64 KiB of data together');
  }
};
