import { describe, expect, it } from 'vitest';
import { dsAtDelegation } from './dsAtDelegation';
import { problem, ruleCheck, set } from './testZone';

const check = ruleCheck(dsAtDelegation);

describe('dsAtDelegation', () => {
  it('refuses a DS where there is no delegation', () => {
    const ds = '12345 13 2 ' + 'ab'.repeat(32);
    const message = 'DS records can only be at a delegation point: a name below the root of the domain with NS records';
    expect(check([], [set('dev', 'DS', ds)])).toEqual([problem('dev', 'DS', 'type', message)]);
    expect(check([set('dev', 'NS', 'ns.example.net.')], [set('dev', 'DS', ds)])).toEqual([]);
  });
});
