import { describe, expect, it } from 'vitest';
import { recordTypeKnown } from './recordTypeKnown';
import { problem, ruleCheck, set } from './testZone';

const check = ruleCheck(recordTypeKnown);

describe('recordTypeKnown', () => {
  it('refuses a set without a type or with an unknown one', () => {
    expect(check([], [set('www', '', '192.0.2.1')])).toEqual([problem('www', '', 'type', 'Record type is required')]);
    expect(check([], [set('www', 'FOO', 'x')])).toEqual([problem('www', 'FOO', 'type', 'Unknown record type FOO')]);
  });
});
