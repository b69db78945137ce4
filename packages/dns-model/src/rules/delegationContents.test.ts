import { describe, expect, it } from 'vitest';
import { delegationContents } from './delegationContents';
import { problem, ruleCheck, set } from './testZone';

const check = ruleCheck(delegationContents);

describe('delegationContents', () => {
  it('refuses records beside the NS of a delegation, and NS at a wildcard', () => {
    expect(check([set('dev', 'NS', 'ns.example.net.')], [set('dev', 'TXT', '"x"')])).toEqual([
      problem('dev', 'TXT', 'type', 'dev.example.com is delegated (it has NS records): only DS records can be beside them, not TXT'),
    ]);
    expect(check([], [set('*', 'NS', 'ns.example.net.')])).toEqual([problem('*', 'NS', 'type', 'NS records cannot be at a wildcard name')]);
  });
});
