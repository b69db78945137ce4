import { describe, expect, it } from 'vitest';
import { belowDelegation } from './belowDelegation';
import { problem, ruleCheck, set } from './testZone';

const check = ruleCheck(belowDelegation);

describe('belowDelegation', () => {
  it('refuses records below a delegation other than glue', () => {
    expect(check([set('dev', 'NS', 'ns.example.net.')], [set('www.dev', 'CNAME', 'example.com.')])).toEqual([
      problem('www.dev', 'CNAME', 'name', 'www.dev.example.com is below the delegation dev.example.com: only A and AAAA glue records can be there, not CNAME'),
    ]);
    expect(check([set('dev', 'NS', 'ns1.dev.example.com.')], [set('ns1.dev', 'A', '192.0.2.53')])).toEqual([]);
  });
});
