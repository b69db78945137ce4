import { describe, expect, it } from 'vitest';
import { dnameAlone } from './dnameAlone';
import { problem, ruleCheck, set } from './testZone';

const check = ruleCheck(dnameAlone);

describe('dnameAlone', () => {
  it('refuses a CNAME beside a DNAME, and two DNAMEs at a name', () => {
    expect(check([set('old', 'CNAME', 'example.net.')], [set('old', 'DNAME', 'new.example.net.')])).toEqual([
      problem('old', 'DNAME', 'type', 'old.example.com has a CNAME record, so it cannot have a DNAME record'),
    ]);
    expect(check([set('old', 'DNAME', 'new.example.net.')], [set('old', 'CNAME', 'example.net.')])).toEqual([
      problem('old', 'CNAME', 'type', 'old.example.com has a DNAME record, so it cannot have a CNAME record'),
    ]);
    expect(check([], [set('old', 'DNAME', 'a.example.net.', 'b.example.net.')])).toEqual([
      problem('old', 'DNAME', 'content', 'A DNAME set holds exactly one record: a name can be redirected to only one other name'),
    ]);
    expect(check([set('old', 'TXT', '"moved"')], [set('old', 'DNAME', 'new.example.net.')])).toEqual([]);
  });
});
