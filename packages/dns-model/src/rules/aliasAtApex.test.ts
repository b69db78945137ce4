import { describe, expect, it } from 'vitest';
import { aliasAtApex } from './aliasAtApex';
import { problem, ruleCheck, set } from './testZone';

const check = ruleCheck(aliasAtApex);

describe('aliasAtApex', () => {
  it('refuses an ALIAS below the apex', () => {
    expect(check([], [set('www', 'ALIAS', 'lb.example.net.')])).toEqual([
      problem('www', 'ALIAS', 'type', 'ALIAS records can only be at the root of a domain: use a CNAME below it'),
    ]);
    expect(check([], [set('', 'ALIAS', 'lb.example.net.')])).toEqual([]);
  });
});
