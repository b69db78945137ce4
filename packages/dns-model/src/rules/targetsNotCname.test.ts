import { describe, expect, it } from 'vitest';
import { targetsNotCname } from './targetsNotCname';
import { problem, ruleCheck, set } from './testZone';

const check = ruleCheck(targetsNotCname);

describe('targetsNotCname', () => {
  it('refuses an MX pointing at a CNAME', () => {
    expect(check([set('mail', 'CNAME', 'mx.example.net.')], [set('', 'MX', '10 mail.example.com.')])).toEqual([
      problem('', 'MX', 'content', 'MX target mail.example.com is a CNAME: point it at a name with A or AAAA records'),
    ]);
  });
});
