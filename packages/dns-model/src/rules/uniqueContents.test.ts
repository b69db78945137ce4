import { describe, expect, it } from 'vitest';
import { uniqueContents } from './uniqueContents';
import { problem, ruleCheck, set } from './testZone';

const check = ruleCheck(uniqueContents);

describe('uniqueContents', () => {
  it('refuses a record twice in a set', () => {
    expect(check([], [set('www', 'A', '192.0.2.1', '192.0.2.1')])).toEqual([problem('www', 'A', 'content', 'Duplicate content 192.0.2.1')]);
  });
});
