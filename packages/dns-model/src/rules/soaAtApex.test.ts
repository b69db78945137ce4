import { describe, expect, it } from 'vitest';
import { soaAtApex } from './soaAtApex';
import { problem, ruleCheck, set } from './testZone';

const check = ruleCheck(soaAtApex);

describe('soaAtApex', () => {
  it('refuses an SOA below the apex', () => {
    expect(check([], [set('www', 'SOA', 'ns1.example.net. h.example.com. 1 2 3 4 5')])).toEqual([
      problem('www', 'SOA', 'type', 'SOA records can only be at the root of a domain'),
    ]);
  });
});
