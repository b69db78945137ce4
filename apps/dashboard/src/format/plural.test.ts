import { describe, expect, it } from 'vitest';
import { countOf, pluralOf } from './plural';

describe('plurals', () => {
  it('says one thing in the singular and every other count in the plural', () => {
    expect([0, 1, 2, 1985].map((count) => countOf(count, 'record set'))).toEqual(['0 record sets', '1 record set', '2 record sets', '1,985 record sets']);
    expect([countOf(1, 'record policy', 'record policies'), countOf(3, 'record policy', 'record policies')]).toEqual(['1 record policy', '3 record policies']);
    expect([pluralOf(1, 'has', 'have'), pluralOf(2, 'has', 'have')]).toEqual(['has', 'have']);
  });
});
