import { describe, expect, it } from 'vitest';
import { belowDname } from './belowDname';
import { problem, ruleCheck, set } from './testZone';

const check = ruleCheck(belowDname);

describe('belowDname', () => {
  it('refuses records below a DNAME, whichever is written first', () => {
    expect(check([set('old', 'DNAME', 'new.example.net.')], [set('www.old', 'A', '192.0.2.1')])).toEqual([
      problem(
        'www.old',
        'A',
        'name',
        'www.old.example.com is below the DNAME at old.example.com, which redirects every name below it: it cannot have A records',
      ),
    ]);
    expect(check([set('a.b.old', 'TXT', '"x"')], [set('old', 'DNAME', 'new.example.net.')])).toEqual([
      problem('old', 'DNAME', 'name', 'A DNAME at old.example.com would hide TXT records at a.b.old.example.com below it'),
    ]);
    // A DNAME at the apex redirects the names below it too.
    expect(check([set('', 'DNAME', 'example.net.')], [set('www', 'A', '192.0.2.1')])).toHaveLength(1);
  });
});
