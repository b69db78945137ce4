import { describe, expect, it } from 'vitest';
import { oneSetPerType } from './oneSetPerType';
import { problem, ruleCheck, set } from './testZone';

const check = ruleCheck(oneSetPerType);

describe('oneSetPerType', () => {
  it('refuses a second set of the same name and type', () => {
    expect(check([set('www', 'A', '192.0.2.1')], [set('www', 'A', '192.0.2.2')])).toEqual([
      problem('www', 'A', 'type', 'www.example.com already has a A set: records with the same name and type form one set'),
    ]);
  });
});
