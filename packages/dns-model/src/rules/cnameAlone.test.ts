import { describe, expect, it } from 'vitest';
import { cnameAlone } from './cnameAlone';
import { problem, ruleCheck, set } from './testZone';

const check = ruleCheck(cnameAlone);

describe('cnameAlone', () => {
  it('refuses a CNAME beside other records, and at the apex', () => {
    expect(check([set('www', 'A', '192.0.2.1')], [set('www', 'CNAME', 'example.com.')])).toEqual([
      problem('www', 'CNAME', 'type', 'A CNAME must be the only record at its name: www.example.com already has A records'),
    ]);
    expect(check([], [set('', 'CNAME', 'other.example.net.')])).toEqual([problem('', 'CNAME', 'content', 'CNAME cannot be at the root of a domain')]);
  });
});
