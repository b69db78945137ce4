import { describe, expect, it } from 'vitest';
import { setSize } from './setSize';
import { problem, ruleCheck, set } from './testZone';

const check = ruleCheck(setSize);

describe('setSize', () => {
  it('refuses a set of more than 100 records, or of none', () => {
    const many = Array.from({ length: 101 }, (_, i) => `"token-${i}"`);
    expect(check([], [set('_acme', 'TXT', ...many)])).toEqual([problem('_acme', 'TXT', 'content', 'A set holds at most 100 records, not 101')]);
    expect(check([], [set('www', 'A')])).toEqual([problem('www', 'A', 'content', 'Content is required')]);
  });
});
