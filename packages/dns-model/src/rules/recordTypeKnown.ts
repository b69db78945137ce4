import { ValidationError } from '../errors';
import { recordType } from '../types/index';
import type { Rule } from './zoneSets';

/** Every set has a type, and one with a name or a TYPEnnn code. */
export const recordTypeKnown: Rule = (zone, report) => {
  for (const set of zone.rrsets) {
    if (set.type === '') {
      report(set, 'type', 'Record type is required');
      continue;
    }
    try {
      recordType(set.type);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      report(set, 'type', error.message);
    }
  }
};
